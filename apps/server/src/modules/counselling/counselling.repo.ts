import { and, asc, count, desc, eq, exists, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { CounsellingNotesQuery } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import {
  classGroups,
  counsellingNoteStudents,
  counsellingNotes,
  employees,
  students,
  units,
} from '../../db/schema/index.ts';
import { escapeLike, offsetOf, sqlNow } from '../../lib/sql.ts';

const noteColumns = {
  id: counsellingNotes.id,
  unitId: counsellingNotes.unitId,
  date: counsellingNotes.date,
  kind: counsellingNotes.kind,
  topic: counsellingNotes.topic,
  status: counsellingNotes.status,
  followUpDate: counsellingNotes.followUpDate,
  counsellorEmployeeId: counsellingNotes.counsellorEmployeeId,
  counsellorName: employees.name,
  sharedWithStudent: counsellingNotes.sharedWithStudent,
  updatedAt: counsellingNotes.updatedAt,
};

const contentColumns = {
  ...noteColumns,
  discussion: counsellingNotes.discussion,
  agreement: counsellingNotes.agreement,
  studentSummary: counsellingNotes.studentSummary,
};

export type NoteRow = Awaited<ReturnType<typeof listNotes>>['items'][number];
export type NoteContentRow = NonNullable<Awaited<ReturnType<typeof findNoteContent>>>;

/** The students of the notes, by note, with their class when the note was written. */
export async function studentsOfNotes(db: Executor, noteIds: number[]) {
  if (noteIds.length === 0) return new Map<number, StudentRef[]>();
  const rows = await db
    .select({
      noteId: counsellingNoteStudents.noteId,
      studentId: students.id,
      nis: students.nis,
      name: students.name,
      className: classGroups.name,
    })
    .from(counsellingNoteStudents)
    .innerJoin(students, eq(students.id, counsellingNoteStudents.studentId))
    .leftJoin(classGroups, eq(classGroups.id, counsellingNoteStudents.classGroupId))
    .where(inArray(counsellingNoteStudents.noteId, noteIds))
    .orderBy(asc(students.name));
  const byNote = new Map<number, StudentRef[]>();
  for (const { noteId, ...s } of rows) {
    const list = byNote.get(noteId) ?? [];
    list.push(s);
    byNote.set(noteId, list);
  }
  return byNote;
}

export interface StudentRef {
  studentId: number;
  nis: string;
  name: string;
  className: string | null;
}

/** A live (not deleted) note with its content. */
export async function findNoteContent(db: Executor, id: number) {
  const [row] = await db
    .select(contentColumns)
    .from(counsellingNotes)
    .innerJoin(employees, eq(employees.id, counsellingNotes.counsellorEmployeeId))
    .where(and(eq(counsellingNotes.id, id), isNull(counsellingNotes.deletedAt)));
  return row;
}

/** A live note's metadata. */
export async function findNoteSummary(db: Executor, id: number) {
  const [row] = await db
    .select(noteColumns)
    .from(counsellingNotes)
    .innerJoin(employees, eq(employees.id, counsellingNotes.counsellorEmployeeId))
    .where(and(eq(counsellingNotes.id, id), isNull(counsellingNotes.deletedAt)));
  return row;
}

/** Locks a live note for a change and returns what the change is checked against. */
export async function lockNote(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: counsellingNotes.id,
      unitId: counsellingNotes.unitId,
      status: counsellingNotes.status,
      date: counsellingNotes.date,
      kind: counsellingNotes.kind,
      topic: counsellingNotes.topic,
      followUpDate: counsellingNotes.followUpDate,
      sharedWithStudent: counsellingNotes.sharedWithStudent,
      counsellorEmployeeId: counsellingNotes.counsellorEmployeeId,
    })
    .from(counsellingNotes)
    .where(and(eq(counsellingNotes.id, id), isNull(counsellingNotes.deletedAt)))
    .for('update');
  return row;
}

export async function noteStudentIds(db: Executor, noteId: number) {
  const rows = await db
    .select({ studentId: counsellingNoteStudents.studentId })
    .from(counsellingNoteStudents)
    .where(eq(counsellingNoteStudents.noteId, noteId));
  return rows.map((r) => r.studentId);
}

/** Students by id with their unit (to check they belong to the counsellor's unit). */
export function findStudents(db: Executor, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: students.id, unitId: students.unitId, name: students.name, nis: students.nis })
    .from(students)
    .where(inArray(students.id, ids));
}

export async function findStudent(db: Executor, id: number) {
  const [row] = await findStudents(db, [id]);
  return row;
}

export async function insertNote(db: Executor, values: typeof counsellingNotes.$inferInsert) {
  const [row] = await db.insert(counsellingNotes).values(values).returning({ id: counsellingNotes.id });
  return row!.id;
}

export async function updateNote(db: Executor, id: number, values: Partial<typeof counsellingNotes.$inferInsert>) {
  await db
    .update(counsellingNotes)
    .set({ ...values, updatedAt: sqlNow() })
    .where(eq(counsellingNotes.id, id));
}

export async function softDeleteNote(db: Executor, id: number, userId: number) {
  await db
    .update(counsellingNotes)
    .set({ deletedAt: sqlNow(), deletedByUserId: userId, updatedAt: sqlNow() })
    .where(eq(counsellingNotes.id, id));
}

export async function setNoteStudents(
  db: Executor,
  noteId: number,
  rows: { studentId: number; classGroupId: number | null }[],
) {
  await db.delete(counsellingNoteStudents).where(eq(counsellingNoteStudents.noteId, noteId));
  await db.insert(counsellingNoteStudents).values(rows.map((r) => ({ noteId, ...r })));
}

