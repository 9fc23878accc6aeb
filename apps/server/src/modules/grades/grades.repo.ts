import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ScoreKind, Semester } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import { arrayParam, sqlNow } from '../../lib/sql.ts';
import { scoreColumns, scorePolicies, scores } from '../../db/schema/index.ts';

export interface Sheet {
  classGroupId: number;
  subjectId: number;
  semester: Semester;
}

const columnFields = {
  id: scoreColumns.id,
  unitId: scoreColumns.unitId,
  classGroupId: scoreColumns.classGroupId,
  subjectId: scoreColumns.subjectId,
  semester: scoreColumns.semester,
  kind: scoreColumns.kind,
  title: scoreColumns.title,
  date: scoreColumns.date,
  assessmentId: scoreColumns.assessmentId,
};
export type ColumnRow = Awaited<ReturnType<typeof findColumn>> & {};

export async function columnsOf(db: Executor, s: Sheet) {
  return db
    .select(columnFields)
    .from(scoreColumns)
    .where(
      and(
        eq(scoreColumns.classGroupId, s.classGroupId),
        eq(scoreColumns.subjectId, s.subjectId),
        eq(scoreColumns.semester, s.semester),
      ),
    )
    .orderBy(asc(scoreColumns.date), asc(scoreColumns.id));
}

/** A column; `lock` holds it for the transaction that changes it or its scores. */
export async function findColumn(db: Executor, id: number, lock = false) {
  const q = db.select(columnFields).from(scoreColumns).where(eq(scoreColumns.id, id));
  const [row] = await (lock ? q.for('update') : q);
  return row;
}

/** Columns by id, locked for the transaction that writes their scores. */
export async function lockColumns(db: Executor, ids: number[]) {
  if (!ids.length) return [];
  return db.select(columnFields).from(scoreColumns).where(inArray(scoreColumns.id, ids)).for('update');
}

export async function insertColumn(db: Executor, values: typeof scoreColumns.$inferInsert) {
  const [row] = await db.insert(scoreColumns).values(values).returning(columnFields);
  return row!;
}

export async function updateColumn(db: Executor, id: number, values: Partial<typeof scoreColumns.$inferInsert>) {
  const [row] = await db
    .update(scoreColumns)
    .set({ ...values, updatedAt: sqlNow() })
    .where(eq(scoreColumns.id, id))
    .returning(columnFields);
  return row!;
}

export async function deleteColumn(db: Executor, id: number) {
  await db.delete(scoreColumns).where(eq(scoreColumns.id, id));
}

/** The scores of columns, in whole hundredths. */
export async function scoresOf(db: Executor, columnIds: number[]) {
  if (!columnIds.length) return [];
  return db
    .select({ columnId: scores.columnId, studentId: scores.studentId, hundredths: scores.hundredths })
    .from(scores)
    .where(inArray(scores.columnId, columnIds));
}

export async function upsertScores(
  db: Executor,
  rows: { columnId: number; studentId: number; hundredths: number }[],
  userId: number,
) {
  if (!rows.length) return;
  await db
    .insert(scores)
    .values(rows.map((r) => ({ ...r, updatedByUserId: userId })))
    .onConflictDoUpdate({
      target: [scores.columnId, scores.studentId],
      set: { hundredths: sql`excluded.hundredths`, updatedByUserId: userId, updatedAt: sqlNow() },
      setWhere: sql`${scores.hundredths} <> excluded.hundredths`,
    });
}

export async function deleteScores(db: Executor, cells: { columnId: number; studentId: number }[]) {
  if (!cells.length) return;
  const columnIds = cells.map((c) => c.columnId);
  const studentIds = cells.map((c) => c.studentId);
  await db.execute(sql`
    delete from scores s using unnest(${arrayParam(columnIds)}::int[], ${arrayParam(studentIds)}::int[]) as c(column_id, student_id)
    where s.column_id = c.column_id and s.student_id = c.student_id`);
}

export async function findPolicy(db: Executor, subjectId: number, gradeId: number) {
  const [row] = await db
    .select({ kkm: scorePolicies.kkm, weights: scorePolicies.weights })
    .from(scorePolicies)
    .where(and(eq(scorePolicies.subjectId, subjectId), eq(scorePolicies.gradeId, gradeId)));
  return row;
}

export async function savePolicy(
  db: Executor,
  values: { unitId: number; subjectId: number; gradeId: number; kkm: number; weights: Record<ScoreKind, number> },
) {
  await db
    .insert(scorePolicies)
    .values(values)
    .onConflictDoUpdate({
      target: [scorePolicies.subjectId, scorePolicies.gradeId],
      set: { kkm: values.kkm, weights: values.weights, updatedAt: sqlNow() },
    });
}

/**
 * The class and subject pairs taught in the classes of a year (a teaching assignment or a timetable slot), of a
 * unit (null: every unit), optionally only in some classes: what a leader or a homeroom teacher may open.
 */
export async function taughtPairs(db: Executor, academicYearId: number, unitId: number | null, classIds?: number[]) {
  if (classIds && !classIds.length) return [];
  const result = await db.execute<{
    classGroupId: number;
    className: string;
    gradeId: number;
    subjectId: number;
    subjectName: string;
  }>(sql`
    select distinct cg.id as "classGroupId", cg.name as "className", cg.grade_id as "gradeId",
      sj.id as "subjectId", sj.name as "subjectName"
    from (select class_group_id, subject_id from teaching_assignments
          union select class_group_id, subject_id from timetable_slots) t
    join class_groups cg on cg.id = t.class_group_id
    join subjects sj on sj.id = t.subject_id
    where cg.academic_year_id = ${academicYearId}
      ${unitId === null ? sql`` : sql`and cg.unit_id = ${unitId}`}
      ${classIds ? sql`and cg.id = any(${arrayParam(classIds)}::int[])` : sql``}
    order by "className", "subjectName"`);
  return result.rows;
}

/** Every column of a class in a semester, of every subject, with the subject's name. */
export async function columnsOfClass(db: Executor, classGroupId: number, semester: Semester) {
  const result = await db.execute<{
    id: number;
    subjectId: number;
    subjectName: string;
    kind: ScoreKind;
    title: string;
    date: string;
  }>(sql`
    select c.id, c.subject_id as "subjectId", sj.name as "subjectName", c.kind, c.title, c.date::text as date
    from score_columns c join subjects sj on sj.id = c.subject_id
    where c.class_group_id = ${classGroupId} and c.semester = ${semester}
    order by sj.name, c.date, c.id`);
  return result.rows;
}

/** One student's scores in columns. */
export async function scoresOfStudent(db: Executor, studentId: number, columnIds: number[]) {
  if (!columnIds.length) return [];
  return db
    .select({ columnId: scores.columnId, hundredths: scores.hundredths })
    .from(scores)
    .where(and(eq(scores.studentId, studentId), inArray(scores.columnId, columnIds)));
}
