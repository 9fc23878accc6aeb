import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { RemedialKind, RemedialRule, ScoreKind, Semester } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import { arrayParam, sqlNow } from '../../lib/sql.ts';
import {
  finalScoreOverrides,
  gradeRules,
  remedialScores,
  scoreColumns,
  scorePolicies,
  scores,
} from '../../db/schema/index.ts';

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

/** The column an assessment fills in a class, locked for the transaction that writes its scores. */
export async function findAssessmentColumn(db: Executor, assessmentId: number, classGroupId: number) {
  const [row] = await db
    .select(columnFields)
    .from(scoreColumns)
    .where(and(eq(scoreColumns.assessmentId, assessmentId), eq(scoreColumns.classGroupId, classGroupId)))
    .for('update');
  return row;
}

/**
 * The column of an assessment in a class, made when there is none (score_columns_assessment_class_uq: two gradings
 * at once make one column, the second finds the first's).
 */
export async function ensureAssessmentColumn(
  db: Executor,
  values: typeof scoreColumns.$inferInsert & { assessmentId: number },
) {
  await db.insert(scoreColumns).values(values).onConflictDoNothing();
  return (await findAssessmentColumn(db, values.assessmentId, values.classGroupId))!;
}

/** The scores of columns, in whole hundredths. */
/** The scores of some columns; of some students only when `studentIds` is given. */
export async function scoresOf(db: Executor, columnIds: number[], studentIds?: number[]) {
  if (!columnIds.length || studentIds?.length === 0) return [];
  return db
    .select({ columnId: scores.columnId, studentId: scores.studentId, hundredths: scores.hundredths })
    .from(scores)
    .where(and(inArray(scores.columnId, columnIds), studentIds ? inArray(scores.studentId, studentIds) : undefined));
}

