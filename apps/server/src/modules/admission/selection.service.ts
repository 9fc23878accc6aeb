import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  EXAM_SAVE_GRACE_SECONDS,
  emptyResponse,
  exactGrade,
  fraction,
  MAX_DRAW_SEED,
  roundHalfUp,
  rankApplicants,
  sumFractions,
  type AuthUser,
  type ExamSavesInput,
  type Fraction,
  type SelectionCorrectionInput,
  type SelectionDecideInput,
  type SelectionDrawInput,
  type SelectionPaper,
  type SelectionQuestionInput,
  type SelectionQuestionsQuery,
  type SelectionTestStage,
} from '@mms/shared';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import {
  admissionWaves,
  applicants,
  auditLog,
  selectionAnswers,
  selectionAttempts,
  selectionQuestions,
  selectionQuestionVersions,
  selectionSetItems,
  units,
  users,
} from '../../db/schema/index.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { clock } from '../../lib/clock.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { assertUnit, unitScope } from '../../lib/scope.ts';
import { scoreAttempt, type AnswerRow, type ItemRow } from '../assessment/attempt-score.ts';
import { cleanQuestion } from '../assessment/question.service.ts';
import { paperFor, seededShuffle } from '../exam/exam-paper.ts';
import { secondsLeft } from '../exam/exam.service.ts';
import type { ApplicantAuth } from './applicant-session.ts';
import { moveApplicant } from './applicant-state.ts';

/** The deadline's applicant actor: the test submitted by the clock (state moves are logged with no user). */
const SYSTEM: AuditActor = { userId: null, username: null, ip: null, requestId: null };
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const tagsOf = (tags: readonly string[]) => [...new Set(tags.map((t) => t.trim()).filter(Boolean))];
const two = (f: Fraction) => roundHalfUp(f, 2);

// ---------------------------------------------------------------------------------------------------------
// The bank
// ---------------------------------------------------------------------------------------------------------

function questionSelect() {
  return {
    id: selectionQuestions.id,
    unitId: selectionQuestions.unitId,
    version: selectionQuestionVersions.version,
    versionId: selectionQuestionVersions.id,
    type: selectionQuestionVersions.type,
    stem: selectionQuestionVersions.stem,
    content: selectionQuestionVersions.content,
    points: selectionQuestionVersions.points,
    difficulty: selectionQuestionVersions.difficulty,
    tags: selectionQuestions.tags,
    used: sql<boolean>`exists (select 1 from selection_set_items si where si.question_id = ${selectionQuestions.id})`,
    createdAt: selectionQuestions.createdAt,
    updatedAt: selectionQuestions.updatedAt,
  };
}
const currentVersion = and(
  eq(selectionQuestionVersions.questionId, selectionQuestions.id),
  eq(selectionQuestionVersions.version, selectionQuestions.currentVersion),
);
type QuestionRow = { createdAt: Date; updatedAt: Date } & Record<string, unknown>;
const questionApi = <T extends QuestionRow>({ createdAt, updatedAt, ...row }: T) => ({
  ...row,
  createdAt: createdAt.toISOString(),
  updatedAt: updatedAt.toISOString(),
});

async function waveOf(exec: Executor, user: AuthUser, waveId: number) {
  const [wave] = await exec.select().from(admissionWaves).where(eq(admissionWaves.id, waveId));
  if (!wave) throw notFound('Gelombang');
  assertUnit(user, wave.unitId);
  return wave;
}

/** The seconds after the deadline a save in flight is still taken (the exam engine's grace). */
export const GRACE_SECONDS = EXAM_SAVE_GRACE_SECONDS;

// ---------------------------------------------------------------------------------------------------------
// Scoring: the exam engine's one rule (attempt-score.ts), with the principal's corrections replacing the key
// ---------------------------------------------------------------------------------------------------------

async function setItemsOf(exec: Executor, applicantIds: number[]) {
  if (!applicantIds.length) return [];
  return exec
    .select({
      applicantId: selectionSetItems.applicantId,
      position: selectionSetItems.position,
      questionId: selectionSetItems.questionId,
      questionVersionId: selectionSetItems.questionVersionId,
      type: selectionQuestionVersions.type,
      stem: selectionQuestionVersions.stem,
      content: selectionQuestionVersions.content,
      points: selectionQuestionVersions.points,
    })
    .from(selectionSetItems)
    .innerJoin(selectionQuestionVersions, eq(selectionQuestionVersions.id, selectionSetItems.questionVersionId))
    .where(inArray(selectionSetItems.applicantId, applicantIds))
    .orderBy(asc(selectionSetItems.applicantId), asc(selectionSetItems.position));
}
type SetItem = Awaited<ReturnType<typeof setItemsOf>>[number];

async function answersOfAttempt(exec: Executor, attemptId: number) {
  return exec.select().from(selectionAnswers).where(eq(selectionAnswers.attemptId, attemptId));
}
type SelectionAnswer = Awaited<ReturnType<typeof answersOfAttempt>>[number];

