import type { AuthUser, Psychotest, PsychotestsQuery, PsychotestSummary, PsychotestValues } from '@mms/shared';
import type { Database, Transaction } from '../../db/client.ts';
import { audit, audited, type AuditActor } from '../../lib/audit.ts';
import { clock } from '../../lib/clock.ts';
import { actorOfUser } from '../../lib/actor.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { assertSupported, fileStore, normalise } from '../../lib/uploads.ts';
import { access } from '../access/access.service.ts';
import { assertCounsellor } from './counselling.access.ts';
import { studentsForWrite } from './counselling-students.ts';
import * as repo from './psychotest.repo.ts';

const toSummary = ({ attachment, updatedAt, ...row }: repo.PsychotestRow): PsychotestSummary => ({
  ...row,
  hasAttachment: attachment !== null,
  updatedAt: updatedAt.toISOString(),
});

const toDetail = (row: repo.PsychotestDetailRow): Psychotest => ({
  ...toSummary(row),
  scores: row.scores,
  interpretation: row.interpretation,
  recommendation: row.recommendation,
  attachment: row.attachment
    ? { name: row.attachment.name, mime: row.attachment.mime, size: row.attachment.size }
    : null,
});

/** The audit log keeps who, which student, which test and its kind; never the scores or their reading. */
const auditable = (v: PsychotestValues) => ({
  studentId: v.studentId,
  date: v.date,
  instrument: v.instrument,
  testName: v.testName,
  provider: v.provider ?? null,
  sharedWithStudent: v.sharedWithStudent,
});

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' };

