import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { QuestionContent, QuestionResponse } from '@mms/shared';
import type { Executor } from '../../../db/client.ts';
import {
  answers,
  assessments,
  assessmentTakerItems,
  attempts,
  questions,
  questionVersions,
} from '../../../db/schema/index.ts';
import { escapeLike, offsetOf } from '../../../lib/sql.ts';

/**
 * The exam engine's side of the admission selection test (issue 38 part 2): an admission wave's test is an
 * ADMISSION assessment, its bank is the unit's ADMISSION bank of `questions`, an applicant's random set is their
 * taker items, their attempt and answers are `attempts` and `answers` with the applicant as taker. Admission calls
 * these; the papers, saves, deadlines and scores are the engine's own (play/exam.service.ts, scoring/attempt-score.ts).
 */

// ---- the bank ----

const bankColumns = {
  id: questions.id,
  unitId: questions.unitId,
  version: questionVersions.version,
  versionId: questionVersions.id,
  type: questionVersions.type,
  stem: questionVersions.stem,
  content: questionVersions.content,
  points: questionVersions.points,
  difficulty: questionVersions.difficulty,
  tags: questions.tags,
  used: sql<boolean>`exists (select 1 from ${assessmentTakerItems} ti where ti.question_id = ${questions.id})`,
  createdAt: questions.createdAt,
  updatedAt: questions.updatedAt,
};
const currentVersion = and(
  eq(questionVersions.questionId, questions.id),
  eq(questionVersions.version, questions.currentVersion),
);
const inBank = and(eq(questions.bank, 'ADMISSION'), isNull(questions.deletedAt));

export async function bankQuestion(db: Executor, id: number) {
  const [row] = await db
    .select(bankColumns)
    .from(questions)
    .innerJoin(questionVersions, currentVersion)
    .where(and(eq(questions.id, id), inBank));
  return row;
}

