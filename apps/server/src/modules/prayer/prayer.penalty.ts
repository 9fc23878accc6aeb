import { monthOf, thresholdExceeded } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import { addLedgerLine } from '../discipline/ledger.ts';
import * as repo from './prayer.repo.ts';

export interface AppliedPenalty {
  studentId: number;
  month: string;
  absences: number;
  threshold: number;
  points: number;
  ledgerLineId: number;
}

/**
 * The unit's threshold rule for one student after an absence on `date` was saved (call it in the same
 * transaction, after taking the student's prayer lock): when the month's absences are more than the threshold
 * and the month has no penalty yet, records the penalty (unique per student and month) and adds ONE ledger line
 * (source 'prayer', refId = the penalty). Returns it, or null when nothing is due.
 */
export async function applyPrayerThreshold(
  tx: Executor,
  v: { unitId: number; studentId: number; date: string; userId: number | null },
): Promise<AppliedPenalty | null> {
  const rule = await repo.ruleOf(tx, v.unitId);
  if (!rule?.isActive) return null;
  const month = v.date.slice(0, 7);
  const { from, to } = monthOf(month);
  const absences = await repo.absencesInMonth(tx, v.studentId, from, to);
  if (!thresholdExceeded(absences, rule.threshold)) return null;
  const penaltyId = await repo.insertPenalty(tx, {
    unitId: v.unitId,
    studentId: v.studentId,
    month,
    absences,
    threshold: rule.threshold,
    points: rule.points,
  });
  if (penaltyId === null) return null;
  const line = await addLedgerLine(tx, {
    unitId: v.unitId,
    studentId: v.studentId,
    date: v.date,
    source: 'prayer',
    points: rule.points,
    refId: penaltyId,
    note: `Tidak salat ${absences} kali pada bulan ${month} (batas ${rule.threshold})`,
    createdByUserId: v.userId,
  });
  await repo.setPenaltyLine(tx, penaltyId, line.lineId);
  return {
    studentId: v.studentId,
    month,
    absences,
    threshold: rule.threshold,
    points: line.points,
    ledgerLineId: line.lineId,
  };
}
