import { schoolYearOf } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import * as repo from './discipline.repo.ts';
import { applyLine } from './points.ts';

export interface LedgerLineInput {
  unitId: number;
  studentId: number;
  /** the day the line belongs to; its school year is the ledger's year */
  date: string;
  /** violation, remission, achievement, adjustment, or another module's own source such as 'prayer' */
  source: string;
  /** signed: positive adds violation points, negative takes them off (cut so the balance stays >= 0) */
  points: number;
  /** the record of the source the line comes from; one line per source and reference */
  refId?: number | null;
  note?: string | null;
  createdByUserId?: number | null;
}

export interface LedgerLineResult {
  lineId: number;
  /** the points the line really carries */
  points: number;
  balance: number;
  proposedSanctionIds: number[];
}

/**
 * The one way to change a student's point balance: writes one ledger line and, in the same transaction,
 * proposes the sanction of the highest threshold the balance crosses that is not given yet (points.ts: one
 * proposal per line) and releases the thresholds a remission falls below. Call it with the transaction of the change it belongs to. Other modules (a prayer or BTQ feature)
 * call it with their own source, without a violation record.
 */
export async function addLedgerLine(tx: Executor, input: LedgerLineInput): Promise<LedgerLineResult> {
  await repo.lockStudentLedger(tx, input.studentId);
  const schoolYear = schoolYearOf(input.date).tapel;
  // one after another: a transaction's client runs one query at a time
  const balance = await repo.yearBalance(tx, input.studentId, schoolYear);
  const thresholds = await repo.listThresholds(tx, input.unitId, true);
  const live = await repo.liveThresholdIds(tx, input.studentId, schoolYear);
  const effect = applyLine({ balance, points: input.points, source: input.source, thresholds, live });
  const lineId = await repo.insertLedgerLine(tx, {
    unitId: input.unitId,
    studentId: input.studentId,
    schoolYear,
    date: input.date,
    source: input.source,
    points: effect.points,
    refId: input.refId ?? null,
    note: input.note ?? null,
    createdByUserId: input.createdByUserId ?? null,
  });
  await repo.releaseSanctions(
    tx,
    input.studentId,
    schoolYear,
    effect.release.map((t) => t.id),
  );
  const proposedSanctionIds: number[] = [];
  for (const t of effect.propose) {
    const id = await repo.insertProposal(tx, {
      unitId: input.unitId,
      studentId: input.studentId,
      schoolYear,
      thresholdId: t.id,
      thresholdPoints: t.points,
      kind: t.kind,
      title: t.title,
      balance: effect.after,
      ledgerLineId: lineId,
      // the day of a sanction (its recap month, its list's date filter) is on MMS's clock, never the database's
      createdAt: clock.now(),
    });
    if (id !== null) proposedSanctionIds.push(id);
  }
  return { lineId, points: effect.points, balance: effect.after, proposedSanctionIds };
}