export async function listBank(
  db: Executor,
  f: { unitId: number | null; type?: string | undefined; tag?: string | undefined; q?: string | undefined },
  page: { page: number; pageSize: number },
) {
  const where = and(
    inBank,
    f.unitId === null ? undefined : eq(questions.unitId, f.unitId),
    f.type ? eq(questionVersions.type, f.type as 'SINGLE') : undefined,
    f.tag ? sql`${f.tag} = any(${questions.tags})` : undefined,
    f.q ? sql`${questionVersions.stem} ilike ${`%${escapeLike(f.q)}%`}` : undefined,
  );
  const [[total], items] = await Promise.all([
    db.select({ n: count() }).from(questions).innerJoin(questionVersions, currentVersion).where(where),
    db
      .select(bankColumns)
      .from(questions)
      .innerJoin(questionVersions, currentVersion)
      .where(where)
      .orderBy(desc(questions.id))
      .limit(page.pageSize)
      .offset(offsetOf(page)),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function bankTags(db: Executor, unitId: number) {
  const result = await db.execute<{ tag: string; count: number }>(sql`
    select t as tag, count(*)::int as count
    from questions q, unnest(q.tags) t
    where q.unit_id = ${unitId} and q.bank = 'ADMISSION' and q.deleted_at is null
    group by t order by t`);
  return result.rows;
}

export type BankVersion = {
  type: (typeof questionVersions.$inferInsert)['type'];
  stem: string;
  content: QuestionContent;
  points: number;
  difficulty: (typeof questionVersions.$inferInsert)['difficulty'];
};

export async function insertBankQuestion(
  tx: Executor,
  v: { unitId: number; tags: string[]; userId: number },
  version: BankVersion,
) {
  const [q] = await tx
    .insert(questions)
    .values({ unitId: v.unitId, bank: 'ADMISSION', tags: v.tags })
    .returning({ id: questions.id });
  const [first] = await tx
    .insert(questionVersions)
    .values({ questionId: q!.id, version: 1, createdByUserId: v.userId, ...version })
    .returning({ id: questionVersions.id });
  return { id: q!.id, versionId: first!.id };
}

export async function lockBankQuestion(tx: Executor, id: number) {
  const [q] = await tx
    .select({ id: questions.id, unitId: questions.unitId, currentVersion: questions.currentVersion })
    .from(questions)
    .where(and(eq(questions.id, id), inBank))
    .for('update');
  return q;
}

/** Whether a version was drawn into a set: then an edit writes a new version (the set keeps its own). */
export async function versionDrawn(tx: Executor, questionId: number, version: number) {
  const [used] = await tx
    .select({ n: count() })
    .from(assessmentTakerItems)
    .innerJoin(questionVersions, eq(questionVersions.id, assessmentTakerItems.questionVersionId))
    .where(and(eq(assessmentTakerItems.questionId, questionId), eq(questionVersions.version, version)));
  return (used?.n ?? 0) > 0;
}

export async function writeVersion(
  tx: Executor,
  v: { questionId: number; version: number; isNew: boolean; userId: number; tags: string[]; now: Date },
  values: BankVersion,
) {
  if (v.isNew) {
    await tx
      .insert(questionVersions)
      .values({ questionId: v.questionId, version: v.version, createdByUserId: v.userId, ...values });
  } else {
    await tx
      .update(questionVersions)
      .set(values)
      .where(and(eq(questionVersions.questionId, v.questionId), eq(questionVersions.version, v.version)));
  }
  await tx
    .update(questions)
    .set({ currentVersion: v.version, tags: v.tags, updatedAt: v.now })
    .where(eq(questions.id, v.questionId));
}

export async function deleteBankQuestion(tx: Executor, id: number, now: Date) {
  await tx.update(questions).set({ deletedAt: now }).where(eq(questions.id, id));
}

/** The unit's bank as the draw reads it: id, current version and tags, by id. */
export function bankForDraw(tx: Executor, unitId: number) {
  return tx
    .select({ id: questions.id, versionId: questionVersions.id, tags: questions.tags })
    .from(questions)
    .innerJoin(questionVersions, currentVersion)
    .where(and(eq(questions.unitId, unitId), inBank))
    .orderBy(asc(questions.id));
}

// ---- the wave's test ----

/** The wave's selection test (an ADMISSION assessment), made on first use; one per wave (its unique key). */
export async function waveTest(db: Executor, wave: { id: number; unitId: number; name: string }) {
  const find = () =>
    db.select({ id: assessments.id }).from(assessments).where(eq(assessments.admissionWaveId, wave.id));
  const [held] = await find();
  if (held) return held.id;
  await db
    .insert(assessments)
    .values({
      unitId: wave.unitId,
      kind: 'ADMISSION',
      title: `Tes seleksi ${wave.name}`,
      admissionWaveId: wave.id,
      state: 'APPROVED',
      showScore: false,
      passingMark: 0,
    })
    .onConflictDoNothing();
  const [made] = await find();
  return made!.id;
}

// ---- sets ----

/** Per applicant of the test: the number of questions drawn and their points. */
export async function setSizes(db: Executor, assessmentId: number) {
  const rows = await db
    .select({
      applicantId: sql<number>`${assessmentTakerItems.applicantId}`,
      questions: count(),
      points: sql<number>`sum(${questionVersions.points})::int`,
    })
    .from(assessmentTakerItems)
    .innerJoin(questionVersions, eq(questionVersions.id, assessmentTakerItems.questionVersionId))
    .where(eq(assessmentTakerItems.assessmentId, assessmentId))
    .groupBy(assessmentTakerItems.applicantId);
  return new Map(rows.map((r) => [r.applicantId, r]));
}

export async function replaceSet(
  tx: Executor,
  assessmentId: number,
  applicantId: number,
  picked: readonly { id: number; versionId: number }[],
) {
  await tx
    .delete(assessmentTakerItems)
    .where(and(eq(assessmentTakerItems.assessmentId, assessmentId), eq(assessmentTakerItems.applicantId, applicantId)));
  await tx.insert(assessmentTakerItems).values(
    picked.map((q, i) => ({
      assessmentId,
      applicantId,
      position: i + 1,
      questionId: q.id,
      questionVersionId: q.versionId,
    })),
  );
}

// ---- attempts ----

/** The test's attempts (one per applicant), with the number of corrected answers. */
export async function attemptsOfTest(db: Executor, assessmentId: number, applicantIds?: readonly number[]) {
  return db
    .select({
      attemptId: attempts.id,
      applicantId: sql<number>`${attempts.applicantId}`,
      status: attempts.status,
      startedAt: attempts.startedAt,
      deadlineAt: attempts.deadlineAt,
      submittedAt: attempts.submittedAt,
      submittedBy: attempts.submittedBy,
      scoreNum: attempts.scoreNum,
      scoreDen: attempts.scoreDen,
      corrected: sql<number>`(select count(*)::int from ${answers} x where x.attempt_id = ${attempts.id} and x.corrected_at is not null)`,
    })
    .from(attempts)
    .where(
      and(
        eq(attempts.assessmentId, assessmentId),
        applicantIds ? inArray(attempts.applicantId, [0, ...applicantIds]) : undefined,
      ),
    );
}
export type TestAttempt = Awaited<ReturnType<typeof attemptsOfTest>>[number];

/** An applicant attempt by id, with its test. */
export async function applicantAttempt(db: Executor, attemptId: number, lock = false) {
  const q = db
    .select({
      attemptId: attempts.id,
      assessmentId: attempts.assessmentId,
      applicantId: sql<number>`${attempts.applicantId}`,
      status: attempts.status,
    })
    .from(attempts)
    .where(and(eq(attempts.id, attemptId), sql`${attempts.applicantId} is not null`));
  const [row] = await (lock ? q.for('update') : q);
  return row;
}

/** An attempt's answers as the review shows them: the response and the correction, if any. */
export function reviewAnswers(db: Executor, attemptId: number) {
  return db
    .select({
      questionId: answers.questionId,
      response: answers.response,
      correctedByUserId: answers.markedByUserId,
      correctedAt: answers.correctedAt,
      correctionNote: answers.correctionNote,
    })
    .from(answers)
    .where(eq(answers.attemptId, attemptId));
}

/** The principal's correction of one answer: its score replaces the key's (an unanswered one gets a row). */
export async function correctAnswer(
  tx: Executor,
  v: {
    attemptId: number;
    questionId: number;
    questionVersionId: number;
    emptyResponse: QuestionResponse;
    score: { num: number; den: number };
    userId: number;
    now: Date;
    note: string | null;
  },
) {
  const correction = {
    scoreNum: v.score.num,
    scoreDen: v.score.den,
    markedByUserId: v.userId,
    correctedAt: v.now,
    correctionNote: v.note,
  };
  await tx
    .insert(answers)
    .values({
      attemptId: v.attemptId,
      questionId: v.questionId,
      questionVersionId: v.questionVersionId,
      // no answer given: the correction stands on an empty response of the question's type
      response: v.emptyResponse,
      clientSeq: 0,
      savedAt: v.now,
      ...correction,
    })
    .onConflictDoUpdate({ target: [answers.attemptId, answers.questionId], set: correction });
}