/** Psychological test results (hasil tes psikologi): confidential like counselling notes. */
export function createPsychotestService(db: Database, dataDir: string) {
  const files = fileStore(dataDir, 'psychotest');

  async function list(user: AuthUser, q: PsychotestsQuery) {
    const page = await repo.listPsychotests(
      db,
      { ...q, unitId: await access.scopeUnit(db, actorOfUser(user), q.unitId) },
      q,
    );
    return { ...page, items: page.items.map(toSummary) };
  }

  /** A result's detail for BPBK and the principal of its unit; every read audited with the read. */
  async function get(user: AuthUser, id: number, actor: AuditActor) {
    return db.transaction(async (tx) => {
      await access.require(tx, actorOfUser(user), 'read', 'psychotest', id);
      const row = await repo.findPsychotest(tx, id);
      if (!row) throw notFound('Hasil tes psikologi');
      await audit(tx, actor, {
        action: 'counselling.psychotest.read',
        entityType: 'psychotest',
        entityId: id,
        after: { studentId: row.studentId, unitId: row.unitId },
      });
      return toDetail(row);
    });
  }

  const valuesOf = (v: PsychotestValues) => ({
    date: v.date,
    instrument: v.instrument,
    testName: v.testName,
    provider: v.provider ?? null,
    scores: v.scores.map((s) => ({ scale: s.scale, score: s.score, category: s.category ?? null })),
    interpretation: v.interpretation ?? null,
    recommendation: v.recommendation ?? null,
    sharedWithStudent: v.sharedWithStudent,
  });

  function assertDate(date: string) {
    if (date > clock.today()) {
      const message = 'Tanggal tes tidak boleh setelah hari ini';
      throw badRequest(message, { date: message });
    }
  }

  async function summaryOf(id: number) {
    return toSummary((await repo.findPsychotest(db, id))!);
  }

  async function create(user: AuthUser, input: PsychotestValues, actor: AuditActor) {
    const { unitId } = assertCounsellor(user);
    assertDate(input.date);
    const id = await db.transaction(async (tx) => {
      const [student] = await studentsForWrite(tx, user, [input.studentId], 'studentId');
      return audited(
        tx,
        actor,
        { action: 'counselling.psychotest.create', entityType: 'psychotest', after: auditable(input) },
        () =>
          repo.insertPsychotest(tx, {
            unitId,
            studentId: input.studentId,
            classGroupId: student!.classGroupId,
            recordedByUserId: user.id,
            ...valuesOf(input),
          }),
      );
    });
    return summaryOf(id);
  }

  /** The live result, locked, for a BPBK of its unit (the psychotest rule's `write`; an unknown id is a 404 first). */
  async function lockForWrite(tx: Transaction, user: AuthUser, id: number) {
    const before = await repo.lockPsychotest(tx, id);
    if (!before) throw notFound('Hasil tes psikologi');
    await access.require(tx, actorOfUser(user), 'write', 'psychotest', id);
    return { before };
  }

  async function update(user: AuthUser, id: number, input: PsychotestValues, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const { before } = await lockForWrite(tx, user, id);
      assertDate(input.date);
      const [student] = await studentsForWrite(tx, user, [input.studentId], 'studentId');
      await audited(
        tx,
        actor,
        {
          action: 'counselling.psychotest.update',
          entityType: 'psychotest',
          entityId: id,
          before: { studentId: before.studentId },
          after: { ...auditable(input), contentChanged: true },
        },
        () =>
          repo.updatePsychotest(tx, id, {
            studentId: input.studentId,
            ...(input.studentId === before.studentId ? {} : { classGroupId: student!.classGroupId }),
            ...valuesOf(input),
          }),
      );
    });
    return summaryOf(id);
  }

  async function remove(user: AuthUser, id: number, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const { before } = await lockForWrite(tx, user, id);
      await audited(
        tx,
        actor,
        {
          action: 'counselling.psychotest.delete',
          entityType: 'psychotest',
          entityId: id,
          before: { studentId: before.studentId },
          after: null,
        },
        () => repo.softDeletePsychotest(tx, id, user.id),
      );
    });
    return { ok: true as const };
  }

  /** Attaches the report file (JPG, PNG or PDF, sniffed; images re-encoded), replacing the one before. */
  async function attach(user: AuthUser, id: number, file: { name: string; data: Buffer }, actor: AuditActor) {
    // refuse a stranger's result before decoding the file; the transaction checks again before it writes
    await db.transaction((tx) => lockForWrite(tx, user, id));
    const mime = assertSupported(file.data);
    const data = await normalise(file.data, mime);
    const path = await files.save(data);
    const name =
      file.name
        .replace(/[^\p{L}\p{N}._ -]/gu, '_')
        .slice(0, 100)
        .trim() || `hasil-tes.${EXTENSIONS[mime]}`;
    let replaced: string | null = null;
    try {
      await db.transaction(async (tx) => {
        const { before } = await lockForWrite(tx, user, id);
        replaced = before.attachment?.path ?? null;
        await audited(
          tx,
          actor,
          {
            action: 'counselling.psychotest.attach',
            entityType: 'psychotest',
            entityId: id,
            after: { studentId: before.studentId, name, mime, size: data.length },
          },
          () => repo.setAttachment(tx, id, { path, name, mime, size: data.length }),
        );
      });
    } catch (err) {
      await files.remove(path);
      throw err;
    }
    if (replaced) await files.remove(replaced);
    return summaryOf(id);
  }

  async function detach(user: AuthUser, id: number, actor: AuditActor) {
    const gone = await db.transaction(async (tx) => {
      const { before } = await lockForWrite(tx, user, id);
      if (!before.attachment) throw notFound('Lampiran');
      await audited(
        tx,
        actor,
        {
          action: 'counselling.psychotest.detach',
          entityType: 'psychotest',
          entityId: id,
          before: { studentId: before.studentId, name: before.attachment.name },
          after: null,
        },
        () => repo.setAttachment(tx, id, null),
      );
      return before.attachment.path;
    });
    await files.remove(gone);
    return summaryOf(id);
  }

  /** The attached file, for BPBK and the principal of the unit; a download is a read of the content, audited. */
  async function attachment(user: AuthUser, id: number, actor: AuditActor) {
    const file = await db.transaction(async (tx) => {
      await access.require(tx, actorOfUser(user), 'read', 'psychotest', id);
      const row = await repo.findPsychotest(tx, id);
      if (!row) throw notFound('Hasil tes psikologi');
      if (!row.attachment) throw notFound('Lampiran');
      await audit(tx, actor, {
        action: 'counselling.psychotest.download',
        entityType: 'psychotest',
        entityId: id,
        after: { studentId: row.studentId, unitId: row.unitId },
      });
      return row.attachment;
    });
    return { data: await files.read(file.path), mime: file.mime, name: file.name };
  }

  /** A student's own results that the counsellor shared: scores and the reading, without the file. */
  async function mine(user: AuthUser) {
    if (!user.studentId) return { items: [] };
    const rows = await repo.sharedPsychotestsOf(db, user.studentId);
    return {
      items: rows.map((r) => ({
        id: r.id,
        date: r.date,
        instrument: r.instrument,
        testName: r.testName,
        provider: r.provider,
        scores: r.scores,
        interpretation: r.interpretation,
        recommendation: r.recommendation,
      })),
    };
  }

  return { list, get, create, update, remove, attach, detach, attachment, mine };
}

export type PsychotestService = ReturnType<typeof createPsychotestService>;