/** Per item: the key's score (scoring.ts through scoreAttempt), or the correction when the principal made one. */
function scoreSet(items: SetItem[], answers: SelectionAnswer[]) {
  const asItems = items.map((i, n): ItemRow => ({
    itemId: n + 1,
    position: i.position,
    questionId: i.questionId,
    questionVersionId: i.questionVersionId,
    version: 1,
    type: i.type,
    stem: i.stem,
    content: i.content,
    objective: null,
    points: i.points,
  }));
  const asAnswers = answers.map((a): AnswerRow => ({
    id: a.id,
    attemptId: a.attemptId,
    questionId: a.questionId,
    questionVersionId: a.questionVersionId,
    response: a.response,
    // an essay's marks are a correction; closed types are scored by the key unless corrected (below)
    scoreNum: a.correctedAt ? a.scoreNum : null,
    scoreDen: a.correctedAt ? a.scoreDen : null,
  }));
  const auto = scoreAttempt(asItems, asAnswers);
  const byQuestion = new Map(answers.map((a) => [a.questionId, a]));
  const perItem = auto.perItem.map((p) => {
    const a = byQuestion.get(p.item.questionId);
    const corrected = a?.correctedAt && a.scoreNum !== null && a.scoreDen !== null;
    return { ...p, auto: p.earned, earned: corrected ? fraction(a.scoreNum!, a.scoreDen!) : p.earned };
  });
  const total = sumFractions(perItem.map((p) => p.earned));
  const pending = perItem.filter(
    (p) => p.item.content.type === 'ESSAY' && !byQuestion.get(p.item.questionId)?.correctedAt,
  ).length;
  return { perItem, earned: total, max: auto.max, pending, grade: exactGrade(total, auto.max) };
}

/** Stores the attempt's grade (0-100, exact) from its set and answers. */
async function rescore(tx: Transaction, attemptId: number, applicantId: number, submitted: boolean) {
  const items = await setItemsOf(tx, [applicantId]);
  const answers = await answersOfAttempt(tx, attemptId);
  const s = scoreSet(items, answers);
  await tx
    .update(selectionAttempts)
    .set({
      scoreNum: s.grade.num,
      scoreDen: s.grade.den,
      ...(submitted ? { status: s.pending ? ('SUBMITTED' as const) : ('GRADED' as const) } : {}),
    })
    .where(eq(selectionAttempts.id, attemptId));
  return s;
}

/**
 * Submits an attempt in progress (by the applicant, the deadline or the staff): the finish time is the deadline
 * when the clock submitted it; scored; the applicant moves VERIFIED -> TESTED in the same transaction.
 */
async function submitAttempt(
  tx: Transaction,
  attemptId: number,
  by: 'APPLICANT' | 'DEADLINE' | 'STAFF',
  actor: AuditActor,
) {
  const [a] = await tx.select().from(selectionAttempts).where(eq(selectionAttempts.id, attemptId)).for('update');
  if (!a || a.status !== 'IN_PROGRESS') return false;
  const now = clock.now();
  const at = by === 'DEADLINE' ? a.deadlineAt : now < a.deadlineAt ? now : a.deadlineAt;
  await tx
    .update(selectionAttempts)
    .set({ status: 'SUBMITTED', submittedAt: at, submittedBy: by })
    .where(eq(selectionAttempts.id, attemptId));
  await rescore(tx, attemptId, a.applicantId, true);
  const [applicant] = await tx
    .select({ state: applicants.state })
    .from(applicants)
    .where(eq(applicants.id, a.applicantId));
  if (applicant?.state === 'VERIFIED') {
    const note = by === 'DEADLINE' ? 'Tes seleksi dikumpulkan otomatis saat waktu habis' : 'Tes seleksi dikumpulkan';
    await moveApplicant(tx, actor, a.applicantId, 'TESTED', { note });
  }
  return true;
}

/** Submits, as at their deadline, the attempts (of a wave, or one applicant) whose deadline and grace passed. */
async function sweep(db: Database, where: { waveId?: number; applicantId?: number }) {
  const limit = new Date(clock.now().getTime() - GRACE_SECONDS * 1000);
  const rows = await db
    .select({ id: selectionAttempts.id })
    .from(selectionAttempts)
    .innerJoin(applicants, eq(applicants.id, selectionAttempts.applicantId))
    .where(
      and(
        eq(selectionAttempts.status, 'IN_PROGRESS'),
        sql`${selectionAttempts.deadlineAt} < ${limit.toISOString()}::timestamptz`,
        where.waveId ? eq(applicants.waveId, where.waveId) : undefined,
        where.applicantId ? eq(applicants.id, where.applicantId) : undefined,
      ),
    );
  for (const r of rows) await db.transaction((tx) => submitAttempt(tx, r.id, 'DEADLINE', SYSTEM));
}

