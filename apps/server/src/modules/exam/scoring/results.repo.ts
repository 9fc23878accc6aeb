import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { QuestionContent, QuestionResponse } from '@mms/shared';
import type { Executor } from '../../../db/client.ts';
import {
  answers,
  assessmentItems,
  assessmentTakerItems,
  attempts,
  questionVersions,
} from '../../../db/schema/index.ts';
import { arrayParam, sqlNow } from '../../../lib/sql.ts';

/** What a paper reads of a pinned version. */
const pinned = {
  version: questionVersions.version,
  type: questionVersions.type,
  stem: questionVersions.stem,
  content: questionVersions.content,
  objective: questionVersions.objective,
};

/** The fixed questions of an assessment in order, with the pinned version's content and the points that count. */
export function itemsWithContent(db: Executor, assessmentId: number) {
  return db
    .select({
      itemId: assessmentItems.id,
      position: assessmentItems.position,
      questionId: assessmentItems.questionId,
      questionVersionId: assessmentItems.questionVersionId,
      ...pinned,
      points: sql<number>`coalesce(${assessmentItems.points}, ${questionVersions.points})`,
    })
    .from(assessmentItems)
    .innerJoin(questionVersions, eq(questionVersions.id, assessmentItems.questionVersionId))
    .where(eq(assessmentItems.assessmentId, assessmentId))
    .orderBy(asc(assessmentItems.position));
}
export type ItemRow = Awaited<ReturnType<typeof itemsWithContent>>[number];

/** The taker's own drawn paper (assessment_taker_items), in order, as items; empty when they have none. */
export function takerItemsWithContent(
  db: Executor,
  assessmentId: number,
  taker: { studentId?: number | null | undefined; applicantId?: number | null | undefined },
) {
  return db
    .select({
      itemId: assessmentTakerItems.id,
      position: assessmentTakerItems.position,
      questionId: assessmentTakerItems.questionId,
      questionVersionId: assessmentTakerItems.questionVersionId,
      ...pinned,
      points: questionVersions.points,
    })
    .from(assessmentTakerItems)
    .innerJoin(questionVersions, eq(questionVersions.id, assessmentTakerItems.questionVersionId))
    .where(
      and(
        eq(assessmentTakerItems.assessmentId, assessmentId),
        taker.applicantId
          ? eq(assessmentTakerItems.applicantId, taker.applicantId)
          : eq(assessmentTakerItems.studentId, taker.studentId ?? 0),
      ),
    )
    .orderBy(asc(assessmentTakerItems.position));
}

/** The paper of one taker: their own drawn items when they have some, else the assessment's. */
export async function itemsOfTaker(
  db: Executor,
  assessmentId: number,
  taker: { studentId?: number | null | undefined; applicantId?: number | null | undefined },
): Promise<ItemRow[]> {
  const own = await takerItemsWithContent(db, assessmentId, taker);
  return own.length ? own : itemsWithContent(db, assessmentId);
}

/** The students of the assessment's classes (everyone enrolled there in the class's year), with their class. */
export async function takersOf(db: Executor, assessmentId: number) {
  const result = await db.execute<{ studentId: number; nis: string; name: string; className: string }>(sql`
    select distinct on (s.id) s.id as "studentId", s.nis, s.name, cg.name as "className"
    from assessment_classes ac
    join enrollments e on e.class_group_id = ac.class_group_id
    join class_groups cg on cg.id = ac.class_group_id
    join students s on s.id = e.student_id
    where ac.assessment_id = ${assessmentId}
    order by s.id, e.ended_at is null desc`);
  return result.rows.sort((a, b) => a.className.localeCompare(b.className) || a.name.localeCompare(b.name));
}

/** Each student's latest attempt at the assessment. */
export async function latestAttempts(db: Executor, assessmentId: number) {
  const result = await db.execute<{
    id: number;
    studentId: number;
    status: 'IN_PROGRESS' | 'SUBMITTED' | 'GRADED';
    scoreNum: number | null;
    scoreDen: number | null;
  }>(sql`
    select distinct on (student_id) id, student_id as "studentId", status, score_num as "scoreNum", score_den as "scoreDen"
    from attempts where assessment_id = ${assessmentId}
    order by student_id, attempt_no desc`);
  return result.rows;
}

/**
 * The latest attempt of each of the students at each assessment, when it is GRADED: the attempt whose score the
 * grade book holds (exam/scoring/gradebook.ts). Read by mastery per learning objective
 * (learning-objectives), which scores them with scoreAttempt.
 */
