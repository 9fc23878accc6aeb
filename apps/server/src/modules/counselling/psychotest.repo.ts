import { and, asc, count, desc, eq, gte, isNull, lte, type SQL } from 'drizzle-orm';
import type { PsychotestsQuery } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import { classGroups, psychotests, students, type PsychotestFile } from '../../db/schema/index.ts';
import { offsetOf, sqlNow } from '../../lib/sql.ts';
import { studentMatches } from './counselling.repo.ts';

const summaryColumns = {
  id: psychotests.id,
  unitId: psychotests.unitId,
  studentId: psychotests.studentId,
  studentName: students.name,
  nis: students.nis,
  className: classGroups.name,
  date: psychotests.date,
  instrument: psychotests.instrument,
  testName: psychotests.testName,
  provider: psychotests.provider,
  sharedWithStudent: psychotests.sharedWithStudent,
  attachment: psychotests.attachment,
  updatedAt: psychotests.updatedAt,
};

const detailColumns = {
  ...summaryColumns,
  scores: psychotests.scores,
  interpretation: psychotests.interpretation,
  recommendation: psychotests.recommendation,
};

const selectSummary = (db: Executor) =>
  db
    .select(summaryColumns)
    .from(psychotests)
    .innerJoin(students, eq(students.id, psychotests.studentId))
    .leftJoin(classGroups, eq(classGroups.id, psychotests.classGroupId));

const selectDetail = (db: Executor) =>
  db
    .select(detailColumns)
    .from(psychotests)
    .innerJoin(students, eq(students.id, psychotests.studentId))
    .leftJoin(classGroups, eq(classGroups.id, psychotests.classGroupId));

export type PsychotestRow = Awaited<ReturnType<typeof listPsychotests>>['items'][number];
export type PsychotestDetailRow = NonNullable<Awaited<ReturnType<typeof findPsychotest>>>;

export async function findPsychotest(db: Executor, id: number) {
  const [row] = await selectDetail(db).where(and(eq(psychotests.id, id), isNull(psychotests.deletedAt)));
  return row;
}

/** Locks a live result for a change. */
export async function lockPsychotest(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: psychotests.id,
      unitId: psychotests.unitId,
      studentId: psychotests.studentId,
      attachment: psychotests.attachment,
    })
    .from(psychotests)
    .where(and(eq(psychotests.id, id), isNull(psychotests.deletedAt)))
    .for('update');
  return row;
}

export async function insertPsychotest(db: Executor, values: typeof psychotests.$inferInsert) {
  const [row] = await db.insert(psychotests).values(values).returning({ id: psychotests.id });
  return row!.id;
}

export async function updatePsychotest(db: Executor, id: number, values: Partial<typeof psychotests.$inferInsert>) {
  await db
    .update(psychotests)
    .set({ ...values, updatedAt: sqlNow() })
    .where(eq(psychotests.id, id));
}

export async function setAttachment(db: Executor, id: number, attachment: PsychotestFile | null) {
  await db.update(psychotests).set({ attachment, updatedAt: sqlNow() }).where(eq(psychotests.id, id));
}

export async function softDeletePsychotest(db: Executor, id: number, userId: number) {
  await db
    .update(psychotests)
    .set({ deletedAt: sqlNow(), deletedByUserId: userId, updatedAt: sqlNow() })
    .where(eq(psychotests.id, id));
}

export interface PsychotestFilter extends Omit<PsychotestsQuery, 'page' | 'pageSize' | 'sort' | 'unitId'> {
  unitId: number | null;
}

function where(f: PsychotestFilter) {
  const parts: SQL[] = [isNull(psychotests.deletedAt)];
  if (f.unitId !== null) parts.push(eq(psychotests.unitId, f.unitId));
  if (f.from) parts.push(gte(psychotests.date, f.from));
  if (f.to) parts.push(lte(psychotests.date, f.to));
  if (f.instrument) parts.push(eq(psychotests.instrument, f.instrument));
  if (f.classGroupId) parts.push(eq(psychotests.classGroupId, f.classGroupId));
  if (f.studentId) parts.push(eq(psychotests.studentId, f.studentId));
  if (f.q) parts.push(studentMatches(f.q));
  return and(...parts);
}

export async function listPsychotests(
  db: Executor,
  f: PsychotestFilter,
  page: { page: number; pageSize: number; sort?: string },
) {
  const filter = where(f);
  const order =
    page.sort === 'date'
      ? [asc(psychotests.date), asc(psychotests.id)]
      : [desc(psychotests.date), desc(psychotests.id)];
  const [items, [total]] = await Promise.all([
    selectSummary(db)
      .where(filter)
      .orderBy(...order)
      .limit(page.pageSize)
      .offset(offsetOf(page)),
    db
      .select({ n: count() })
      .from(psychotests)
      .innerJoin(students, eq(students.id, psychotests.studentId))
      .where(filter),
  ]);
  return { items, total: total?.n ?? 0, page: page.page, pageSize: page.pageSize };
}

/** The results shared with a student, newest first. */
export function sharedPsychotestsOf(db: Executor, studentId: number) {
  return selectDetail(db)
    .where(
      and(eq(psychotests.studentId, studentId), isNull(psychotests.deletedAt), eq(psychotests.sharedWithStudent, true)),
    )
    .orderBy(desc(psychotests.date), desc(psychotests.id));
}

/** Results of a unit (every unit for null) between two dates, counted by instrument. */
export function psychotestCounts(db: Executor, unitId: number | null, from: string, to: string) {
  return db
    .select({ instrument: psychotests.instrument, count: count() })
    .from(psychotests)
    .where(
      and(
        isNull(psychotests.deletedAt),
        unitId === null ? undefined : eq(psychotests.unitId, unitId),
        gte(psychotests.date, from),
        lte(psychotests.date, to),
      ),
    )
    .groupBy(psychotests.instrument);
}