export function createSelectionService(db: Database) {
  // -------------------------------------------------------------------------------------------------------
  // Bank
  // -------------------------------------------------------------------------------------------------------
  async function getQuestion(user: AuthUser, id: number, exec: Executor = db) {
    const [row] = await exec
      .select(questionSelect())
      .from(selectionQuestions)
      .innerJoin(selectionQuestionVersions, currentVersion)
      .where(and(eq(selectionQuestions.id, id), isNull(selectionQuestions.deletedAt)));
    if (!row) throw notFound('Soal seleksi');
    assertUnit(user, row.unitId);
    return questionApi(row);
  }

  function unitFor(user: AuthUser, requested: number | undefined) {
    const unitId = unitScope(user, requested);
    if (unitId === null) throw badRequest('Pilih unit bank soal', { unitId: 'Unit wajib dipilih' });
    return unitId;
  }

  return {
    async listQuestions(user: AuthUser, q: SelectionQuestionsQuery) {
      const unitId = unitScope(user, q.unitId);
      const where = and(
        isNull(selectionQuestions.deletedAt),
        unitId === null ? undefined : eq(selectionQuestions.unitId, unitId),
        q.type ? eq(selectionQuestionVersions.type, q.type) : undefined,
        q.tag ? sql`${q.tag} = any(${selectionQuestions.tags})` : undefined,
        q.q ? sql`${selectionQuestionVersions.stem} ilike ${`%${q.q.replace(/[%_\\]/g, '\\$&')}%`}` : undefined,
      );
      const [total] = await db
        .select({ n: count() })
        .from(selectionQuestions)
        .innerJoin(selectionQuestionVersions, currentVersion)
        .where(where);
      const rows = await db
        .select(questionSelect())
        .from(selectionQuestions)
        .innerJoin(selectionQuestionVersions, currentVersion)
        .where(where)
        .orderBy(desc(selectionQuestions.id))
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize);
      return { items: rows.map(questionApi), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
    },

    async waves(user: AuthUser) {
      const unitId = unitScope(user, undefined);
      const items = await db
        .select({
          id: admissionWaves.id,
          name: admissionWaves.name,
          unitId: admissionWaves.unitId,
          quota: admissionWaves.quota,
        })
        .from(admissionWaves)
        .where(unitId === null ? undefined : eq(admissionWaves.unitId, unitId))
        .orderBy(desc(admissionWaves.id));
      return { items };
    },

    async bankTags(user: AuthUser, unitIdRequested: number | undefined) {
      const unitId = unitFor(user, unitIdRequested);
      const result = await db.execute<{ tag: string; count: number }>(sql`
        select t as tag, count(*)::int as count
        from selection_questions q, unnest(q.tags) t
        where q.unit_id = ${unitId} and q.deleted_at is null
        group by t order by t`);
      return { items: result.rows };
    },

    getQuestion,

    async createQuestion(user: AuthUser, actor: AuditActor, input: SelectionQuestionInput) {
      const unitId = unitFor(user, input.unitId);
      const clean = cleanQuestion(input);
      const id = await db.transaction(async (tx) => {
        const [q] = await tx
          .insert(selectionQuestions)
          .values({ unitId, tags: tagsOf(clean.tags), createdByUserId: user.id })
          .returning({ id: selectionQuestions.id });
        await tx.insert(selectionQuestionVersions).values({
          questionId: q!.id,
          version: 1,
          type: clean.content.type,
          stem: clean.stem,
          content: clean.content,
          points: clean.points,
          difficulty: clean.difficulty,
          createdByUserId: user.id,
        });
        await audit(tx, actor, {
          action: 'admission.selection.question.create',
          entityType: 'selection_question',
          entityId: q!.id,
          after: { unitId, type: clean.content.type, points: clean.points },
        });
        return q!.id;
      });
      return getQuestion(user, id);
    },

    /** An edit: a new version when the question was drawn into a set (the set keeps its version), else in place. */
    async updateQuestion(user: AuthUser, actor: AuditActor, id: number, input: SelectionQuestionInput) {
      const clean = cleanQuestion(input);
      await db.transaction(async (tx) => {
        const [q] = await tx
          .select()
          .from(selectionQuestions)
          .where(and(eq(selectionQuestions.id, id), isNull(selectionQuestions.deletedAt)))
          .for('update');
        if (!q) throw notFound('Soal seleksi');
        assertUnit(user, q.unitId);
        if (input.unitId !== undefined && input.unitId !== q.unitId)
          throw badRequest('Unit soal tidak dapat diubah', { unitId: 'Unit soal tidak dapat diubah' });
        const [used] = await tx
          .select({ n: count() })
          .from(selectionSetItems)
          .innerJoin(selectionQuestionVersions, eq(selectionQuestionVersions.id, selectionSetItems.questionVersionId))
          .where(and(eq(selectionSetItems.questionId, id), eq(selectionQuestionVersions.version, q.currentVersion)));
        const values = {
          type: clean.content.type,
          stem: clean.stem,
          content: clean.content,
          points: clean.points,
          difficulty: clean.difficulty,
        };
        let version = q.currentVersion;
        if ((used?.n ?? 0) > 0) {
          version += 1;
          await tx
            .insert(selectionQuestionVersions)
            .values({ questionId: id, version, createdByUserId: user.id, ...values });
        } else {
          await tx
            .update(selectionQuestionVersions)
            .set(values)
            .where(and(eq(selectionQuestionVersions.questionId, id), eq(selectionQuestionVersions.version, version)));
        }
        await tx
          .update(selectionQuestions)
          .set({ currentVersion: version, tags: tagsOf(clean.tags), updatedAt: clock.now() })
          .where(eq(selectionQuestions.id, id));
        await audit(tx, actor, {
          action: 'admission.selection.question.update',
          entityType: 'selection_question',
          entityId: id,
          before: { version: q.currentVersion },
          after: { version, type: values.type, points: values.points },
        });
      });
      return getQuestion(user, id);
    },

    async deleteQuestion(user: AuthUser, actor: AuditActor, id: number) {
      await db.transaction(async (tx) => {
        const q = await getQuestion(user, id, tx);
        await tx.update(selectionQuestions).set({ deletedAt: clock.now() }).where(eq(selectionQuestions.id, id));
        await audit(tx, actor, {
          action: 'admission.selection.question.delete',
          entityType: 'selection_question',
          entityId: id,
          before: { version: q.version },
        });
      });
      return { ok: true as const };
    },

    // -------------------------------------------------------------------------------------------------------
    // Random sets
    // -------------------------------------------------------------------------------------------------------
    async draws(user: AuthUser, waveId: number) {
      const wave = await waveOf(db, user, waveId);
      const result = await db.execute<{
        applicantId: number;
        regNo: string;
        name: string;
        state: SelectionPaper['applicant']['state'];
        questionCount: number;
        started: boolean;
      }>(sql`
        select a.id as "applicantId", a.reg_no as "regNo", a.name, a.state,
          (select count(*)::int from selection_set_items si where si.applicant_id = a.id) as "questionCount",
          exists (select 1 from selection_attempts t where t.applicant_id = a.id) as started
        from applicants a
        where a.wave_id = ${waveId} and a.state in ('VERIFIED', 'TESTED')
        order by a.reg_no`);
      const [last] = await db
        .select({ after: auditLog.after })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'admission.selection.draw'),
            eq(auditLog.entityType, 'admission_wave'),
            eq(auditLog.entityId, String(waveId)),
          ),
        )
        .orderBy(desc(auditLog.id))
        .limit(1);
      const lastSeed = (last?.after as { seed?: number } | null)?.seed ?? null;
      return {
        wave: { id: wave.id, name: wave.name, unitId: wave.unitId, questionCount: wave.testQuestionCount },
        lastSeed,
        items: result.rows,
      };
    },

    /**
     * Draws a set for each verified applicant of the wave who has not started: per tag the counted questions,
     * each applicant by its own generator seeded from the draw's seed and its id, so the same seed on the same
     * bank draws the same sets. All or nothing: a tag short of questions refuses the draw.
     */
    async draw(user: AuthUser, actor: AuditActor, input: SelectionDrawInput) {
      const seed = input.seed ?? 1 + Math.floor(Math.random() * MAX_DRAW_SEED);
      return db.transaction(async (tx) => {
        const wave = await waveOf(tx, user, input.waveId);
        await tx.execute(sql`select id from admission_waves where id = ${wave.id} for update`);
        const bank = await tx
          .select({ id: selectionQuestions.id, versionId: selectionQuestionVersions.id, tags: selectionQuestions.tags })
          .from(selectionQuestions)
          .innerJoin(selectionQuestionVersions, currentVersion)
          .where(and(eq(selectionQuestions.unitId, wave.unitId), isNull(selectionQuestions.deletedAt)))
          .orderBy(asc(selectionQuestions.id));
        const plan = input.tagCounts.length
          ? input.tagCounts
          : [{ tag: null as string | null, count: wave.testQuestionCount }];
        const seen = new Set<string>();
        for (const p of plan) {
          const key = (p.tag ?? '').toLowerCase();
          if (seen.has(key)) throw badRequest(`Label "${p.tag}" disebut dua kali`);
          seen.add(key);
          const available = bank.filter((q) => p.tag === null || q.tags.some((t) => t.toLowerCase() === key)).length;
          if (available < p.count)
            throw badRequest(
              p.tag === null
                ? `Bank soal seleksi hanya berisi ${available} soal; gelombang meminta ${p.count}`
                : `Soal berlabel "${p.tag}" hanya ${available}; diminta ${p.count}`,
            );
        }
        const people = await tx
          .select({
            id: applicants.id,
            started: sql<boolean>`exists (select 1 from selection_attempts t where t.applicant_id = "applicants"."id")`,
          })
          .from(applicants)
          .where(and(eq(applicants.waveId, wave.id), eq(applicants.state, 'VERIFIED')))
          .orderBy(asc(applicants.id))
          .for('update');
        let drawn = 0;
        let skipped = 0;
        for (const person of people) {
          if (person.started) {
            skipped++;
            continue;
          }
          const picked: typeof bank = [];
          const mySeed = (seed * 31 + person.id) % MAX_DRAW_SEED;
          plan.forEach((p, i) => {
            const key = (p.tag ?? '').toLowerCase();
            const pool = bank.filter(
              (q) => !picked.includes(q) && (p.tag === null || q.tags.some((t) => t.toLowerCase() === key)),
            );
            picked.push(...seededShuffle(pool, mySeed + i * 7919).slice(0, p.count));
          });
          if (picked.length === 0) continue;
          await tx.delete(selectionSetItems).where(eq(selectionSetItems.applicantId, person.id));
          await tx.insert(selectionSetItems).values(
            picked.map((q, i) => ({
              applicantId: person.id,
              position: i + 1,
              questionId: q.id,
              questionVersionId: q.versionId,
            })),
          );
          drawn++;
        }
        await audit(tx, actor, {
          action: 'admission.selection.draw',
          entityType: 'admission_wave',
          entityId: wave.id,
          after: { seed, tagCounts: input.tagCounts, drawn, skipped },
        });
        return { seed, drawn, skipped };
      });
    },

    // -------------------------------------------------------------------------------------------------------
    // The applicant's test
    // -------------------------------------------------------------------------------------------------------
    async paper(me: ApplicantAuth): Promise<SelectionPaper> {
      await sweep(db, { applicantId: me.applicantId });
      const now = clock.now();
      const [row] = await db
        .select({ applicant: applicants, wave: admissionWaves })
        .from(applicants)
        .innerJoin(admissionWaves, eq(admissionWaves.id, applicants.waveId))
        .where(eq(applicants.id, me.applicantId));
      if (!row) throw notFound('Pendaftar');
      const { applicant, wave } = row;
      const items = await setItemsOf(db, [applicant.id]);
      const [attempt] = await db
        .select()
        .from(selectionAttempts)
        .where(eq(selectionAttempts.applicantId, applicant.id));
      const opens = wave.testOpensAt;
      const closes = wave.testClosesAt;
      let stage: SelectionTestStage;
      if (attempt) stage = attempt.status === 'IN_PROGRESS' ? 'IN_PROGRESS' : 'DONE';
      else if (applicant.state !== 'VERIFIED') stage = 'NOT_VERIFIED';
      else if (!items.length) stage = 'NO_SET';
      else if (!opens || !closes || now < opens) stage = 'NOT_OPEN';
      else if (now >= closes) stage = 'CLOSED';
      else stage = 'READY';
      const answers =
        attempt && stage === 'IN_PROGRESS'
          ? (await answersOfAttempt(db, attempt.id)).map((a) => ({
              questionId: a.questionId,
              response: a.response,
              flagged: a.flagged,
              clientSeq: a.clientSeq,
            }))
          : [];
      return {
        stage,
        applicant: { regNo: applicant.regNo, name: applicant.name, state: applicant.state },
        wave: {
          name: wave.name,
          testOpensAt: iso(opens),
          testClosesAt: iso(closes),
          testDurationMinutes: wave.testDurationMinutes,
        },
        questionCount: items.length,
        serverNow: now.toISOString(),
        attempt: attempt
          ? {
              id: attempt.id,
              status: attempt.status,
              startedAt: attempt.startedAt.toISOString(),
              deadlineAt: attempt.deadlineAt.toISOString(),
              submittedAt: iso(attempt.submittedAt),
              secondsLeft: attempt.status === 'IN_PROGRESS' ? secondsLeft(attempt.deadlineAt, now) : 0,
              maxSeq: answers.reduce((m, a) => Math.max(m, a.clientSeq), 0),
            }
          : null,
        questions:
          attempt && stage === 'IN_PROGRESS'
            ? paperFor(
                items.map((i) => ({ ...i })),
                attempt.id,
                { questions: false, options: true },
              )
            : [],
        answers,
      };
    },

    /**
     * Starts the test, or resumes it on this device (a sign-in on another device ends the other session, so the
     * device that signed in last holds the attempt). The deadline is the duration from the start, never past
     * the wave's window.
     */
    async start(me: ApplicantAuth, deviceId: string) {
      await sweep(db, { applicantId: me.applicantId });
      await db.transaction(async (tx) => {
        const [applicant] = await tx.select().from(applicants).where(eq(applicants.id, me.applicantId)).for('update');
        if (!applicant) throw notFound('Pendaftar');
        const [existing] = await tx
          .select()
          .from(selectionAttempts)
          .where(eq(selectionAttempts.applicantId, applicant.id));
        const now = clock.now();
        if (existing) {
          if (existing.status !== 'IN_PROGRESS') throw conflict('Tes seleksi sudah dikumpulkan');
          await tx
            .update(selectionAttempts)
            .set({ deviceId, lastSeenAt: now })
            .where(eq(selectionAttempts.id, existing.id));
          return;
        }
        if (applicant.state !== 'VERIFIED') throw conflict('Tes seleksi dapat dikerjakan setelah berkas diverifikasi');
        const [wave] = await tx.select().from(admissionWaves).where(eq(admissionWaves.id, applicant.waveId));
        if (!wave?.testOpensAt || !wave.testClosesAt || now < wave.testOpensAt)
          throw conflict('Tes seleksi belum dibuka');
        if (now >= wave.testClosesAt) throw conflict('Waktu tes seleksi sudah ditutup');
        const [n] = await tx
          .select({ n: count() })
          .from(selectionSetItems)
          .where(eq(selectionSetItems.applicantId, applicant.id));
        if (!n?.n) throw conflict('Soal tes Anda belum disiapkan; hubungi panitia');
        const end = new Date(Math.min(now.getTime() + wave.testDurationMinutes * 60_000, wave.testClosesAt.getTime()));
        await tx
          .insert(selectionAttempts)
          .values({ applicantId: applicant.id, startedAt: now, deadlineAt: end, deviceId, lastSeenAt: now });
      });
      return this.paper(me);
    },

    /** The exam engine's saves: idempotent by clientSeq (the highest wins), all or nothing, refused after the grace. */
    async save(me: ApplicantAuth, input: ExamSavesInput) {
      await sweep(db, { applicantId: me.applicantId });
      return db.transaction(async (tx) => {
        const [attempt] = await tx
          .select()
          .from(selectionAttempts)
          .where(eq(selectionAttempts.applicantId, me.applicantId))
          .for('update');
        if (!attempt) throw conflict('Tes seleksi belum dimulai');
        const now = clock.now();
        if (attempt.status !== 'IN_PROGRESS')
          throw conflict('Tes seleksi sudah dikumpulkan; jawaban tidak dapat diubah', {
            deadline: 'Tes seleksi sudah dikumpulkan',
          });
        if (now.getTime() > attempt.deadlineAt.getTime() + GRACE_SECONDS * 1000)
          throw conflict('Waktu tes sudah habis; jawaban tidak disimpan', { deadline: 'Waktu tes sudah habis' });
        if (attempt.deviceId !== input.deviceId)
          throw conflict('Tes sedang dikerjakan di perangkat lain; muat ulang halaman untuk melanjutkan di sini', {
            deviceId: 'Tes dilanjutkan di perangkat lain',
          });
        const items = await setItemsOf(tx, [me.applicantId]);
        const byQuestion = new Map(items.map((i) => [i.questionId, i]));
        for (const s of input.saves) {
          const item = byQuestion.get(s.questionId);
          if (!item || item.type !== s.response.type) throw badRequest('Jawaban tidak cocok dengan soal tes Anda');
        }
        for (const s of input.saves) {
          const item = byQuestion.get(s.questionId)!;
          await tx
            .insert(selectionAnswers)
            .values({
              attemptId: attempt.id,
              questionId: s.questionId,
              questionVersionId: item.questionVersionId,
              response: s.response,
              clientSeq: s.clientSeq,
              flagged: s.flagged,
              savedAt: now,
            })
            .onConflictDoUpdate({
              target: [selectionAnswers.attemptId, selectionAnswers.questionId],
              set: {
                response: sql`excluded.response`,
                clientSeq: sql`excluded.client_seq`,
                flagged: sql`excluded.flagged`,
                savedAt: sql`excluded.saved_at`,
              },
              setWhere: sql`${selectionAnswers.clientSeq} < excluded.client_seq and ${selectionAnswers.correctedAt} is null`,
            });
        }
        await tx.update(selectionAttempts).set({ lastSeenAt: now }).where(eq(selectionAttempts.id, attempt.id));
        return {
          acks: input.saves.map((s) => ({ questionId: s.questionId, clientSeq: s.clientSeq })),
          secondsLeft: secondsLeft(attempt.deadlineAt, now),
          status: attempt.status,
        };
      });
    },

    async submit(me: ApplicantAuth) {
      await sweep(db, { applicantId: me.applicantId });
      return db.transaction(async (tx) => {
        const [attempt] = await tx
          .select()
          .from(selectionAttempts)
          .where(eq(selectionAttempts.applicantId, me.applicantId));
        if (!attempt) throw conflict('Tes seleksi belum dimulai');
        if (attempt.status === 'IN_PROGRESS') await submitAttempt(tx, attempt.id, 'APPLICANT', SYSTEM);
        const [after] = await tx.select().from(selectionAttempts).where(eq(selectionAttempts.id, attempt.id));
        return { status: after!.status, submittedAt: after!.submittedAt!.toISOString() };
      });
    },

    // -------------------------------------------------------------------------------------------------------
    // Review, correction, ranking, printing
    // -------------------------------------------------------------------------------------------------------
    async attempts(user: AuthUser, waveId: number) {
      await waveOf(db, user, waveId);
      await sweep(db, { waveId });
      const rows = await db
        .select({
          attemptId: selectionAttempts.id,
          applicantId: applicants.id,
          regNo: applicants.regNo,
          name: applicants.name,
          state: applicants.state,
          status: selectionAttempts.status,
          startedAt: selectionAttempts.startedAt,
          submittedAt: selectionAttempts.submittedAt,
          submittedBy: selectionAttempts.submittedBy,
          scoreNum: selectionAttempts.scoreNum,
          scoreDen: selectionAttempts.scoreDen,
          corrected: sql<number>`(select count(*)::int from selection_answers x where x.attempt_id = ${selectionAttempts.id} and x.corrected_at is not null)`,
        })
        .from(selectionAttempts)
        .innerJoin(applicants, eq(applicants.id, selectionAttempts.applicantId))
        .where(eq(applicants.waveId, waveId))
        .orderBy(asc(applicants.regNo));
      return { items: rows.map(attemptApi) };
    },

    async attempt(user: AuthUser, attemptId: number) {
      const [row] = await db
        .select({
          attemptId: selectionAttempts.id,
          applicantId: applicants.id,
          waveId: applicants.waveId,
          unitId: applicants.unitId,
          regNo: applicants.regNo,
          name: applicants.name,
          state: applicants.state,
          status: selectionAttempts.status,
          startedAt: selectionAttempts.startedAt,
          submittedAt: selectionAttempts.submittedAt,
          submittedBy: selectionAttempts.submittedBy,
          scoreNum: selectionAttempts.scoreNum,
          scoreDen: selectionAttempts.scoreDen,
        })
        .from(selectionAttempts)
        .innerJoin(applicants, eq(applicants.id, selectionAttempts.applicantId))
        .where(eq(selectionAttempts.id, attemptId));
      if (!row) throw notFound('Jawaban tes');
      assertUnit(user, row.unitId);
      const items = await setItemsOf(db, [row.applicantId]);
      const answers = await answersOfAttempt(db, attemptId);
      const correctors = await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(inArray(users.id, [0, ...answers.map((a) => a.correctedByUserId ?? 0)]));
      const nameOf = new Map(correctors.map((u) => [u.id, u.username]));
      const s = scoreSet(items, answers);
      const byQuestion = new Map(answers.map((a) => [a.questionId, a]));
      const { unitId: _unit, ...head } = row;
      return {
        attempt: {
          ...attemptApi({ ...head, corrected: answers.filter((a) => a.correctedAt).length }),
          waveId: row.waveId,
          maxPoints: s.max,
          earned: two(s.earned),
        },
        answers: s.perItem.map((p) => {
          const a = byQuestion.get(p.item.questionId);
          const item = items.find((i) => i.questionId === p.item.questionId)!;
          return {
            questionId: item.questionId,
            position: item.position,
            type: item.type,
            stem: item.stem,
            content: item.content,
            points: item.points,
            response: a?.response ?? null,
            earned: two(p.earned),
            autoEarned: item.type === 'ESSAY' ? null : two(p.auto),
            correctedBy: a?.correctedByUserId ? (nameOf.get(a.correctedByUserId) ?? null) : null,
            correctedAt: iso(a?.correctedAt ?? null),
            correctionNote: a?.correctionNote ?? null,
          };
        }),
      };
    },

    /** The principal corrects one answer's points (audited); the attempt's score and so the ranking follow. */
    async correct(
      user: AuthUser,
      actor: AuditActor,
      attemptId: number,
      questionId: number,
      input: SelectionCorrectionInput,
    ) {
      await db.transaction(async (tx) => {
        const [a] = await tx
          .select({ attempt: selectionAttempts, unitId: applicants.unitId })
          .from(selectionAttempts)
          .innerJoin(applicants, eq(applicants.id, selectionAttempts.applicantId))
          .where(eq(selectionAttempts.id, attemptId))
          .for('update');
        if (!a) throw notFound('Jawaban tes');
        assertUnit(user, a.unitId);
        if (a.attempt.status === 'IN_PROGRESS') throw conflict('Tes masih dikerjakan; koreksi setelah dikumpulkan');
        const items = await setItemsOf(tx, [a.attempt.applicantId]);
        const item = items.find((i) => i.questionId === questionId);
        if (!item) throw notFound('Soal pada set pendaftar');
        if (input.earned > item.points)
          throw badRequest(`Skor maksimal soal ini ${item.points}`, { earned: `Skor maksimal ${item.points}` });
        const before = scoreSet(items, await answersOfAttempt(tx, attemptId));
        const f = fraction(Math.round(input.earned * 100), 100);
        const now = clock.now();
        await tx
          .insert(selectionAnswers)
          .values({
            attemptId,
            questionId,
            questionVersionId: item.questionVersionId,
            // no answer given: the correction stands on an empty response of the question's type
            response: emptyResponse(item.type),
            clientSeq: 0,
            savedAt: now,
            scoreNum: f.num,
            scoreDen: f.den,
            correctedByUserId: user.id,
            correctedAt: now,
            correctionNote: input.note,
          })
          .onConflictDoUpdate({
            target: [selectionAnswers.attemptId, selectionAnswers.questionId],
            set: {
              scoreNum: f.num,
              scoreDen: f.den,
              correctedByUserId: user.id,
              correctedAt: now,
              correctionNote: input.note,
            },
          });
        const after = await rescore(tx, attemptId, a.attempt.applicantId, true);
        await audit(tx, actor, {
          action: 'admission.selection.correct',
          entityType: 'selection_attempt',
          entityId: attemptId,
          before: {
            questionId,
            earned: two(before.perItem.find((p) => p.item.questionId === questionId)!.earned),
            score: two(before.grade),
          },
          after: { questionId, earned: two(f), score: two(after.grade), note: input.note },
        });
      });
      return this.attempt(user, attemptId);
    },

    /** The staff submit an attempt still in progress (a broken phone, the applicant left). */
    async staffSubmit(user: AuthUser, actor: AuditActor, attemptId: number) {
      await db.transaction(async (tx) => {
        const [a] = await tx
          .select({ status: selectionAttempts.status, unitId: applicants.unitId })
          .from(selectionAttempts)
          .innerJoin(applicants, eq(applicants.id, selectionAttempts.applicantId))
          .where(eq(selectionAttempts.id, attemptId));
        if (!a) throw notFound('Jawaban tes');
        assertUnit(user, a.unitId);
        if (a.status !== 'IN_PROGRESS') throw conflict('Tes ini sudah dikumpulkan');
        await submitAttempt(tx, attemptId, 'STAFF', actor);
      });
      return this.attempt(user, attemptId);
    },

    async ranking(user: AuthUser, waveId: number) {
      const wave = await waveOf(db, user, waveId);
      await sweep(db, { waveId });
      const rows = await db
        .select({
          id: applicants.id,
          regNo: applicants.regNo,
          name: applicants.name,
          state: applicants.state,
          registeredAt: applicants.registeredAt,
          scoreNum: selectionAttempts.scoreNum,
          scoreDen: selectionAttempts.scoreDen,
          status: selectionAttempts.status,
        })
        .from(applicants)
        .leftJoin(selectionAttempts, eq(selectionAttempts.applicantId, applicants.id))
        .where(
          and(
            eq(applicants.waveId, waveId),
            inArray(applicants.state, ['TESTED', 'ACCEPTED', 'WAITLISTED', 'REJECTED', 'REREGISTERED']),
          ),
        );
      const info = new Map(rows.map((r) => [r.id, r]));
      const ranked = rankApplicants(
        rows.map((r) => ({
          id: r.id,
          scoreNum: r.status === 'IN_PROGRESS' ? null : r.scoreNum,
          scoreDen: r.status === 'IN_PROGRESS' ? null : r.scoreDen,
          registeredAt: (r.registeredAt ?? new Date(0)).toISOString(),
        })),
        wave.quota,
      );
      return {
        wave: { id: wave.id, name: wave.name, quota: wave.quota, announceAt: iso(wave.announceAt) },
        items: ranked.map((r) => {
          const i = info.get(r.id)!;
          return {
            applicantId: r.id,
            regNo: i.regNo,
            name: i.name,
            state: i.state,
            rank: r.rank,
            score: r.scoreNum !== null && r.scoreDen !== null ? two(fraction(r.scoreNum, r.scoreDen)) : null,
            withinQuota: r.withinQuota,
          };
        }),
      };
    },

    /** Accept, waitlist or reject from the ranking: each through moveApplicant, all in one transaction. */
    async decide(user: AuthUser, actor: AuditActor, input: SelectionDecideInput) {
      const wave = await waveOf(db, user, input.waveId);
      return db.transaction(async (tx) => {
        const ids = input.decisions.map((d) => d.applicantId);
        if (new Set(ids).size !== ids.length) throw badRequest('Seorang pendaftar disebut dua kali');
        const found = await tx
          .select({ id: applicants.id })
          .from(applicants)
          .where(and(inArray(applicants.id, ids), eq(applicants.waveId, wave.id)));
        if (found.length !== ids.length) throw notFound('Pendaftar gelombang ini');
        for (const d of input.decisions) await moveApplicant(tx, actor, d.applicantId, d.to, { note: input.note });
        return { moved: input.decisions.length };
      });
    },

    async cards(user: AuthUser, waveId: number) {
      const wave = await waveOf(db, user, waveId);
      const [unit] = await db.select({ name: units.name }).from(units).where(eq(units.id, wave.unitId));
      const items = await db
        .select({ applicantId: applicants.id, regNo: applicants.regNo, name: applicants.name })
        .from(applicants)
        .where(and(eq(applicants.waveId, waveId), inArray(applicants.state, ['VERIFIED', 'TESTED'])))
        .orderBy(asc(applicants.regNo));
      return {
        wave: {
          name: wave.name,
          unitName: unit?.name ?? '',
          testOpensAt: iso(wave.testOpensAt),
          testClosesAt: iso(wave.testClosesAt),
          testDurationMinutes: wave.testDurationMinutes,
        },
        items,
      };
    },

    async announcement(user: AuthUser, waveId: number) {
      const wave = await waveOf(db, user, waveId);
      const [unit] = await db.select({ name: units.name }).from(units).where(eq(units.id, wave.unitId));
      const rows = await db
        .select({ regNo: applicants.regNo, name: applicants.name, state: applicants.state })
        .from(applicants)
        .where(
          and(eq(applicants.waveId, waveId), inArray(applicants.state, ['ACCEPTED', 'WAITLISTED', 'REREGISTERED'])),
        )
        .orderBy(asc(applicants.regNo));
      const pick = (states: string[]) =>
        rows.filter((r) => states.includes(r.state)).map(({ regNo, name }) => ({ regNo, name }));
      return {
        wave: { name: wave.name, unitName: unit?.name ?? '', announceAt: iso(wave.announceAt) },
        accepted: pick(['ACCEPTED', 'REREGISTERED']),
        waitlisted: pick(['WAITLISTED']),
      };
    },
  };
}
export type SelectionService = ReturnType<typeof createSelectionService>;

function attemptApi(r: {
  attemptId: number;
  applicantId: number;
  regNo: string;
  name: string;
  state: SelectionPaper['applicant']['state'];
  status: 'IN_PROGRESS' | 'SUBMITTED' | 'GRADED';
  startedAt: Date;
  submittedAt: Date | null;
  submittedBy: 'APPLICANT' | 'DEADLINE' | 'STAFF' | null;
  scoreNum: number | null;
  scoreDen: number | null;
  corrected: number;
}) {
  const { scoreNum, scoreDen, startedAt, submittedAt, ...rest } = r;
  return {
    ...rest,
    startedAt: startedAt.toISOString(),
    submittedAt: iso(submittedAt),
    score:
      scoreNum !== null && scoreDen !== null && r.status !== 'IN_PROGRESS' ? two(fraction(scoreNum, scoreDen)) : null,
  };
}
