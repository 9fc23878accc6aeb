import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AssessmentKind } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import {
  assessmentClasses,
  assessmentDrawRules,
  assessmentItems,
  assessments,
  assessmentShares,
  classGroups,
  employees,
  grades,
  questions,
  questionVersions,
  subjects,
  units,
} from '../../db/schema/index.ts';
import { escapeLike, offsetOf, sqlNow } from '../../lib/sql.ts';

const columns = {
  id: assessments.id,
  unitId: assessments.unitId,
  // a teacher's kinds: an ADMISSION test (an admission wave's) has no subject and is not joined
  kind: sql<AssessmentKind>`${assessments.kind}`,
  title: assessments.title,
  subjectId: subjects.id,
  subjectName: subjects.name,
  gradeId: grades.id,
  gradeName: grades.name,
  authorEmployeeId: assessments.authorEmployeeId,
  authorName: employees.name,
  instructions: assessments.instructions,
  dueAt: assessments.dueAt,
  durationMinutes: assessments.durationMinutes,
  opensAt: assessments.opensAt,
  closesAt: assessments.closesAt,
  shuffleQuestions: assessments.shuffleQuestions,
  shuffleOptions: assessments.shuffleOptions,
  attemptsAllowed: assessments.attemptsAllowed,
  passingMark: assessments.passingMark,
  showScore: assessments.showScore,
  showKey: assessments.showKey,
  tokenRequired: assessments.tokenRequired,
  isSample: assessments.isSample,
  state: assessments.state,
  checkNote: assessments.checkNote,
  formativeNeedsCheck: units.formativeNeedsCheck,
  itemCount: sql<number>`(select count(*)::int from ${assessmentItems} where ${assessmentItems.assessmentId} = ${assessments.id})`,
  createdAt: assessments.createdAt,
  updatedAt: assessments.updatedAt,
};
export type AssessmentRow = Awaited<ReturnType<typeof findAssessment>> & {};

const withNames = (db: Executor) =>
  db
    .select(columns)
    .from(assessments)
    .innerJoin(units, eq(units.id, assessments.unitId))
    .innerJoin(subjects, eq(subjects.id, assessments.subjectId))
    .innerJoin(grades, eq(grades.id, assessments.gradeId))
    .leftJoin(employees, eq(employees.id, assessments.authorEmployeeId));

/** An assessment with its names (deleted ones are not found); `lock` holds it for the transaction. */
export async function findAssessment(db: Executor, id: number, lock = false) {
  if (lock) await db.execute(sql`select 1 from ${assessments} where ${assessments.id} = ${id} for update`);
  const [row] = await withNames(db).where(and(eq(assessments.id, id), isNull(assessments.deletedAt)));
  return row;
}

export interface AssessmentFilter {
  unitId: number | null;
  /**
   * A teacher's reach: their own, those of the subject and grade pairs they teach, and those shared with them
   * (null: every assessment of the unit)
   */
  teacher: { employeeId: number; pairs: readonly { subjectId: number; gradeId: number }[] } | null;
  /** only this author's */
  authorEmployeeId?: number | undefined;
  /** only those shared with this employee */
  sharedWithEmployeeId?: number | undefined;
  kind?: string | undefined;
  state?: string | undefined;
  /** the instant the state filter reads the window at (a scheduled assessment opens and closes by itself) */
  now: Date;
  subjectId?: number | undefined;
  gradeId?: number | undefined;
  q?: string | undefined;
}

/** The state as it is at `now`, as `effectiveState` of `@mms/shared` reads it (for filtering in SQL). */
const effectiveState = (now: Date) => sql`case
  when ${assessments.state} in ('SCHEDULED', 'OPEN') and ${assessments.closesAt} <= ${now} then 'CLOSED'
  when ${assessments.state} = 'SCHEDULED' and ${assessments.opensAt} <= ${now} then 'OPEN'
  else ${assessments.state} end`;

