import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { learningObjectives, questionObjectives, scoreColumnObjectives } from '../../db/schema/index.ts';

export type ObjectiveRow = typeof learningObjectives.$inferSelect;

const columnTags = sql<number>`(select count(*)::int from score_column_objectives t where t.objective_id = ${learningObjectives.id})`;
const questionTags = sql<number>`(select count(*)::int from question_objectives t where t.objective_id = ${learningObjectives.id})`;

const listed = {
  id: learningObjectives.id,
  unitId: learningObjectives.unitId,
  academicYearId: learningObjectives.academicYearId,
  subjectId: learningObjectives.subjectId,
  gradeId: learningObjectives.gradeId,
  code: learningObjectives.code,
  description: learningObjectives.description,
  position: learningObjectives.position,
  columnTags,
  questionTags,
};

/** `%text%` for ILIKE with the pattern's own characters escaped. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The TPs of a subject and grade in a year, in their order, optionally those whose code or text has `q`. */
export function listObjectives(
  exec: Executor,
  where: { subjectId: number; gradeId: number; academicYearId: number; q?: string | undefined; ids?: number[] },
) {
  const search: SQL | undefined = where.q
    ? or(ilike(learningObjectives.code, contains(where.q)), ilike(learningObjectives.description, contains(where.q)))
    : undefined;
  return exec
    .select(listed)
    .from(learningObjectives)
    .where(
      and(
        eq(learningObjectives.subjectId, where.subjectId),
        eq(learningObjectives.gradeId, where.gradeId),
        eq(learningObjectives.academicYearId, where.academicYearId),
        search,
        where.ids ? inArray(learningObjectives.id, where.ids.length ? where.ids : [0]) : undefined,
      ),
    )
    .orderBy(asc(learningObjectives.position), asc(learningObjectives.code), asc(learningObjectives.id));
}

export async function findObjective(exec: Executor, id: number, forUpdate = false) {
  const q = exec.select().from(learningObjectives).where(eq(learningObjectives.id, id));
  const [row] = await (forUpdate ? q.for('update') : q);
  return row;
}

export async function findListed(exec: Executor, id: number) {
  const [row] = await exec.select(listed).from(learningObjectives).where(eq(learningObjectives.id, id));
  return row;
}

export async function findByIds(exec: Executor, ids: readonly number[]) {
  if (!ids.length) return [];
  return exec
    .select()
    .from(learningObjectives)
    .where(inArray(learningObjectives.id, [...ids]));
}

export async function codeTaken(
  exec: Executor,
  o: { academicYearId: number; subjectId: number; gradeId: number; code: string },
  exceptId?: number,
) {
  const [row] = await exec
    .select({ id: learningObjectives.id })
    .from(learningObjectives)
    .where(
      and(
        eq(learningObjectives.academicYearId, o.academicYearId),
        eq(learningObjectives.subjectId, o.subjectId),
        eq(learningObjectives.gradeId, o.gradeId),
        sql`lower(${learningObjectives.code}) = lower(${o.code})`,
        exceptId ? sql`${learningObjectives.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

export async function nextPosition(exec: Executor, o: { academicYearId: number; subjectId: number; gradeId: number }) {
  const [row] = await exec
    .select({ n: sql<number>`coalesce(max(${learningObjectives.position}), 0)::int + 1` })
    .from(learningObjectives)
    .where(
      and(
        eq(learningObjectives.academicYearId, o.academicYearId),
        eq(learningObjectives.subjectId, o.subjectId),
        eq(learningObjectives.gradeId, o.gradeId),
      ),
    );
  return Math.min(row?.n ?? 1, 999);
}

export async function insertObjective(exec: Executor, values: typeof learningObjectives.$inferInsert) {
  const [row] = await exec.insert(learningObjectives).values(values).returning();
  return row!;
}

export async function updateObjective(
  exec: Executor,
  id: number,
  values: Partial<Pick<ObjectiveRow, 'code' | 'description' | 'position' | 'updatedAt'>>,
) {
  await exec.update(learningObjectives).set(values).where(eq(learningObjectives.id, id));
}

export async function deleteObjective(exec: Executor, id: number) {
  await exec.delete(learningObjectives).where(eq(learningObjectives.id, id));
}

// ------------------------------------------------------------------------------------------------
// Tags

export async function columnObjectiveIds(exec: Executor, columnIds: readonly number[]) {
  if (!columnIds.length) return [];
  return exec
    .select({ columnId: scoreColumnObjectives.columnId, objectiveId: scoreColumnObjectives.objectiveId })
    .from(scoreColumnObjectives)
    .where(inArray(scoreColumnObjectives.columnId, [...columnIds]))
    .orderBy(asc(scoreColumnObjectives.columnId), asc(scoreColumnObjectives.objectiveId));
}

export async function setColumnObjectives(exec: Executor, columnId: number, objectiveIds: readonly number[]) {
  await exec.delete(scoreColumnObjectives).where(eq(scoreColumnObjectives.columnId, columnId));
  if (objectiveIds.length)
    await exec.insert(scoreColumnObjectives).values(objectiveIds.map((objectiveId) => ({ columnId, objectiveId })));
}

export async function questionObjectiveIds(exec: Executor, questionIds: readonly number[]) {
  if (!questionIds.length) return [];
  return exec
    .select({ questionId: questionObjectives.questionId, objectiveId: questionObjectives.objectiveId })
    .from(questionObjectives)
    .where(inArray(questionObjectives.questionId, [...questionIds]))
    .orderBy(asc(questionObjectives.questionId), asc(questionObjectives.objectiveId));
}

export async function setQuestionObjectives(exec: Executor, questionId: number, objectiveIds: readonly number[]) {
  await exec.delete(questionObjectives).where(eq(questionObjectives.questionId, questionId));
  if (objectiveIds.length)
    await exec.insert(questionObjectives).values(objectiveIds.map((objectiveId) => ({ questionId, objectiveId })));
}