/** The note names a student matching the search (name or NIS), or of the class. */
const namesStudent = (condition: SQL) =>
  exists(
    sql`(select 1 from ${counsellingNoteStudents} ns join ${students} s on s.id = ns.student_id
         where ns.note_id = ${counsellingNotes.id} and ${condition})`,
  );

export interface NoteFilter extends Omit<CounsellingNotesQuery, 'page' | 'pageSize' | 'sort' | 'unitId'> {
  unitId: number | null;
}

function noteWhere(f: NoteFilter) {
  const parts: SQL[] = [isNull(counsellingNotes.deletedAt)];
  if (f.unitId !== null) parts.push(eq(counsellingNotes.unitId, f.unitId));
  if (f.from) parts.push(gte(counsellingNotes.date, f.from));
  if (f.to) parts.push(lte(counsellingNotes.date, f.to));
  if (f.kind) parts.push(eq(counsellingNotes.kind, f.kind));
  if (f.topic) parts.push(eq(counsellingNotes.topic, f.topic));
  if (f.status) parts.push(eq(counsellingNotes.status, f.status));
  if (f.classGroupId) parts.push(namesStudent(sql`ns.class_group_id = ${f.classGroupId}`));
  if (f.studentId) parts.push(namesStudent(sql`ns.student_id = ${f.studentId}`));
  if (f.q) {
    const like = `%${escapeLike(f.q)}%`;
    parts.push(namesStudent(sql`(s.name ilike ${like} or s.nis ilike ${like})`));
  }
  return and(...parts);
}

export async function listNotes(db: Executor, f: NoteFilter, page: { page: number; pageSize: number; sort?: string }) {
  const where = noteWhere(f);
  const order =
    page.sort === 'date'
      ? [asc(counsellingNotes.date), asc(counsellingNotes.id)]
      : [desc(counsellingNotes.date), desc(counsellingNotes.id)];
  const [items, [total]] = await Promise.all([
    db
      .select(noteColumns)
      .from(counsellingNotes)
      .innerJoin(employees, eq(employees.id, counsellingNotes.counsellorEmployeeId))
      .where(where)
      .orderBy(...order)
      .limit(page.pageSize)
      .offset(offsetOf(page)),
    db.select({ n: count() }).from(counsellingNotes).where(where),
  ]);
  return { items, total: total?.n ?? 0, page: page.page, pageSize: page.pageSize };
}

/** A student's live notes, newest first: date, kind and status only (the homeroom teacher's view). */
export function caseStatusesOf(db: Executor, studentId: number) {
  return db
    .select({
      id: counsellingNotes.id,
      date: counsellingNotes.date,
      kind: counsellingNotes.kind,
      status: counsellingNotes.status,
    })
    .from(counsellingNotes)
    .innerJoin(counsellingNoteStudents, eq(counsellingNoteStudents.noteId, counsellingNotes.id))
    .where(and(eq(counsellingNoteStudents.studentId, studentId), isNull(counsellingNotes.deletedAt)))
    .orderBy(desc(counsellingNotes.date), desc(counsellingNotes.id));
}

/** The notes shared with a student: the summary written for them and nothing of the content. */
export function sharedNotesOf(db: Executor, studentId: number) {
  return db
    .select({
      id: counsellingNotes.id,
      date: counsellingNotes.date,
      kind: counsellingNotes.kind,
      topic: counsellingNotes.topic,
      status: counsellingNotes.status,
      followUpDate: counsellingNotes.followUpDate,
      counsellorName: employees.name,
      summary: counsellingNotes.studentSummary,
    })
    .from(counsellingNotes)
    .innerJoin(counsellingNoteStudents, eq(counsellingNoteStudents.noteId, counsellingNotes.id))
    .innerJoin(employees, eq(employees.id, counsellingNotes.counsellorEmployeeId))
    .where(
      and(
        eq(counsellingNoteStudents.studentId, studentId),
        isNull(counsellingNotes.deletedAt),
        eq(counsellingNotes.sharedWithStudent, true),
      ),
    )
    .orderBy(desc(counsellingNotes.date), desc(counsellingNotes.id));
}

// ---------- the report ----------

/** Notes of a unit (every unit for null) between two dates, one row per note and class of its students. */
export function noteCountsByClass(db: Executor, unitId: number | null, from: string, to: string) {
  return db
    .selectDistinct({
      noteId: counsellingNotes.id,
      kind: counsellingNotes.kind,
      topic: counsellingNotes.topic,
      status: counsellingNotes.status,
      className: classGroups.name,
    })
    .from(counsellingNotes)
    .innerJoin(counsellingNoteStudents, eq(counsellingNoteStudents.noteId, counsellingNotes.id))
    .leftJoin(classGroups, eq(classGroups.id, counsellingNoteStudents.classGroupId))
    .where(
      and(
        isNull(counsellingNotes.deletedAt),
        unitId === null ? undefined : eq(counsellingNotes.unitId, unitId),
        gte(counsellingNotes.date, from),
        lte(counsellingNotes.date, to),
      ),
    );
}

export async function unitName(db: Executor, unitId: number) {
  const [row] = await db.select({ name: units.name }).from(units).where(eq(units.id, unitId));
  return row?.name ?? null;
}

// kept for the search of a student by name or NIS in other lists of this module
export const studentMatches = (q: string) => {
  const like = `%${escapeLike(q)}%`;
  return or(ilike(students.name, like), ilike(students.nis, like))!;
};
