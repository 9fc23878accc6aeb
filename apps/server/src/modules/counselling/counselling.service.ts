import {
  COUNSELLING_KINDS,
  COUNSELLING_STATUSES,
  COUNSELLING_TOPICS,
  PSYCHOTEST_INSTRUMENTS,
  type AuthUser,
  type CounsellingNote,
  type CounsellingNotesQuery,
  type CounsellingNoteSummary,
  type CounsellingNoteValues,
  type CounsellingReport,
  type CounsellingReportQuery,
} from '@mms/shared';
import type { Database, Transaction } from '../../db/client.ts';
import { audit, audited, type AuditActor } from '../../lib/audit.ts';
import { clock } from '../../lib/clock.ts';
import { actorOfUser } from '../../lib/actor.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { access } from '../access/access.service.ts';
import { assertCounsellor } from './counselling.access.ts';
import { studentsForWrite } from './counselling-students.ts';
import { disciplineReportSections } from '../discipline/report-sections.ts';
import * as repo from './counselling.repo.ts';
import { psychotestCounts } from './psychotest.repo.ts';

const STATUS_ORDER = Object.fromEntries(COUNSELLING_STATUSES.map((s, i) => [s, i])) as Record<string, number>;

const toSummary = (row: repo.NoteRow, students: repo.StudentRef[]): CounsellingNoteSummary => ({
  id: row.id,
  unitId: row.unitId,
  date: row.date,
  kind: row.kind,
  topic: row.topic,
  status: row.status,
  followUpDate: row.followUpDate,
  counsellorName: row.counsellorName,
  sharedWithStudent: row.sharedWithStudent,
  students,
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * What the audit log keeps of a note: its metadata, never the content (ADMIN reads the audit log but
 * not counselling notes); a change of the content is recorded as changed, not as text.
 */
const auditable = (values: CounsellingNoteValues) => ({
  studentIds: values.studentIds,
  date: values.date,
  kind: values.kind,
  topic: values.topic,
  status: values.status,
  followUpDate: values.followUpDate ?? null,
  sharedWithStudent: values.sharedWithStudent,
});

function assertNotFuture(date: string, field: string, message: string) {
  if (date > clock.today()) throw badRequest(message, { [field]: message });
}

/** The first and last day of a YYYY-MM month range. */
function monthRange(fromMonth: string, toMonth: string) {
  const [y, m] = toMonth.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${fromMonth}-01`, to: `${toMonth}-${String(lastDay).padStart(2, '0')}` };
}

const countBy = <K extends string>(keys: readonly K[], values: K[]) =>
  keys.map((key) => ({ key, count: values.filter((v) => v === key).length }));

export function createCounsellingService(db: Database) {
  async function withStudents(rows: repo.NoteRow[]) {
    const byNote = await repo.studentsOfNotes(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toSummary(r, byNote.get(r.id) ?? []));
  }

  /** Metadata of the notes of the caller's unit (every unit for ADMIN): never the content. */
  async function list(user: AuthUser, q: CounsellingNotesQuery) {
    const unitId = await access.scopeUnit(db, actorOfUser(user), q.unitId);
    const page = await repo.listNotes(db, { ...q, unitId }, q);
    return { ...page, items: await withStudents(page.items) };
  }

  /**
   * A note with its content, for BPBK and the principal of its unit. Every read is written to the audit
   * log (who, which note, which students) in the same transaction as the read.
   */
  async function get(user: AuthUser, id: number, actor: AuditActor): Promise<CounsellingNote> {
    return db.transaction(async (tx) => {
      await access.require(tx, actorOfUser(user), 'read', 'counsellingCase', id);
      const row = await repo.findNoteContent(tx, id);
      if (!row) throw notFound('Catatan konseling');
      const students = (await repo.studentsOfNotes(tx, [id])).get(id) ?? [];
      await audit(tx, actor, {
        action: 'counselling.note.read',
        entityType: 'counselling_note',
        entityId: id,
        after: { studentIds: students.map((s) => s.studentId), unitId: row.unitId },
      });
      return {
        ...toSummary(row, students),
        discussion: row.discussion,
        agreement: row.agreement,
        studentSummary: row.studentSummary,
      };
    });
  }

  async function summaryOf(id: number) {
    const row = (await repo.findNoteSummary(db, id))!;
    return (await withStudents([row]))[0]!;
  }

  const contentOf = (values: CounsellingNoteValues) => ({
    date: values.date,
    kind: values.kind,
    topic: values.topic,
    discussion: values.discussion,
    agreement: values.agreement ?? null,
    followUpDate: values.followUpDate ?? null,
    status: values.status,
    sharedWithStudent: values.sharedWithStudent,
    studentSummary: values.studentSummary ?? null,
  });

  async function create(user: AuthUser, input: CounsellingNoteValues, actor: AuditActor) {
    const { unitId, employeeId } = assertCounsellor(user);
    assertNotFuture(input.date, 'date', 'Tanggal konseling tidak boleh setelah hari ini');
    const id = await db.transaction(async (tx) => {
      const rows = await studentsForWrite(tx, user, input.studentIds);
      const id = await repo.insertNote(tx, { unitId, counsellorEmployeeId: employeeId, ...contentOf(input) });
      await audited(
        tx,
        actor,
        { action: 'counselling.note.create', entityType: 'counselling_note', entityId: id, after: auditable(input) },
        () => repo.setNoteStudents(tx, id, rows),
      );
      return id;
    });
    return summaryOf(id);
  }

  /**
   * The live note, locked, for a BPBK of its unit (the counselling case rule's `write`). An unknown id is a 404
   * before the writer check, as for any caller the route admits (ADMIN sees the notes' metadata anyway).
   */
  async function noteForWrite(tx: Transaction, user: AuthUser, id: number) {
    const before = await repo.lockNote(tx, id);
    if (!before) throw notFound('Catatan konseling');
    await access.require(tx, actorOfUser(user), 'write', 'counsellingCase', id);
    return { before };
  }

  /** A BPBK of the note's unit changes it; the status only moves forward (terbuka, ditindaklanjuti, selesai). */
  async function update(user: AuthUser, id: number, input: CounsellingNoteValues, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const { before } = await noteForWrite(tx, user, id);
      assertNotFuture(input.date, 'date', 'Tanggal konseling tidak boleh setelah hari ini');
      if (STATUS_ORDER[input.status]! < STATUS_ORDER[before.status]!) {
        const message = 'Status kasus hanya dapat maju: terbuka, ditindaklanjuti, lalu selesai';
        throw badRequest(message, { status: message });
      }
      const beforeStudents = await repo.noteStudentIds(tx, id);
      const rows = await studentsForWrite(tx, user, input.studentIds);
      await repo.updateNote(tx, id, contentOf(input));
      await audited(
        tx,
        actor,
        {
          action: 'counselling.note.update',
          entityType: 'counselling_note',
          entityId: id,
          before: { ...before, studentIds: beforeStudents },
          after: { ...auditable(input), contentChanged: true },
        },
        () => repo.setNoteStudents(tx, id, rows),
      );
    });
    return summaryOf(id);
  }

  async function remove(user: AuthUser, id: number, actor: AuditActor) {
    await db.transaction(async (tx) => {
      const { before } = await noteForWrite(tx, user, id);
      await audited(
        tx,
        actor,
        {
          action: 'counselling.note.delete',
          entityType: 'counselling_note',
          entityId: id,
          before: { ...before, studentIds: await repo.noteStudentIds(tx, id) },
          after: null,
        },
        () => repo.softDeleteNote(tx, id, user.id),
      );
    });
    return { ok: true as const };
  }

  /**
   * That a student has counselling cases, their dates, kinds and statuses, never the topic or content:
   * for the BPBK and principal of the student's unit (and ADMIN), and for the homeroom teacher of the
   * class the student is in this school year (decided from the database, not from the request).
   */
  async function status(user: AuthUser, studentId: number) {
    const student = await repo.findStudent(db, studentId);
    if (!student) throw notFound('Siswa');
    await access.require(db, actorOfUser(user), 'readCounselling', 'student', studentId);
    return { studentId, items: await repo.caseStatusesOf(db, studentId) };
  }

  /** A student's own notes that the counsellor shared, with only the summary written for them. */
  async function mine(user: AuthUser) {
    if (!user.studentId) return { items: [] };
    const rows = await repo.sharedNotesOf(db, user.studentId);
    return { items: rows.map((r) => ({ ...r, summary: r.summary ?? '' })) };
  }

  /**
   * Laporan BK: notes counted by kind, topic area and status, per class; psychological tests per
   * instrument; no content. A list of sections, so achievements and violations can join later.
   */
  async function report(user: AuthUser, q: CounsellingReportQuery): Promise<CounsellingReport> {
    const unitId = await access.scopeUnit(db, actorOfUser(user), q.unitId);
    const { from, to } = monthRange(q.fromMonth, q.toMonth);
    const [rows, tests, discipline] = await Promise.all([
      repo.noteCountsByClass(db, unitId, from, to),
      psychotestCounts(db, unitId, from, to),
      disciplineReportSections(db, unitId, from, to),
    ]);
    const notes = new Map(rows.map((r) => [r.noteId, r]));
    const distinct = [...notes.values()];
    const classes = new Map<string | null, typeof rows>();
    for (const r of rows) classes.set(r.className, [...(classes.get(r.className) ?? []), r]);
    const byClass = [...classes.entries()]
      .sort(([a], [b]) => (a ?? '\uffff').localeCompare(b ?? '\uffff', 'id', { numeric: true }))
      .map(([className, list]) => ({
        className,
        total: list.length,
        byKind: countBy(
          COUNSELLING_KINDS,
          list.map((r) => r.kind),
        ),
        byStatus: countBy(
          COUNSELLING_STATUSES,
          list.map((r) => r.status),
        ),
      }));
    const testCount = new Map(tests.map((t) => [t.instrument, t.count]));
    return {
      unitId,
      unitName: unitId === null ? null : await repo.unitName(db, unitId),
      fromMonth: q.fromMonth,
      toMonth: q.toMonth,
      sections: [
        {
          key: 'notes',
          total: distinct.length,
          byKind: countBy(
            COUNSELLING_KINDS,
            distinct.map((r) => r.kind),
          ),
          byTopic: countBy(
            COUNSELLING_TOPICS,
            distinct.map((r) => r.topic),
          ),
          byStatus: countBy(
            COUNSELLING_STATUSES,
            distinct.map((r) => r.status),
          ),
          byClass,
        },
        {
          key: 'psychotests',
          total: tests.reduce((n, t) => n + t.count, 0),
          byInstrument: PSYCHOTEST_INSTRUMENTS.map((key) => ({ key, count: testCount.get(key) ?? 0 })),
        },
        ...discipline,
      ],
    };
  }

  return { list, get, create, update, remove, status, mine, report };
}

export type CounsellingService = ReturnType<typeof createCounsellingService>;
