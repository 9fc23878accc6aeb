import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  emptyResponse,
  exactGrade,
  fraction,
  MAX_DRAW_SEED,
  roundHalfUp,
  rankApplicants,
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
import { admissionWaves, applicants, auditLog, units, users } from '../../db/schema/index.ts';
import { actorOfUser } from '../../lib/actor.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { clock } from '../../lib/clock.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { assertUnit, unitScope } from '../../lib/scope.ts';
import { scheduleExamDeadline } from '../../jobs/names.ts';
import { access } from '../access/access.service.ts';
import { itemsOfTaker, answersOf, rescore, scoreAttempt } from '../exam/scoring/attempt-score.ts';
import { cleanQuestion } from '../assessment/question.service.ts';
import * as test from '../exam/admission-test/admission-test.service.ts';
import { paperFor, seededShuffle } from '../exam/paper/exam-paper.ts';
import {
  GRACE_SECONDS,
  onSubmitted,
  saveAnswers,
  secondsLeft,
  submitNow,
  sweepDeadlines,
  type TestWords,
} from '../exam/play/exam.service.ts';
import type { ApplicantAuth } from './applicant-session.ts';
import { moveApplicant } from './applicant-state.ts';

/**
 * The admission selection test (issue 17) on the exam engine (issue 38 part 2): a wave's test is an ADMISSION
 * assessment, its bank the unit's ADMISSION questions, an applicant is the taker of their attempt. The paper, the
 * save protocol, the deadline (and its job), the scoring and the corrections are the engine's; this file keeps what
 * is admission's: the wave's window, the random draw, the applicant's states, the ranking and the papers printed.
 */

/** The deadline's applicant actor: the test submitted by the clock (state moves are logged with no user). */
const SYSTEM: AuditActor = { userId: null, username: null, ip: null, requestId: null };
const WORDS: TestWords = { thisTest: 'Tes seleksi ini', ofTest: 'tes Anda', time: 'Waktu tes' };
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const tagsOf = (tags: readonly string[]) => [...new Set(tags.map((t) => t.trim()).filter(Boolean))];
const two = (f: Fraction) => roundHalfUp(f, 2);
/** The engine's submitters in the admission's words. */
const SUBMITTED_BY = { STUDENT: 'APPLICANT', DEADLINE: 'DEADLINE', PROCTOR: 'STAFF' } as const;
/** The grade (0-100, exact) of points earned out of the set's points. */
const gradeOf = (num: number | null, den: number | null, max: number) =>
  num === null || den === null ? null : exactGrade(fraction(num, den), max);

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
export { GRACE_SECONDS };

// An applicant's attempt submitted (by them, the deadline or the staff): VERIFIED -> TESTED in the same transaction.
onSubmitted(async (tx, submitted) => {
  for (const s of submitted) {
    if (!s.applicantId) continue;
    const [applicant] = await tx
      .select({ state: applicants.state })
      .from(applicants)
      .where(eq(applicants.id, s.applicantId));
    if (applicant?.state !== 'VERIFIED') continue;
    const note = s.by === 'DEADLINE' ? 'Tes seleksi dikumpulkan otomatis saat waktu habis' : 'Tes seleksi dikumpulkan';
    await moveApplicant(tx as Transaction, SYSTEM, s.applicantId, 'TESTED', { note });
  }
});

/** The applicant with their wave and the wave's test. */
async function applicantTest(exec: Executor, applicantId: number) {
  const [row] = await exec
    .select({ applicant: applicants, wave: admissionWaves })
    .from(applicants)
    .innerJoin(admissionWaves, eq(admissionWaves.id, applicants.waveId))
    .where(eq(applicants.id, applicantId));
  if (!row) throw notFound('Pendaftar');
  return { ...row, testId: await test.waveTest(exec, row.wave) };
}

const attemptOf = test.attemptOfApplicant;

/** An attempt's score now, by the engine's one rule, and its grade. */
async function scored(exec: Executor, testId: number, attemptId: number, applicantId: number) {
  const items = await itemsOfTaker(exec, testId, { applicantId });
  const s = scoreAttempt(items, await answersOf(exec, [attemptId]));
  return { items, ...s, grade: exactGrade(s.earned, s.max) };
}

