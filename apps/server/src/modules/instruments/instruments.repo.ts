import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { InstrumentProfile } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import {
  academicYears,
  classGroups,
  counsellingInstrumentAnswers as answers,
  counsellingInstrumentAttempts as attempts,
  counsellingInstrumentItems as items,
  counsellingInstrumentScales as scales,
  counsellingInstrumentWindows as windows,
  counsellingInstruments as instruments,
  grades,
  students,
  units,
} from '../../db/schema/index.ts';
import { sqlNow } from '../../lib/sql.ts';

const instrumentColumns = {
  id: instruments.id,
  unitId: instruments.unitId,
  unitName: units.name,
  kind: instruments.kind,
  name: instruments.name,
  description: instruments.description,
  instructions: instruments.instructions,
  source: instruments.source,
  licence: instruments.licence,
  version: instruments.version,
  updatedAt: instruments.updatedAt,
  itemCount: sql<number>`(select count(*)::int from ${items} where ${items.instrumentId} = ${instruments.id})`,
};

export type InstrumentRow = NonNullable<Awaited<ReturnType<typeof findInstrument>>>;

export async function findInstrument(db: Executor, id: number, lock = false) {
  const query = db
    .select(instrumentColumns)
    .from(instruments)
    .innerJoin(units, eq(units.id, instruments.unitId))
    .where(eq(instruments.id, id));
  const [row] = lock ? await query.for('update', { of: instruments }) : await query;
  return row;
}

export async function listInstruments(db: Executor, f: { unitId: number | null; kind?: string }) {
  const parts: SQL[] = [];
  if (f.unitId !== null) parts.push(eq(instruments.unitId, f.unitId));
  if (f.kind) parts.push(eq(instruments.kind, f.kind));
  return db
    .select(instrumentColumns)
    .from(instruments)
    .innerJoin(units, eq(units.id, instruments.unitId))
    .where(parts.length ? and(...parts) : undefined)
    .orderBy(asc(units.name), asc(instruments.kind));
}

export async function findByUnitKind(db: Executor, unitId: number, kind: string) {
  const [row] = await db
    .select({ id: instruments.id })
    .from(instruments)
    .where(and(eq(instruments.unitId, unitId), eq(instruments.kind, kind)));
  return row;
}

export async function insertInstrument(db: Executor, values: typeof instruments.$inferInsert) {
  const [row] = await db.insert(instruments).values(values).returning({ id: instruments.id });
  return row!.id;
}

export async function updateInstrument(db: Executor, id: number, values: Partial<typeof instruments.$inferInsert>) {
  await db
    .update(instruments)
    .set({ ...values, updatedAt: sqlNow() })
    .where(eq(instruments.id, id));
}

export async function deleteInstrument(db: Executor, id: number) {
  await db.delete(instruments).where(eq(instruments.id, id));
}

export const scalesOf = (db: Executor, instrumentId: number) =>
  db
    .select({
      id: scales.id,
      code: scales.code,
      name: scales.name,
      description: scales.description,
      scoring: scales.scoring,
      bands: scales.bands,
    })
    .from(scales)
    .where(eq(scales.instrumentId, instrumentId))
    .orderBy(asc(scales.sortOrder));

export const itemsOf = (db: Executor, instrumentId: number) =>
  db
    .select({
      id: items.id,
      number: items.number,
      text: items.text,
      type: items.type,
      scaleCode: items.scaleCode,
      reversed: items.reversed,
      weight: items.weight,
      options: items.options,
    })
    .from(items)
    .where(eq(items.instrumentId, instrumentId))
    .orderBy(asc(items.number));

/** Replaces every scale and item of the instrument (the answers of the old items go with them). */
export async function replaceDefinition(
  db: Executor,
  instrumentId: number,
  newScales: Omit<typeof scales.$inferInsert, 'instrumentId'>[],
  newItems: Omit<typeof items.$inferInsert, 'instrumentId'>[],
) {
  await db.delete(items).where(eq(items.instrumentId, instrumentId));
  await db.delete(scales).where(eq(scales.instrumentId, instrumentId));
  if (newScales.length) await db.insert(scales).values(newScales.map((s) => ({ ...s, instrumentId })));
  if (newItems.length) await db.insert(items).values(newItems.map((i) => ({ ...i, instrumentId })));
}

export async function hasAttempts(db: Executor, instrumentId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(attempts)
    .innerJoin(windows, eq(windows.id, attempts.windowId))
    .where(eq(windows.instrumentId, instrumentId));
  return (row?.n ?? 0) > 0;
}