export async function gradedLatestAttempts(
  db: Executor,
  assessmentIds: readonly number[],
  studentIds: readonly number[],
) {
  if (!assessmentIds.length || !studentIds.length) return [];
  const result = await db.execute<{ id: number; assessmentId: number; studentId: number; status: string }>(sql`
    select * from (
      select distinct on (assessment_id, student_id) id, assessment_id as "assessmentId", student_id as "studentId", status
        from attempts
       where assessment_id = any(${`{${assessmentIds.join(',')}}`}::int[])
         and student_id = any(${`{${studentIds.join(',')}}`}::int[])
       order by assessment_id, student_id, attempt_no desc
    ) latest where status = 'GRADED'`);
  return result.rows;
}

export async function answersOf(db: Executor, attemptIds: number[]) {
  if (!attemptIds.length) return [];
  return db
    .select({
      id: answers.id,
      attemptId: answers.attemptId,
      questionId: answers.questionId,
      questionVersionId: answers.questionVersionId,
      response: answers.response,
      scoreNum: answers.scoreNum,
      scoreDen: answers.scoreDen,
      correctedAt: answers.correctedAt,
    })
    .from(answers)
    .where(inArray(answers.attemptId, attemptIds));
}
export type AnswerRow = Awaited<ReturnType<typeof answersOf>>[number];

/** The student's first attempt, created (submitted now) when there is none; locked for the transaction. */
export async function sheetAttempt(db: Executor, assessmentId: number, studentId: number, now: Date) {
  const [existing] = await db
    .select({ id: attempts.id })
    .from(attempts)
    .where(and(eq(attempts.assessmentId, assessmentId), eq(attempts.studentId, studentId), eq(attempts.attemptNo, 1)))
    .for('update');
  if (existing) return existing.id;
  const [row] = await db
    .insert(attempts)
    .values({
      assessmentId,
      studentId,
      attemptNo: 1,
      startedAt: now,
      deadlineAt: now,
      submittedAt: now,
      status: 'SUBMITTED',
    })
    .returning({ id: attempts.id });
  return row!.id;
}

export async function replaceAnswers(
  db: Executor,
  attemptId: number,
  rows: {
    questionId: number;
    questionVersionId: number;
    response: QuestionResponse;
    scoreNum: number | null;
    scoreDen: number | null;
  }[],
) {
  await db.delete(answers).where(eq(answers.attemptId, attemptId));
  if (rows.length) await db.insert(answers).values(rows.map((r) => ({ ...r, attemptId, clientSeq: 0 })));
}

export async function setAnswerScore(
  db: Executor,
  answerId: number,
  score: { num: number; den: number } | null,
  markedByUserId: number | null,
) {
  await db
    .update(answers)
    .set({ scoreNum: score?.num ?? null, scoreDen: score?.den ?? null, markedByUserId })
    .where(eq(answers.id, answerId));
}

export async function setAnswerVersion(db: Executor, answerId: number, questionVersionId: number) {
  await db.update(answers).set({ questionVersionId }).where(eq(answers.id, answerId));
}

export async function setAttemptScore(
  db: Executor,
  attemptId: number,
  score: { num: number; den: number },
  status: 'SUBMITTED' | 'GRADED',
) {
  // an attempt still being taken keeps its status: only its running score changes
  await db
    .update(attempts)
    .set({
      scoreNum: score.num,
      scoreDen: score.den,
      status: sql`case when ${attempts.status} = 'IN_PROGRESS' then 'IN_PROGRESS' else ${status} end`,
    })
    .where(eq(attempts.id, attemptId));
}

/** One answer with its attempt's assessment and student, locked for the marking transaction. */
export async function findAnswer(db: Executor, answerId: number) {
  const result = await db.execute<{
    id: number;
    attemptId: number;
    assessmentId: number;
    studentId: number;
    questionId: number;
    scoreNum: number | null;
    scoreDen: number | null;
  }>(sql`
    select a.id, a.attempt_id as "attemptId", t.assessment_id as "assessmentId", t.student_id as "studentId",
      a.question_id as "questionId", a.score_num as "scoreNum", a.score_den as "scoreDen"
    from answers a join attempts t on t.id = a.attempt_id
    where a.id = ${answerId}
    for update of a, t`);
  return result.rows[0];
}

export async function insertVersion(
  db: Executor,
  values: typeof questionVersions.$inferInsert & { content: QuestionContent },
) {
  const [row] = await db.insert(questionVersions).values(values).returning({ id: questionVersions.id });
  return row!.id;
}

export async function repinItem(db: Executor, itemId: number, questionVersionId: number) {
  await db.update(assessmentItems).set({ questionVersionId }).where(eq(assessmentItems.id, itemId));
}

export async function setQuestionCurrentVersion(db: Executor, questionId: number, version: number) {
  await db.execute(
    sql`update questions set current_version = greatest(current_version, ${version}), updated_at = ${sqlNow()} where id = ${questionId}`,
  );
}

export async function nextVersion(db: Executor, questionId: number) {
  const result = await db.execute<{ n: number }>(
    sql`select coalesce(max(version), 0)::int + 1 as n from question_versions where question_id = ${questionId}`,
  );
  return result.rows[0]!.n;
}