function attemptApi(
  r: test.TestAttempt & { regNo: string; name: string; state: SelectionPaper['applicant']['state'] },
  maxPoints: number,
) {
  const grade = r.status === 'IN_PROGRESS' ? null : gradeOf(r.scoreNum, r.scoreDen, maxPoints);
  return {
    attemptId: r.attemptId,
    applicantId: r.applicantId,
    regNo: r.regNo,
    name: r.name,
    state: r.state,
    status: r.status,
    startedAt: r.startedAt.toISOString(),
    submittedAt: iso(r.submittedAt),
    submittedBy: r.submittedBy ? SUBMITTED_BY[r.submittedBy] : null,
    score: grade ? two(grade) : null,
    corrected: r.corrected,
  };
}

export function createSelectionService(db: Database) {
  /** Submits, as at their deadline, the attempts of the test whose deadline and grace passed (the engine's sweep). */
  const sweep = (testId: number) => sweepDeadlines(db, testId);

  // -------------------------------------------------------------------------------------------------------
  // Bank: the unit's ADMISSION questions of the question bank
  // -------------------------------------------------------------------------------------------------------
  async function getQuestion(user: AuthUser, id: number, exec: Executor = db) {
    const row = await test.bankQuestion(exec, id);
    if (!row) throw notFound('Soal seleksi');
    assertUnit(user, row.unitId);
    return questionApi(row);
  }

  function unitFor(user: AuthUser, requested: number | undefined) {
    const unitId = unitScope(user, requested);
    if (unitId === null) throw badRequest('Pilih unit bank soal', { unitId: 'Unit wajib dipilih' });
    return unitId;
  }

  /** Staff reads of one attempt: the attempt, its applicant (the access service's applicant rule) and the test. */
  async function staffAttempt(exec: Executor, user: AuthUser, attemptId: number, lock = false) {
    const t = await test.applicantAttempt(exec, attemptId, lock);
    if (!t) throw notFound('Jawaban tes');
    await access.require(exec, actorOfUser(user), 'read', 'applicant', t.applicantId);
    const [applicant] = await exec.select().from(applicants).where(eq(applicants.id, t.applicantId));
    return { ...t, applicant: applicant! };
  }

  return {
    async listQuestions(user: AuthUser, q: SelectionQuestionsQuery) {
      const unitId = unitScope(user, q.unitId);
      const { items, total } = await test.listBank(db, { unitId, type: q.type, tag: q.tag, q: q.q }, q);
      return { items: items.map(questionApi), total, page: q.page, pageSize: q.pageSize };
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
      return { items: await test.bankTags(db, unitFor(user, unitIdRequested)) };
    },

    getQuestion,

    async createQuestion(user: AuthUser, actor: AuditActor, input: SelectionQuestionInput) {
      const unitId = unitFor(user, input.unitId);
      const clean = cleanQuestion(input);
      const id = await db.transaction(async (tx) => {
        const { id } = await test.insertBankQuestion(
          tx,
          { unitId, tags: tagsOf(clean.tags), userId: user.id },
          {
            type: clean.content.type,
            stem: clean.stem,
            content: clean.content,
            points: clean.points,
            difficulty: clean.difficulty,
          },
        );
        await audit(tx, actor, {
          action: 'admission.selection.question.create',
          entityType: 'question',
          entityId: id,
          after: { unitId, type: clean.content.type, points: clean.points },
        });
        return id;
      });
      return getQuestion(user, id);
    },

    /** An edit: a new version when the question was drawn into a set (the set keeps its version), else in place. */
    async updateQuestion(user: AuthUser, actor: AuditActor, id: number, input: SelectionQuestionInput) {
      const clean = cleanQuestion(input);
      await db.transaction(async (tx) => {
        const q = await test.lockBankQuestion(tx, id);
        if (!q) throw notFound('Soal seleksi');
        assertUnit(user, q.unitId);
        if (input.unitId !== undefined && input.unitId !== q.unitId)
          throw badRequest('Unit soal tidak dapat diubah', { unitId: 'Unit soal tidak dapat diubah' });
        const values = {
          type: clean.content.type,
          stem: clean.stem,
          content: clean.content,
          points: clean.points,
          difficulty: clean.difficulty,
        };
        const isNew = await test.versionDrawn(tx, id, q.currentVersion);
        const version = q.currentVersion + (isNew ? 1 : 0);
        await test.writeVersion(
          tx,
          { questionId: id, version, isNew, userId: user.id, tags: tagsOf(clean.tags), now: clock.now() },
          values,
        );
        await audit(tx, actor, {
          action: 'admission.selection.question.update',
          entityType: 'question',
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
        await test.deleteBankQuestion(tx, id, clock.now());
        await audit(tx, actor, {
          action: 'admission.selection.question.delete',
          entityType: 'question',
          entityId: id,
          before: { version: q.version },
        });
      });
      return { ok: true as const };
    },

    // -------------------------------------------------------------------------------------------------------
    // Random sets: each applicant's own paper (the engine's taker items)
    // -------------------------------------------------------------------------------------------------------
    async draws(user: AuthUser, waveId: number) {
      const wave = await waveOf(db, user, waveId);
      const testId = await test.waveTest(db, wave);
      const people = await db
        .select({ applicantId: applicants.id, regNo: applicants.regNo, name: applicants.name, state: applicants.state })
        .from(applicants)
        .where(and(eq(applicants.waveId, waveId), inArray(applicants.state, ['VERIFIED', 'TESTED'])))
        .orderBy(asc(applicants.regNo));
      const sizes = await test.setSizes(db, testId);
      const started = new Set((await test.attemptsOfTest(db, testId)).map((t) => t.applicantId));
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
        items: people.map((p) => ({
          ...p,
          questionCount: sizes.get(p.applicantId)?.questions ?? 0,
          started: started.has(p.applicantId),
        })),
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
        const testId = await test.waveTest(tx, wave);
        const bank = await test.bankForDraw(tx, wave.unitId);
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
          .select({ id: applicants.id })
          .from(applicants)
          .where(and(eq(applicants.waveId, wave.id), eq(applicants.state, 'VERIFIED')))
          .orderBy(asc(applicants.id))
          .for('update');
        const started = new Set((await test.attemptsOfTest(tx, testId)).map((t) => t.applicantId));
        let drawn = 0;
        let skipped = 0;
        for (const person of people) {
          if (started.has(person.id)) {
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
          await test.replaceSet(tx, testId, person.id, picked);
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
    // The applicant's test: the engine's paper, saves and submission, with the applicant as taker
    // -------------------------------------------------------------------------------------------------------
    async paper(me: ApplicantAuth): Promise<SelectionPaper> {
      const { applicant, wave, testId } = await applicantTest(db, me.applicantId);
      await sweep(testId);
      const now = clock.now();
      const items = await itemsOfTaker(db, testId, { applicantId: applicant.id });
      const attempt = await attemptOf(db, testId, applicant.id);
      const [fresh] = await db
        .select({ state: applicants.state })
        .from(applicants)
        .where(eq(applicants.id, applicant.id));
      const state = fresh?.state ?? applicant.state;
      const opens = wave.testOpensAt;
      const closes = wave.testClosesAt;
      let stage: SelectionTestStage;
      if (attempt) stage = attempt.status === 'IN_PROGRESS' ? 'IN_PROGRESS' : 'DONE';
      else if (state !== 'VERIFIED') stage = 'NOT_VERIFIED';
      else if (!items.length) stage = 'NO_SET';
      else if (!opens || !closes || now < opens) stage = 'NOT_OPEN';
      else if (now >= closes) stage = 'CLOSED';
      else stage = 'READY';
      const answers =
        attempt && stage === 'IN_PROGRESS'
          ? (await test.savedAnswers(db, attempt.id)).map((a) => ({
              questionId: a.questionId,
              response: a.response,
              flagged: a.flagged,
              clientSeq: a.clientSeq,
            }))
          : [];
      return {
        stage,
        applicant: { regNo: applicant.regNo, name: applicant.name, state },
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
              startedAt: iso(attempt.startedAt)!,
              deadlineAt: iso(attempt.deadline)!,
              submittedAt: iso(attempt.submittedAt),
              secondsLeft: attempt.status === 'IN_PROGRESS' ? secondsLeft(attempt.deadline, now) : 0,
              maxSeq: answers.reduce((m, a) => Math.max(m, a.clientSeq), 0),
            }
          : null,
        questions:
          attempt && stage === 'IN_PROGRESS' ? paperFor(items, attempt.id, { questions: false, options: true }) : [],
        answers,
      };
    },

    /**
     * Starts the test, or resumes it on this device (a sign-in on another device ends the other session, so the
     * device that signed in last holds the attempt). The deadline is the duration from the start, never past
     * the wave's window; the engine's deadline job submits it then.
     */
    async start(me: ApplicantAuth, deviceId: string) {
      const { testId } = await applicantTest(db, me.applicantId);
      await sweep(testId);
      const started = await db.transaction(async (tx) => {
        const [applicant] = await tx.select().from(applicants).where(eq(applicants.id, me.applicantId)).for('update');
        if (!applicant) throw notFound('Pendaftar');
        const existing = await attemptOf(tx, testId, applicant.id, true);
        const now = clock.now();
        if (existing) {
          if (existing.status !== 'IN_PROGRESS') throw conflict('Tes seleksi sudah dikumpulkan');
          await test.resumeOnDevice(tx, existing, deviceId, now, 'SIGN_IN');
          return null;
        }
        if (applicant.state !== 'VERIFIED') throw conflict('Tes seleksi dapat dikerjakan setelah berkas diverifikasi');
        const [wave] = await tx.select().from(admissionWaves).where(eq(admissionWaves.id, applicant.waveId));
        if (!wave?.testOpensAt || !wave.testClosesAt || now < wave.testOpensAt)
          throw conflict('Tes seleksi belum dibuka');
        if (now >= wave.testClosesAt) throw conflict('Waktu tes seleksi sudah ditutup');
        if (!(await itemsOfTaker(tx, testId, { applicantId: applicant.id })).length)
          throw conflict('Soal tes Anda belum disiapkan; hubungi panitia');
        const deadline = new Date(
          Math.min(now.getTime() + wave.testDurationMinutes * 60_000, wave.testClosesAt.getTime()),
        );
        const attemptId = await test.beginAttempt(tx, {
          assessmentId: testId,
          taker: { applicantId: applicant.id },
          attemptNo: 1,
          now,
          deadline,
          deviceId,
        });
        if (!attemptId) throw conflict('Tes seleksi baru saja dimulai di perangkat lain; muat ulang halaman');
        return { attemptId, deadline };
      });
      // a new attempt: its deadline job, so it is submitted on time with no browser and no sweep
      if (started) {
        await scheduleExamDeadline(started.attemptId, new Date(started.deadline.getTime() + GRACE_SECONDS * 1000));
      }
      return this.paper(me);
    },

    /** The exam engine's save protocol, with the applicant as taker. */
    async save(me: ApplicantAuth, input: ExamSavesInput) {
      const { testId } = await applicantTest(db, me.applicantId);
      await sweep(testId);
      const attempt = await attemptOf(db, testId, me.applicantId);
      if (!attempt) throw conflict('Tes seleksi belum dimulai');
      return saveAnswers(db, { applicantId: me.applicantId }, attempt.id, input, WORDS);
    },

    async submit(me: ApplicantAuth) {
      const { testId } = await applicantTest(db, me.applicantId);
      await sweep(testId);
      return db.transaction(async (tx) => {
        const attempt = await attemptOf(tx, testId, me.applicantId, true);
        if (!attempt) throw conflict('Tes seleksi belum dimulai');
        if (attempt.status === 'IN_PROGRESS') await submitNow(tx, attempt, 'STUDENT', clock.now());
        const after = (await test.findAttempt(tx, attempt.id))!;
        return { status: after.status, submittedAt: iso(after.submittedAt)! };
      });
    },

    // -------------------------------------------------------------------------------------------------------
    // Review, correction, ranking, printing
    // -------------------------------------------------------------------------------------------------------
    async attempts(user: AuthUser, waveId: number) {
      const wave = await waveOf(db, user, waveId);
      const testId = await test.waveTest(db, wave);
      await sweep(testId);
      const people = await db
        .select({ id: applicants.id, regNo: applicants.regNo, name: applicants.name, state: applicants.state })
        .from(applicants)
        .where(eq(applicants.waveId, waveId))
        .orderBy(asc(applicants.regNo));
      const byApplicant = new Map((await test.attemptsOfTest(db, testId)).map((t) => [t.applicantId, t]));
      const sizes = await test.setSizes(db, testId);
      const items = people.flatMap((p) => {
        const t = byApplicant.get(p.id);
        return t ? [attemptApi({ ...t, ...p }, sizes.get(p.id)?.points ?? 0)] : [];
      });
      return { items };
    },

    async attempt(user: AuthUser, attemptId: number) {
      const { applicant, assessmentId } = await staffAttempt(db, user, attemptId);
      const [t] = await test.attemptsOfTest(db, assessmentId, [applicant.id]);
      const s = await scored(db, assessmentId, attemptId, applicant.id);
      const review = await test.reviewAnswers(db, attemptId);
      const correctors = await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(inArray(users.id, [0, ...review.map((a) => a.correctedByUserId ?? 0)]));
      const nameOf = new Map(correctors.map((u) => [u.id, u.username]));
      const byQuestion = new Map(review.map((a) => [a.questionId, a]));
      return {
        attempt: {
          ...attemptApi({ ...t!, regNo: applicant.regNo, name: applicant.name, state: applicant.state }, s.max),
          waveId: applicant.waveId,
          maxPoints: s.max,
          earned: two(s.earned),
        },
        answers: s.perItem.map(({ item, earned, auto }) => {
          const a = byQuestion.get(item.questionId);
          return {
            questionId: item.questionId,
            position: item.position,
            type: item.type,
            stem: item.stem,
            content: item.content,
            points: item.points,
            response: a?.response ?? null,
            earned: two(earned),
            autoEarned: item.type === 'ESSAY' ? null : two(auto),
            correctedBy: a?.correctedAt && a.correctedByUserId ? (nameOf.get(a.correctedByUserId) ?? null) : null,
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
        const t = await staffAttempt(tx, user, attemptId, true);
        if (t.status === 'IN_PROGRESS') throw conflict('Tes masih dikerjakan; koreksi setelah dikumpulkan');
        const before = await scored(tx, t.assessmentId, attemptId, t.applicantId);
        const item = before.items.find((i) => i.questionId === questionId);
        if (!item) throw notFound('Soal pada set pendaftar');
        if (input.earned > item.points)
          throw badRequest(`Skor maksimal soal ini ${item.points}`, { earned: `Skor maksimal ${item.points}` });
        const f = fraction(Math.round(input.earned * 100), 100);
        await test.correctAnswer(tx, {
          attemptId,
          questionId,
          questionVersionId: item.questionVersionId,
          emptyResponse: emptyResponse(item.type),
          score: f,
          userId: user.id,
          now: clock.now(),
          note: input.note,
        });
        const after = await rescore(tx, before.items, attemptId);
        await audit(tx, actor, {
          action: 'admission.selection.correct',
          entityType: 'attempt',
          entityId: attemptId,
          before: {
            questionId,
            earned: two(before.perItem.find((p) => p.item.questionId === questionId)!.earned),
            score: two(before.grade),
          },
          after: { questionId, earned: two(f), score: two(exactGrade(after.earned, after.max)), note: input.note },
        });
      });
      return this.attempt(user, attemptId);
    },

    /** The staff submit an attempt still in progress (a broken phone, the applicant left). */
    async staffSubmit(user: AuthUser, actor: AuditActor, attemptId: number) {
      await db.transaction(async (tx) => {
        const a = await staffAttempt(tx, user, attemptId, true);
        if (a.status !== 'IN_PROGRESS') throw conflict('Tes ini sudah dikumpulkan');
        // the state moves under the staff's name (the engine's listener then finds it TESTED)
        if (a.applicant.state === 'VERIFIED')
          await moveApplicant(tx, actor, a.applicantId, 'TESTED', { note: 'Tes seleksi dikumpulkan' });
        const t = (await test.findAttempt(tx, attemptId, true))!;
        await submitNow(tx, t, 'PROCTOR', clock.now(), user.id);
      });
      return this.attempt(user, attemptId);
    },

    async ranking(user: AuthUser, waveId: number) {
      const wave = await waveOf(db, user, waveId);
      const testId = await test.waveTest(db, wave);
      await sweep(testId);
      const rows = await db
        .select({
          id: applicants.id,
          regNo: applicants.regNo,
          name: applicants.name,
          state: applicants.state,
          registeredAt: applicants.registeredAt,
        })
        .from(applicants)
        .where(
          and(
            eq(applicants.waveId, waveId),
            inArray(applicants.state, ['TESTED', 'ACCEPTED', 'WAITLISTED', 'REJECTED', 'REREGISTERED']),
          ),
        );
      const byApplicant = new Map((await test.attemptsOfTest(db, testId)).map((t) => [t.applicantId, t]));
      const sizes = await test.setSizes(db, testId);
      const info = new Map(rows.map((r) => [r.id, r]));
      const ranked = rankApplicants(
        rows.map((r) => {
          const t = byApplicant.get(r.id);
          const grade =
            t && t.status !== 'IN_PROGRESS' ? gradeOf(t.scoreNum, t.scoreDen, sizes.get(r.id)?.points ?? 0) : null;
          return {
            id: r.id,
            scoreNum: grade?.num ?? null,
            scoreDen: grade?.den ?? null,
            registeredAt: (r.registeredAt ?? new Date(0)).toISOString(),
          };
        }),
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
        await access.require(tx, actorOfUser(user), 'decide', 'applicant', ids);
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