/** Whether a window of the instrument is open on the date. */
export async function hasOpenWindow(db: Executor, instrumentId: number, today: string) {
  const [row] = await db
    .select({ n: count() })
    .from(windows)
    .where(
      and(eq(windows.instrumentId, instrumentId), sql`${today} between ${windows.opensOn} and ${windows.closesOn}`),
    );
  return (row?.n ?? 0) > 0;
}

// ---- windows ----

const windowColumns = {
  id: windows.id,
  instrumentId: windows.instrumentId,
  unitId: instruments.unitId,
  academicYearId: windows.academicYearId,
  academicYearName: academicYears.name,
  opensOn: windows.opensOn,
  closesOn: windows.closesOn,
  classGroupIds: windows.classGroupIds,
  gradeIds: windows.gradeIds,
  submitted: sql<number>`(select count(distinct ${attempts.studentId})::int from ${attempts} where ${attempts.windowId} = ${windows.id} and ${attempts.status} = 'SUBMITTED')`,
  inProgress: sql<number>`(select count(*)::int from ${attempts} where ${attempts.windowId} = ${windows.id} and ${attempts.status} = 'IN_PROGRESS')`,
};

export type WindowRow = NonNullable<Awaited<ReturnType<typeof findWindow>>>;

const selectWindows = (db: Executor) =>
  db
    .select(windowColumns)
    .from(windows)
    .innerJoin(instruments, eq(instruments.id, windows.instrumentId))
    .innerJoin(academicYears, eq(academicYears.id, windows.academicYearId));

export async function findWindow(db: Executor, id: number) {
  const [row] = await selectWindows(db).where(eq(windows.id, id));
  return row;
}

export const windowsOf = (db: Executor, instrumentId: number) =>
  selectWindows(db).where(eq(windows.instrumentId, instrumentId)).orderBy(desc(windows.opensOn), desc(windows.id));

export async function insertWindow(db: Executor, values: typeof windows.$inferInsert) {
  const [row] = await db.insert(windows).values(values).returning({ id: windows.id });
  return row!.id;
}

export async function updateWindow(db: Executor, id: number, values: Partial<typeof windows.$inferInsert>) {
  await db
    .update(windows)
    .set({ ...values, updatedAt: sqlNow() })
    .where(eq(windows.id, id));
}

export async function deleteWindow(db: Executor, id: number) {
  await db.delete(windows).where(eq(windows.id, id));
}

export async function namesOfClasses(db: Executor, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: classGroups.id,
      name: classGroups.name,
      unitId: classGroups.unitId,
      academicYearId: classGroups.academicYearId,
    })
    .from(classGroups)
    .where(inArray(classGroups.id, ids))
    .orderBy(asc(classGroups.name));
}

export async function namesOfGrades(db: Executor, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: grades.id, name: grades.name, unitId: grades.unitId })
    .from(grades)
    .where(inArray(grades.id, ids))
    .orderBy(asc(grades.level));
}

/** The windows of the kind open on the date for the class (by the class or its grade), with their instrument. */
export async function openWindowsForClass(
  db: Executor,
  f: { unitId: number; kind: string; classGroupId: number; gradeId: number; academicYearId: number; today: string },
) {
  return db
    .select({
      windowId: windows.id,
      instrumentId: instruments.id,
      instrumentName: instruments.name,
      description: instruments.description,
      opensOn: windows.opensOn,
      closesOn: windows.closesOn,
      itemCount: instrumentColumns.itemCount,
    })
    .from(windows)
    .innerJoin(instruments, eq(instruments.id, windows.instrumentId))
    .where(
      and(
        eq(instruments.unitId, f.unitId),
        eq(instruments.kind, f.kind),
        eq(windows.academicYearId, f.academicYearId),
        sql`${f.today} between ${windows.opensOn} and ${windows.closesOn}`,
        sql`(${f.classGroupId} = any(${windows.classGroupIds}) or ${f.gradeId} = any(${windows.gradeIds}))`,
      ),
    )
    .orderBy(asc(windows.closesOn));
}

// ---- attempts ----

export type AttemptRow = NonNullable<Awaited<ReturnType<typeof latestAttempt>>>;

const attemptColumns = {
  id: attempts.id,
  windowId: attempts.windowId,
  studentId: attempts.studentId,
  academicYearId: attempts.academicYearId,
  classGroupId: attempts.classGroupId,
  attemptNumber: attempts.attemptNumber,
  status: attempts.status,
  instrumentVersion: attempts.instrumentVersion,
  submittedAt: attempts.submittedAt,
  profile: attempts.profile,
};