function where(f: AssessmentFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [isNull(assessments.deletedAt)];
  if (f.unitId !== null) parts.push(eq(assessments.unitId, f.unitId));
  if (f.teacher) {
    const { employeeId, pairs } = f.teacher;
    parts.push(
      or(
        eq(assessments.authorEmployeeId, employeeId),
        ...pairs.map((p) => and(eq(assessments.subjectId, p.subjectId), eq(assessments.gradeId, p.gradeId))),
        sql`exists (select 1 from ${assessmentShares} where ${assessmentShares.assessmentId} = ${assessments.id} and ${assessmentShares.employeeId} = ${employeeId})`,
      ),
    );
  }
  if (f.authorEmployeeId) parts.push(eq(assessments.authorEmployeeId, f.authorEmployeeId));
  if (f.sharedWithEmployeeId !== undefined) {
    parts.push(
      sql`exists (select 1 from ${assessmentShares} where ${assessmentShares.assessmentId} = ${assessments.id} and ${assessmentShares.employeeId} = ${f.sharedWithEmployeeId})`,
    );
  }
  if (f.kind) parts.push(eq(assessments.kind, f.kind as 'TASK'));
  if (f.state) parts.push(sql`${effectiveState(f.now)} = ${f.state}`);
  if (f.subjectId) parts.push(eq(assessments.subjectId, f.subjectId));
  if (f.gradeId) parts.push(eq(assessments.gradeId, f.gradeId));
  if (f.q) parts.push(ilike(assessments.title, `%${escapeLike(f.q)}%`));
  return and(...parts);
}