export async function upsertScores(
  db: Executor,
  rows: { columnId: number; studentId: number; hundredths: number }[],
  userId: number | null,
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
  values: {
    unitId: number;
    subjectId: number;
    gradeId: number;
    kkm: number;
    weights: Record<ScoreKind, number> | null;
  },
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
    assessmentId: number | null;
  }>(sql`
    select c.id, c.subject_id as "subjectId", sj.name as "subjectName", c.kind, c.title, c.date::text as date,
      c.assessment_id as "assessmentId"
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

/** The grade rules of a unit and school year (weights, KKTP, remedial rule, rapor decimals), if the unit set them. */
export async function findGradeRules(db: Executor, unitId: number, academicYearId: number) {
  const [row] = await db
    .select({
      weights: gradeRules.weights,
      kktp: gradeRules.kktp,
      remedialRule: gradeRules.remedialRule,
      raporDecimals: gradeRules.raporDecimals,
    })
    .from(gradeRules)
    .where(and(eq(gradeRules.unitId, unitId), eq(gradeRules.academicYearId, academicYearId)));
  return row;
}

export async function saveGradeRules(
  db: Executor,
  values: {
    unitId: number;
    academicYearId: number;
    weights: Record<ScoreKind, number>;
    kktp: number;
    remedialRule: RemedialRule;
    raporDecimals: number;
    updatedByUserId: number;
  },
) {
  await db
    .insert(gradeRules)
    .values(values)
    .onConflictDoUpdate({
      target: [gradeRules.unitId, gradeRules.academicYearId],
      set: {
        weights: values.weights,
        kktp: values.kktp,
        remedialRule: values.remedialRule,
        raporDecimals: values.raporDecimals,
        updatedByUserId: values.updatedByUserId,
        updatedAt: sqlNow(),
      },
    });
}

const overrideFields = {
  studentId: finalScoreOverrides.studentId,
  hundredths: finalScoreOverrides.hundredths,
  reason: finalScoreOverrides.reason,
  updatedAt: finalScoreOverrides.updatedAt,
};

/** The overrides of final scores in a sheet, or of one student (`studentId`). */
export async function overridesOf(db: Executor, s: Sheet, studentId?: number) {
  return db
    .select(overrideFields)
    .from(finalScoreOverrides)
    .where(
      and(
        eq(finalScoreOverrides.classGroupId, s.classGroupId),
        eq(finalScoreOverrides.subjectId, s.subjectId),
        eq(finalScoreOverrides.semester, s.semester),
        studentId === undefined ? undefined : eq(finalScoreOverrides.studentId, studentId),
      ),
    );
}

/** A student's overrides in a class and semester, every subject. */
export async function overridesOfStudent(db: Executor, classGroupId: number, semester: Semester, studentId: number) {
  return db
    .select({ subjectId: finalScoreOverrides.subjectId, hundredths: finalScoreOverrides.hundredths })
    .from(finalScoreOverrides)
    .where(
      and(
        eq(finalScoreOverrides.classGroupId, classGroupId),
        eq(finalScoreOverrides.semester, semester),
        eq(finalScoreOverrides.studentId, studentId),
      ),
    );
}

/** Every student's overrides in a class and semester, every subject (the class rapor's one read). */
export async function overridesOfClass(db: Executor, classGroupId: number, semester: Semester) {
  return db
    .select({
      studentId: finalScoreOverrides.studentId,
      subjectId: finalScoreOverrides.subjectId,
      hundredths: finalScoreOverrides.hundredths,
    })
    .from(finalScoreOverrides)
    .where(and(eq(finalScoreOverrides.classGroupId, classGroupId), eq(finalScoreOverrides.semester, semester)));
}

export async function upsertOverride(
  db: Executor,
  values: Sheet & { studentId: number; hundredths: number; reason: string; updatedByUserId: number },
) {
  await db
    .insert(finalScoreOverrides)
    .values(values)
    .onConflictDoUpdate({
      target: [
        finalScoreOverrides.classGroupId,
        finalScoreOverrides.subjectId,
        finalScoreOverrides.semester,
        finalScoreOverrides.studentId,
      ],
      set: {
        hundredths: values.hundredths,
        reason: values.reason,
        updatedByUserId: values.updatedByUserId,
        updatedAt: sqlNow(),
      },
    });
}

export async function deleteOverride(db: Executor, s: Sheet, studentId: number) {
  await db
    .delete(finalScoreOverrides)
    .where(
      and(
        eq(finalScoreOverrides.classGroupId, s.classGroupId),
        eq(finalScoreOverrides.subjectId, s.subjectId),
        eq(finalScoreOverrides.semester, s.semester),
        eq(finalScoreOverrides.studentId, studentId),
      ),
    );
}

const remedialFields = {
  columnId: remedialScores.columnId,
  studentId: remedialScores.studentId,
  kind: remedialScores.kind,
  hundredths: remedialScores.hundredths,
};

/** The remedial and enrichment scores of some columns, or of one student in them (`studentId`). */
export async function remedialsOf(db: Executor, columnIds: number[], studentId?: number) {
  if (!columnIds.length) return [];
  return db
    .select(remedialFields)
    .from(remedialScores)
    .where(
      and(
        inArray(remedialScores.columnId, columnIds),
        studentId === undefined ? undefined : eq(remedialScores.studentId, studentId),
      ),
    );
}

export async function upsertRemedial(
  db: Executor,
  values: { columnId: number; studentId: number; kind: RemedialKind; hundredths: number; updatedByUserId: number },
) {
  await db
    .insert(remedialScores)
    .values(values)
    .onConflictDoUpdate({
      target: [remedialScores.columnId, remedialScores.studentId],
      set: {
        kind: values.kind,
        hundredths: values.hundredths,
        updatedByUserId: values.updatedByUserId,
        updatedAt: sqlNow(),
      },
    });
}

export async function deleteRemedial(db: Executor, columnId: number, studentId: number) {
  await db
    .delete(remedialScores)
    .where(and(eq(remedialScores.columnId, columnId), eq(remedialScores.studentId, studentId)));
}
