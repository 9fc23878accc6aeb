import { and, arrayContains, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { employees, grades, questions, questionVersions, subjects } from '../../db/schema/index.ts';
import { escapeLike, offsetOf, sqlNow } from '../../lib/sql.ts';

const columns = {
  id: questions.id,
  unitId: questions.unitId,
  // the joined subject's and grade's ids: the subject bank's rows (an ADMISSION row has none and is not joined)
  subjectId: subjects.id,
  subjectName: subjects.name,
  gradeId: grades.id,
  gradeName: grades.name,
  version: questionVersions.version,
  versionId: questionVersions.id,
  type: questionVersions.type,
  stem: questionVersions.stem,
  content: questionVersions.content,
  points: questionVersions.points,
  difficulty: questionVersions.difficulty,
  cognitiveLevel: questionVersions.cognitiveLevel,
  objective: questionVersions.objective,
  tags: questions.tags,
  authorEmployeeId: questions.authorEmployeeId,
  authorName: employees.name,
  createdAt: questions.createdAt,
  updatedAt: questions.updatedAt,
};
export type QuestionRow = Awaited<ReturnType<typeof findQuestion>> & {};

/** A question with its newest version, names beside it (deleted questions are not found). */
const withCurrentVersion = (db: Executor) =>
  db
    .select(columns)
    .from(questions)
    .innerJoin(
      questionVersions,
      and(eq(questionVersions.questionId, questions.id), eq(questionVersions.version, questions.currentVersion)),
    )
    .innerJoin(subjects, eq(subjects.id, questions.subjectId))
    .innerJoin(grades, eq(grades.id, questions.gradeId))
    .leftJoin(employees, eq(employees.id, questions.authorEmployeeId));

export async function findQuestion(db: Executor, id: number, lock = false) {
  if (lock) await db.execute(sql`select 1 from ${questions} where ${questions.id} = ${id} for update`);
  const [row] = await withCurrentVersion(db).where(and(eq(questions.id, id), isNull(questions.deletedAt)));
  return row;
}

export interface QuestionFilter {
  unitId: number | null;
  /** a teacher's subject and grade pairs (null: every pair of the unit) */
  pairs: readonly { subjectId: number; gradeId: number }[] | null;
  subjectId?: number | undefined;
  gradeId?: number | undefined;
  type?: string | undefined;
  difficulty?: string | undefined;
  tag?: string | undefined;
  q?: string | undefined;
}

function where(f: QuestionFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [isNull(questions.deletedAt)];
  if (f.unitId !== null) parts.push(eq(questions.unitId, f.unitId));
  if (f.pairs) {
    parts.push(
      f.pairs.length
        ? or(...f.pairs.map((p) => and(eq(questions.subjectId, p.subjectId), eq(questions.gradeId, p.gradeId))))
        : sql`false`,
    );
  }
  if (f.subjectId) parts.push(eq(questions.subjectId, f.subjectId));
  if (f.gradeId) parts.push(eq(questions.gradeId, f.gradeId));
  if (f.type) parts.push(eq(questionVersions.type, f.type as 'SINGLE'));
  if (f.difficulty) parts.push(eq(questionVersions.difficulty, f.difficulty as 'SEDANG'));
  if (f.tag) parts.push(arrayContains(questions.tags, [f.tag]));
  if (f.q) parts.push(ilike(questionVersions.stem, `%${escapeLike(f.q)}%`));
  return and(...parts);
}

export async function listQuestions(db: Executor, f: QuestionFilter, q: { page: number; pageSize: number }) {
  const filter = where(f);
  const [items, [total]] = await Promise.all([
    withCurrentVersion(db)
      .where(filter)
      .orderBy(asc(subjects.name), asc(grades.level), desc(questions.updatedAt), desc(questions.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db
      .select({ n: count() })
      .from(questions)
      .innerJoin(
        questionVersions,
        and(eq(questionVersions.questionId, questions.id), eq(questionVersions.version, questions.currentVersion)),
      )
      .where(filter),
  ]);
  return { items, total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

export async function insertQuestion(db: Executor, values: typeof questions.$inferInsert) {
  const [row] = await db.insert(questions).values(values).returning({ id: questions.id });
  return row!.id;
}

export async function insertVersion(db: Executor, values: typeof questionVersions.$inferInsert) {
  const [row] = await db.insert(questionVersions).values(values).returning({ id: questionVersions.id });
  return row!.id;
}

export async function setCurrentVersion(db: Executor, id: number, version: number, tags: string[]) {
  await db.update(questions).set({ currentVersion: version, tags, updatedAt: sqlNow() }).where(eq(questions.id, id));
}

export async function markDeleted(db: Executor, id: number) {
  await db.update(questions).set({ deletedAt: sqlNow(), updatedAt: sqlNow() }).where(eq(questions.id, id));
}

export function listVersions(db: Executor, questionId: number) {
  return db
    .select({
      versionId: questionVersions.id,
      version: questionVersions.version,
      type: questionVersions.type,
      points: questionVersions.points,
      createdAt: questionVersions.createdAt,
    })
    .from(questionVersions)
    .where(eq(questionVersions.questionId, questionId))
    .orderBy(desc(questionVersions.version));
}