export async function listAssessments(db: Executor, f: AssessmentFilter, q: { page: number; pageSize: number }) {
  const filter = where(f);
  const [items, [total]] = await Promise.all([
    withNames(db)
      .where(filter)
      .orderBy(desc(assessments.updatedAt), desc(assessments.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(assessments).where(filter),
  ]);
  return { items, total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

export async function insertAssessment(db: Executor, values: typeof assessments.$inferInsert) {
  const [row] = await db.insert(assessments).values(values).returning({ id: assessments.id });
  return row!.id;
}

export async function updateAssessment(db: Executor, id: number, values: Partial<typeof assessments.$inferInsert>) {
  await db
    .update(assessments)
    .set({ ...values, updatedAt: sqlNow() })
    .where(eq(assessments.id, id));
}

export async function markDeleted(db: Executor, id: number) {
  await db.update(assessments).set({ deletedAt: sqlNow(), updatedAt: sqlNow() }).where(eq(assessments.id, id));
}

/** The class groups of the assessments, by assessment. */
export async function classesOf(db: Executor, ids: readonly number[]) {
  const byId = new Map<number, { id: number; name: string }[]>(ids.map((id) => [id, []]));
  if (!ids.length) return byId;
  const rows = await db
    .select({ assessmentId: assessmentClasses.assessmentId, id: classGroups.id, name: classGroups.name })
    .from(assessmentClasses)
    .innerJoin(classGroups, eq(classGroups.id, assessmentClasses.classGroupId))
    .where(inArray(assessmentClasses.assessmentId, [...ids]))
    .orderBy(asc(classGroups.name));
  for (const r of rows) byId.get(r.assessmentId)?.push({ id: r.id, name: r.name });
  return byId;
}

export async function setClasses(db: Executor, id: number, classIds: readonly number[]) {
  await db.delete(assessmentClasses).where(eq(assessmentClasses.assessmentId, id));
  if (classIds.length) {
    await db.insert(assessmentClasses).values(classIds.map((classGroupId) => ({ assessmentId: id, classGroupId })));
  }
}

/** The fixed questions in order, with the version each is pinned to. */
export function itemsOf(db: Executor, id: number) {
  return db
    .select({
      position: assessmentItems.position,
      questionId: assessmentItems.questionId,
      questionVersionId: assessmentItems.questionVersionId,
      version: questionVersions.version,
      type: questionVersions.type,
      stem: questionVersions.stem,
      points: sql<number>`coalesce(${assessmentItems.points}, ${questionVersions.points})`,
      pointsOverride: assessmentItems.points,
    })
    .from(assessmentItems)
    .innerJoin(questionVersions, eq(questionVersions.id, assessmentItems.questionVersionId))
    .where(eq(assessmentItems.assessmentId, id))
    .orderBy(asc(assessmentItems.position));
}

export async function setItems(
  db: Executor,
  id: number,
  items: readonly { questionId: number; questionVersionId: number; points: number | null }[],
) {
  await db.delete(assessmentItems).where(eq(assessmentItems.assessmentId, id));
  if (items.length) {
    await db.insert(assessmentItems).values(items.map((item, i) => ({ ...item, assessmentId: id, position: i + 1 })));
  }
}

/** The questions of the bank by id with their current version (deleted ones are left out). */
export function currentQuestions(db: Executor, ids: readonly number[]) {
  // the subject bank only: the admission committee's questions are not a teacher's to use
  return db
    .select({
      id: questions.id,
      unitId: questions.unitId,
      subjectId: questions.subjectId,
      gradeId: questions.gradeId,
      versionId: questionVersions.id,
    })
    .from(questions)
    .innerJoin(
      questionVersions,
      and(eq(questionVersions.questionId, questions.id), eq(questionVersions.version, questions.currentVersion)),
    )
    .where(and(inArray(questions.id, [...ids]), isNull(questions.deletedAt), eq(questions.bank, 'SUBJECT')));
}

export function drawRulesOf(db: Executor, id: number) {
  return db
    .select({
      tag: assessmentDrawRules.tag,
      difficulty: assessmentDrawRules.difficulty,
      type: assessmentDrawRules.type,
      count: assessmentDrawRules.count,
    })
    .from(assessmentDrawRules)
    .where(eq(assessmentDrawRules.assessmentId, id))
    .orderBy(asc(assessmentDrawRules.id));
}

export async function setDrawRules(
  db: Executor,
  id: number,
  rules: readonly Omit<typeof assessmentDrawRules.$inferInsert, 'assessmentId'>[],
) {
  await db.delete(assessmentDrawRules).where(eq(assessmentDrawRules.assessmentId, id));
  if (rules.length) await db.insert(assessmentDrawRules).values(rules.map((r) => ({ ...r, assessmentId: id })));
}

export function sharesOf(db: Executor, id: number) {
  return db
    .select({ employeeId: assessmentShares.employeeId, name: employees.name, mode: assessmentShares.mode })
    .from(assessmentShares)
    .innerJoin(employees, eq(employees.id, assessmentShares.employeeId))
    .where(eq(assessmentShares.assessmentId, id))
    .orderBy(asc(employees.name));
}

/** How the assessment is shared with the employee, if it is. */
export async function shareFor(db: Executor, id: number, employeeId: number) {
  const [row] = await db
    .select({ mode: assessmentShares.mode })
    .from(assessmentShares)
    .where(and(eq(assessmentShares.assessmentId, id), eq(assessmentShares.employeeId, employeeId)));
  return row?.mode ?? null;
}

export async function upsertShare(db: Executor, id: number, employeeId: number, mode: 'READ' | 'COPY') {
  await db
    .insert(assessmentShares)
    .values({ assessmentId: id, employeeId, mode })
    .onConflictDoUpdate({ target: [assessmentShares.assessmentId, assessmentShares.employeeId], set: { mode } });
}

/** The raw rows a copy starts from. */
export async function copySource(db: Executor, id: number) {
  const [row] = await db.select().from(assessments).where(eq(assessments.id, id));
  const items = await db
    .select({
      questionId: assessmentItems.questionId,
      questionVersionId: assessmentItems.questionVersionId,
      points: assessmentItems.points,
    })
    .from(assessmentItems)
    .where(eq(assessmentItems.assessmentId, id))
    .orderBy(asc(assessmentItems.position));
  return { row: row!, items, rules: await drawRulesOf(db, id) };
}