/** The fields of a version a key change keeps (stem, points, difficulty, level, objective). */
export async function versionFields(db: Executor, id: number) {
  const [row] = await db
    .select({
      stem: questionVersions.stem,
      points: questionVersions.points,
      difficulty: questionVersions.difficulty,
      cognitiveLevel: questionVersions.cognitiveLevel,
      objective: questionVersions.objective,
    })
    .from(questionVersions)
    .where(eq(questionVersions.id, id));
  return row!;
}

/** The formative assessments of a subject and grade of a unit that have results (scheduled or later), by date. */
export async function formativesOf(db: Executor, unitId: number, subjectId: number, gradeId: number) {
  const result = await db.execute<{ id: number; title: string }>(sql`
    select id, title from assessments
    where unit_id = ${unitId} and subject_id = ${subjectId} and grade_id = ${gradeId} and kind = 'FORMATIVE'
      and deleted_at is null and state in ('SCHEDULED', 'OPEN', 'CLOSED', 'GRADED', 'PUBLISHED')
    order by coalesce(opens_at, created_at), id`);
  return result.rows;
}

/** The assessments of a class (not samples' answers, not drafts), with the fields a student may read. */
export async function assessmentsOfClass(db: Executor, classGroupId: number) {
  const result = await db.execute<{
    id: number;
    kind: string;
    title: string;
    subjectName: string;
    state: string;
    opensAt: Date | null;
    closesAt: Date | null;
    durationMinutes: number | null;
    isSample: boolean;
    showScore: boolean;
    passingMark: number;
  }>(sql`
    select a.id, a.kind, a.title, sj.name as "subjectName", a.state, a.opens_at as "opensAt", a.closes_at as "closesAt",
      a.duration_minutes as "durationMinutes", a.is_sample as "isSample", a.show_score as "showScore",
      a.passing_mark as "passingMark"
    from assessment_classes ac join assessments a on a.id = ac.assessment_id join subjects sj on sj.id = a.subject_id
    where ac.class_group_id = ${classGroupId} and a.deleted_at is null
      and a.state in ('SCHEDULED', 'OPEN', 'CLOSED', 'GRADED', 'PUBLISHED')
    order by a.opens_at nulls last, a.id`);
  return result.rows;
}

/** One student's latest attempt at an assessment. */
export async function latestAttemptOf(db: Executor, assessmentId: number, studentId: number) {
  const [row] = await db
    .select({ id: attempts.id, status: attempts.status })
    .from(attempts)
    .where(and(eq(attempts.assessmentId, assessmentId), eq(attempts.studentId, studentId)))
    .orderBy(sql`${attempts.attemptNo} desc`)
    .limit(1);
  return row;
}

/**
 * What the grade book needs of a student's attempt just scored: its assessment (not deleted), whether it is the
 * student's latest attempt, and the class of the assessment the student is in (open enrolment first). None for an
 * applicant's attempt.
 */
export async function attemptForGradebook(db: Executor, attemptId: number) {
  const result = await db.execute<{
    studentId: number;
    status: 'IN_PROGRESS' | 'SUBMITTED' | 'GRADED';
    latest: boolean;
    assessmentId: number;
    unitId: number;
    subjectId: number;
    kind: string;
    title: string;
    isSample: boolean;
    date: string;
    classGroupId: number | null;
  }>(sql`
    select t.student_id as "studentId", t.status,
      not exists (select 1 from attempts n where n.assessment_id = t.assessment_id and n.student_id = t.student_id
        and n.attempt_no > t.attempt_no) as latest,
      a.id as "assessmentId", a.unit_id as "unitId", a.subject_id as "subjectId", a.kind, a.title,
      a.is_sample as "isSample",
      (coalesce(a.opens_at, a.due_at, a.closes_at, t.submitted_at, t.started_at) at time zone 'Asia/Jakarta')::date::text
        as date,
      (select ac.class_group_id from assessment_classes ac
        join enrollments e on e.class_group_id = ac.class_group_id and e.student_id = t.student_id
        where ac.assessment_id = a.id order by e.ended_at is null desc, e.started_at desc limit 1) as "classGroupId"
    from attempts t join assessments a on a.id = t.assessment_id
    where t.id = ${attemptId} and t.student_id is not null and a.deleted_at is null and a.subject_id is not null`);
  return result.rows[0];
}

/** Of some assessments, those whose scores a student may read: published, with scores shown. */
export async function shownToStudents(db: Executor, assessmentIds: number[]) {
  if (!assessmentIds.length) return [];
  const result = await db.execute<{ id: number }>(sql`
    select id from assessments
    where id = any(${arrayParam(assessmentIds)}::int[]) and state = 'PUBLISHED' and show_score and deleted_at is null`);
  return result.rows.map((r) => r.id);
}