/** The student's newest attempt of the window (locked for update inside a transaction when asked). */
export async function latestAttempt(db: Executor, windowId: number, studentId: number, lock = false) {
  const query = db
    .select(attemptColumns)
    .from(attempts)
    .where(and(eq(attempts.windowId, windowId), eq(attempts.studentId, studentId)))
    .orderBy(desc(attempts.attemptNumber))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findAttempt(db: Executor, id: number, lock = false) {
  const query = db.select(attemptColumns).from(attempts).where(eq(attempts.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertAttempt(db: Executor, values: typeof attempts.$inferInsert) {
  const [row] = await db.insert(attempts).values(values).returning({ id: attempts.id });
  return row!.id;
}

export async function setAttemptVersion(db: Executor, id: number, instrumentVersion: number) {
  await db.update(attempts).set({ instrumentVersion }).where(eq(attempts.id, id));
}

export async function submitAttempt(db: Executor, id: number, submittedAt: Date, profile: InstrumentProfile) {
  await db.update(attempts).set({ status: 'SUBMITTED', submittedAt, profile }).where(eq(attempts.id, id));
}

export const answersOf = (db: Executor, attemptId: number) =>
  db
    .select({ itemId: answers.itemId, value: answers.value })
    .from(answers)
    .where(eq(answers.attemptId, attemptId))
    .orderBy(asc(answers.itemId));

export async function countAnswers(db: Executor, attemptId: number) {
  const [row] = await db.select({ n: count() }).from(answers).where(eq(answers.attemptId, attemptId));
  return row?.n ?? 0;
}

/** Saves an answer; the same answer again changes nothing. */
export async function upsertAnswer(db: Executor, attemptId: number, itemId: number, value: number, savedAt: Date) {
  await db
    .insert(answers)
    .values({ attemptId, itemId, value, savedAt })
    .onConflictDoUpdate({
      target: [answers.attemptId, answers.itemId],
      set: { value, savedAt },
      setWhere: sql`${answers.value} is distinct from excluded.value`,
    });
}

// ---- results ----

const resultColumns = {
  attemptId: attempts.id,
  windowId: attempts.windowId,
  studentId: students.id,
  nis: students.nis,
  studentName: students.name,
  classGroupId: attempts.classGroupId,
  className: classGroups.name,
  gradeId: classGroups.gradeId,
  academicYearId: attempts.academicYearId,
  academicYearName: academicYears.name,
  attemptNumber: attempts.attemptNumber,
  submittedAt: attempts.submittedAt,
  profile: attempts.profile,
  instrumentName: instruments.name,
};

/**
 * The latest submitted result per student per school year of the instrument (a reopened window's new attempt
 * replaces the earlier one), filtered by year, class or grade or student.
 */
export async function latestResults(
  db: Executor,
  f: {
    instrumentId?: number;
    kind?: string;
    unitId?: number;
    academicYearId?: number;
    classGroupId?: number;
    gradeId?: number;
    studentId?: number;
  },
) {
  const parts: SQL[] = [eq(attempts.status, 'SUBMITTED')];
  if (f.instrumentId) parts.push(eq(windows.instrumentId, f.instrumentId));
  if (f.kind) parts.push(eq(instruments.kind, f.kind));
  if (f.unitId) parts.push(eq(instruments.unitId, f.unitId));
  if (f.academicYearId) parts.push(eq(attempts.academicYearId, f.academicYearId));
  if (f.classGroupId) parts.push(eq(attempts.classGroupId, f.classGroupId));
  if (f.gradeId) parts.push(eq(classGroups.gradeId, f.gradeId));
  if (f.studentId) parts.push(eq(attempts.studentId, f.studentId));
  const rows = await db
    .selectDistinctOn([attempts.studentId, windows.instrumentId, attempts.academicYearId], resultColumns)
    .from(attempts)
    .innerJoin(windows, eq(windows.id, attempts.windowId))
    .innerJoin(instruments, eq(instruments.id, windows.instrumentId))
    .innerJoin(students, eq(students.id, attempts.studentId))
    .innerJoin(classGroups, eq(classGroups.id, attempts.classGroupId))
    .innerJoin(academicYears, eq(academicYears.id, attempts.academicYearId))
    .where(and(...parts))
    .orderBy(
      attempts.studentId,
      windows.instrumentId,
      attempts.academicYearId,
      desc(attempts.submittedAt),
      desc(attempts.id),
    );
  return rows
    .map((r) => ({ ...r, submittedAt: r.submittedAt!, profile: r.profile! }))
    .sort(
      (a, b) =>
        b.academicYearName.localeCompare(a.academicYearName) ||
        a.className.localeCompare(b.className) ||
        a.studentName.localeCompare(b.studentName),
    );
}

export type ResultRow = Awaited<ReturnType<typeof latestResults>>[number];

/** A student of the unit (for a reopen). */
export async function findStudent(db: Executor, id: number) {
  const [row] = await db
    .select({ id: students.id, unitId: students.unitId, name: students.name })
    .from(students)
    .where(eq(students.id, id));
  return row;
}
