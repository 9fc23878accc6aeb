import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  EXAM_SAVE_GRACE_SECONDS,
  effectiveState,
  gradeOf,
  type AssessmentState,
  type AuthUser,
  type ExamKind,
  type ExamList,
  type ExamPaper,
  type ExamSave,
  type ExamSavesInput,
  type ExamStartInput,
} from '@mms/shared';
import type { Database, Executor } from '../../../db/client.ts';
import { audit, type AuditActor } from '../../../lib/audit.ts';
import { clock } from '../../../lib/clock.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/errors.ts';
import * as school from '../../school/school.service.ts';
import { rescore } from '../scoring/attempt-score.ts';
import * as results from '../scoring/attempt-score.ts';
import { scheduleExamDeadline } from '../../../jobs/names.ts';
import { paperFor } from '../paper/exam-paper.ts';
import * as repo from '../exam.repo.ts';

/** Seconds after the deadline that saves still count; `EXAM_GRACE_SECONDS` sets it (buildApp calls setGrace). */
export let GRACE_SECONDS = EXAM_SAVE_GRACE_SECONDS;
export function setGrace(seconds: number) {
  GRACE_SECONDS = seconds;
}
/** A running attempt with no sign of its device for this long shows as offline on the control screen. */
export const OFFLINE_AFTER_SECONDS = 75;
/** How long the proctor's permission (and PIN) to change device holds. */
export const TAKEOVER_MINUTES = 10;
/** An attempt with neither a duration nor a closing time runs this long. */
const DEFAULT_MINUTES = 24 * 60;

const TOKEN_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const newToken = () =>
  Array.from({ length: 6 }, () => TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)]).join('');
export const hashPin = (pin: string) => createHash('sha256').update(`mms-exam-pin:${pin}`).digest('hex');
const samePin = (pin: string, hash: string | null) => {
  if (!hash) return false;
  const a = Buffer.from(hashPin(pin));
  const b = Buffer.from(hash);
  return a.length === b.length && timingSafeEqual(a, b);
};

export const secondsLeft = (deadline: Date, now: Date) =>
  Math.max(0, Math.ceil((new Date(deadline).getTime() - now.getTime()) / 1000));
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
/** The window as Dates (raw rows carry timestamps as text). */
export const windowOf = (a: { opensAt: Date | string | null; closesAt: Date | string | null }) => ({
  opensAt: a.opensAt === null ? null : new Date(a.opensAt),
  closesAt: a.closesAt === null ? null : new Date(a.closesAt),
});

function studentOf(user: AuthUser) {
  if (!user.studentId) throw forbidden('Hanya siswa yang dapat mengerjakan ujian');
  return user.studentId;
}

/** An attempt just submitted, as the engine tells its listeners. */
export type Submitted = {
  id: number;
  assessmentId: number;
  applicantId?: number | null;
  by: 'STUDENT' | 'DEADLINE' | 'PROCTOR';
};
type SubmitListener = (tx: Executor, submitted: readonly Submitted[]) => Promise<void>;
const submitListeners: SubmitListener[] = [];
/**
 * What else happens, in the submitting transaction, when attempts are submitted (by the taker, the deadline or the
 * staff): admission moves an applicant VERIFIED -> TESTED. The engine knows no taker's feature.
 */
export function onSubmitted(listener: SubmitListener) {
  if (!submitListeners.includes(listener)) submitListeners.push(listener);
}

/**
 * Scores the attempts submitted now (closed types at once; essays wait for marking), each by its taker's paper
 * (an applicant's drawn set, or the assessment's items).
 */
export async function scoreSubmitted(
  exec: Executor,
  submitted: { id: number; assessmentId: number; applicantId?: number | null }[],
) {
  const itemsOf = new Map<string, results.ItemRow[]>();
  for (const s of submitted) {
    const key = s.applicantId ? `${s.assessmentId}:a${s.applicantId}` : String(s.assessmentId);
    let items = itemsOf.get(key);
    if (!items) {
      items = s.applicantId
        ? await results.itemsOfTaker(exec, s.assessmentId, { applicantId: s.applicantId })
        : await results.itemsWithContent(exec, s.assessmentId);
      itemsOf.set(key, items);
    }
    await rescore(exec, items, s.id);
  }
}

/** Scores what was submitted and tells the listeners. */
async function afterSubmit(exec: Executor, submitted: Submitted[]) {
  await scoreSubmitted(exec, submitted);
  if (submitted.length) for (const listener of submitListeners) await listener(exec, submitted);
}

/**
 * Submits the attempts past their deadline and grace (all of them, or one assessment's), as at their deadline,
 * and scores them; any server may run it at any time, each attempt is submitted once.
 */
export async function sweepDeadlines(db: Database, assessmentId?: number) {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const due = await repo.submitExpired(tx, now, GRACE_SECONDS, assessmentId);
    for (const d of due) await repo.addEvent(tx, { attemptId: d.id, at: now, kind: 'AUTO_SUBMIT' });
    await afterSubmit(
      tx,
      due.map((d) => ({ ...d, by: 'DEADLINE' as const })),
    );
    return due.length;
  });
}

/**
 * Submits a running attempt now, by its taker or the staff (after the deadline the finish time is the deadline,
 * and it counts as the deadline's), then scores it. The caller holds the attempt's lock.
 */
export async function submitNow(
  tx: Executor,
  t: repo.AttemptRow,
  by: 'STUDENT' | 'PROCTOR',
  now: Date,
  byUserId: number | null = null,
) {
  const late = now.getTime() > new Date(t.deadline).getTime();
  const at = late ? new Date(t.deadline) : now;
  const submittedBy = late ? 'DEADLINE' : by;
  await repo.updateAttempt(tx, t.id, sql`status = 'SUBMITTED', submitted_at = ${at}, submitted_by = ${submittedBy}`);
  await repo.addEvent(tx, { attemptId: t.id, at: now, kind: by === 'PROCTOR' ? 'FORCE_SUBMIT' : 'SUBMIT', byUserId });
  await afterSubmit(tx, [{ id: t.id, assessmentId: t.assessmentId, applicantId: t.applicantId, by: submittedBy }]);
  return at;
}

/** A new attempt of any taker with its START event; none when one was made at the same moment. */
export async function beginAttempt(
  tx: Executor,
  v: { assessmentId: number; taker: repo.Taker; attemptNo: number; now: Date; deadline: Date; deviceId: string },
) {
  const attemptId = await repo.insertAttempt(tx, v);
  if (attemptId) {
    await repo.addEvent(tx, { attemptId, at: v.now, kind: 'START', detail: { deviceId: v.deviceId } });
  }
  return attemptId;
}

/** The words of the save protocol's refusals: "Ujian ini" for an exam, "Tes seleksi ini" for the admission test. */
export type TestWords = { thisTest: string; ofTest: string; time: string };
const EXAM_WORDS: TestWords = { thisTest: 'Ujian ini', ofTest: 'ujian ini', time: 'Waktu ujian' };

/**
 * The save protocol (one, or a batch of what waited offline), for any taker: acknowledged only once committed;
 * idempotent by attempt, question and client sequence number (the highest wins); all or nothing; refused on
 * another device, after submission and after the deadline's grace.
 */
export async function saveAnswers(
  db: Executor,
  taker: repo.Taker,
  attemptId: number,
  input: ExamSavesInput,
  words: TestWords = EXAM_WORDS,
) {
  const now = clock.now();
  // per question the highest sequence number of the batch (one row may be written once per statement)
  const latest = new Map<number, ExamSave>();
  for (const s of input.saves) {
    const held = latest.get(s.questionId);
    if (!held || held.clientSeq < s.clientSeq) latest.set(s.questionId, s);
  }
  const saves = [...latest.values()];
  const out = await repo.saveAnswers(db, {
    attemptId,
    taker,
    deviceId: input.deviceId,
    now,
    graceSeconds: GRACE_SECONDS,
    saves,
  });
  if (!out.found) throw notFound('Percobaan');
  if (out.status !== 'IN_PROGRESS') {
    throw conflict(`${words.thisTest} sudah dikumpulkan; jawaban tidak dapat diubah lagi`, {
      status: 'Sudah dikumpulkan',
    });
  }
  if (out.deviceId !== input.deviceId) {
    throw conflict(
      `${words.thisTest} sekarang dikerjakan di perangkat lain; jawaban dari perangkat ini tidak disimpan`,
      { deviceId: 'Perangkat lain' },
    );
  }
  if (out.valid !== saves.length) {
    throw badRequest(`Ada jawaban untuk soal yang bukan soal ${words.ofTest}, atau tidak sesuai jenis soalnya`, {
      saves: 'Soal tidak dikenal',
    });
  }
  if (!out.accepted) {
    throw conflict(`${words.time} sudah habis; jawaban ini tidak tersimpan`, { deadline: 'Waktu habis' });
  }
  return {
    acks: input.saves.map((s) => ({ questionId: s.questionId, clientSeq: s.clientSeq })),
    secondsLeft: secondsLeft(out.deadline!, now),
    status: 'IN_PROGRESS' as const,
  };
}

/**
 * The current token of an assessment that needs one: made when missing, and rotated (lazily, on read) every
 * `tokenRotateMinutes`. A compare-and-set on the token's time keeps concurrent readers on one token.
 */
export async function currentToken(exec: Executor, a: repo.AssessmentForExam, now: Date) {
  if (!a.tokenRequired) return { token: null, expiresAt: null as Date | null };
  const due =
    !a.accessToken ||
    (a.tokenRotateMinutes !== null &&
      a.accessTokenAt !== null &&
      new Date(a.accessTokenAt).getTime() + a.tokenRotateMinutes * 60_000 <= now.getTime());
  let token = a.accessToken;
  let at = a.accessTokenAt ? new Date(a.accessTokenAt) : now;
  if (due) {
    const fresh = newToken();
    const result = await exec.execute<{ token: string; at: Date }>(sql`
      update assessments set access_token = ${fresh}, access_token_at = ${now}
      where id = ${a.id} and access_token_at is not distinct from ${a.accessTokenAt}
      returning access_token as token, access_token_at as at`);
    if (result.rows[0]) {
      token = fresh;
      at = now;
    } else {
      const again = await repo.assessmentForExam(exec, a.id);
      token = again?.accessToken ?? fresh;
      at = again?.accessTokenAt ? new Date(again.accessTokenAt) : now;
    }
  }
  const expiresAt = a.tokenRotateMinutes === null ? null : new Date(at.getTime() + a.tokenRotateMinutes * 60_000);
  return { token, expiresAt };
}

/**
 * Taking quizzes and exams (issue 13). A student reaches only their own attempts: every route takes the student
 * from the session, and every statement filters by it; keys never leave the server (paper/exam-paper.ts).
 */
export function createExamService(db: Database) {
  async function list(user: AuthUser, kind: ExamKind): Promise<ExamList> {
    const studentId = studentOf(user);
    const now = clock.now();
    const cls = await school.classOfStudent(db, studentId);
    if (!cls) return { items: [], serverNow: now.toISOString() };
    const rows = await repo.examsOfClass(db, cls.id, studentId, kind);
    const items = [];
    for (const r of rows) {
      const state = effectiveState(r.state as AssessmentState, windowOf(r), now);
      const status =
        r.runningId !== null
          ? ('IN_PROGRESS' as const)
          : state === 'SCHEDULED'
            ? ('UPCOMING' as const)
            : state === 'OPEN'
              ? r.attemptsUsed >= r.attemptsAllowed
                ? ('DONE' as const)
                : ('OPEN' as const)
              : r.attemptsUsed > 0
                ? ('DONE' as const)
                : ('CLOSED' as const);
      let grade: number | null = null;
      if (r.showScore && r.lastId !== null && r.runningId === null) {
        const t = await repo.findAttempt(db, r.lastId);
        if (t && t.scoreNum !== null && t.scoreDen !== null) {
          const items = await results.itemsWithContent(db, r.id);
          grade = gradeOf(
            { num: t.scoreNum, den: t.scoreDen },
            items.reduce((n, i) => n + i.points, 0),
          );
        }
      }
      items.push({
        assessmentId: r.id,
        kind: r.kind as ExamKind,
        title: r.title,
        subjectName: r.subjectName,
        opensAt: iso(r.opensAt),
        closesAt: iso(r.closesAt),
        durationMinutes: r.durationMinutes,
        questionCount: r.questionCount,
        tokenRequired: r.tokenRequired,
        isSample: r.isSample,
        status,
        attemptId: r.runningId ?? r.lastId,
        attemptsUsed: r.attemptsUsed,
        attemptsAllowed: r.attemptsAllowed,
        grade,
      });
    }
    // what can be done now first, then what comes, then what is over
    const order = { IN_PROGRESS: 0, OPEN: 1, UPCOMING: 2, DONE: 3, CLOSED: 4 };
    items.sort((a, b) => order[a.status] - order[b.status]);
    return { items, serverNow: now.toISOString() };
  }

  async function buildPaper(exec: Executor, a: repo.AssessmentForExam, t: repo.AttemptRow): Promise<ExamPaper> {
    const now = clock.now();
    const [items, answers, events, maxSeq] = await Promise.all([
      results.itemsWithContent(exec, a.id),
      repo.savedAnswers(exec, t.id),
      repo.eventsOf(exec, t.id),
      repo.maxSeq(exec, t.id),
    ]);
    const max = items.reduce((n, i) => n + i.points, 0);
    const done = t.status !== 'IN_PROGRESS';
    const grade =
      done && a.showScore && t.scoreNum !== null && t.scoreDen !== null
        ? gradeOf({ num: t.scoreNum, den: t.scoreDen }, max)
        : null;
    return {
      attempt: {
        id: t.id,
        assessmentId: a.id,
        attemptNo: t.attemptNo,
        kind: a.kind as ExamKind,
        title: a.title,
        subjectName: a.subjectName,
        instructions: a.instructions,
        status: t.status,
        startedAt: iso(t.startedAt)!,
        deadlineAt: iso(t.deadline)!,
        submittedAt: iso(t.submittedAt),
        secondsLeft: done ? 0 : secondsLeft(t.deadline, now),
        serverNow: now.toISOString(),
        maxSeq,
        showScore: a.showScore,
        grade,
      },
      questions: done
        ? []
        : paperFor(items, t.id, { questions: a.shuffleQuestions, options: a.shuffleOptions }).map((q) => q),
      answers: answers.map((x) => ({
        questionId: x.questionId,
        response: x.response,
        flagged: x.flagged,
        clientSeq: x.clientSeq,
      })),
      notices: events.filter((e) => e.notice).map((e) => ({ at: iso(e.at)!, text: e.notice! })),
    };
  }

  /**
   * Starts an attempt, or resumes the running one. Refused before the window opens and after it closes, to a
   * student not of the assessment's classes, with a wrong token, and with no attempt left. A running attempt on
   * another device is resumed only with the proctor's permission: the PIN they give, or their approval of this
   * device's request; the change is recorded and audited.
   */
  async function start(user: AuthUser, assessmentId: number, input: ExamStartInput, actor: AuditActor) {
    const studentId = studentOf(user);
    await sweepDeadlines(db, assessmentId);
    const outcome = await db.transaction(async (tx) => {
      const now = clock.now();
      const a = await repo.assessmentForExam(tx, assessmentId);
      if (!a || (a.kind !== 'FORMATIVE' && a.kind !== 'SUMMATIVE')) throw notFound('Ujian');
      const cls = await school.classOfStudent(tx, studentId);
      if (!cls || !(await repo.isClassOfAssessment(tx, a.id, cls.id))) {
        throw forbidden('Ujian ini bukan untuk kelas Anda');
      }
      // the student's attempts, locked: two starts at once make one attempt
      const mine = await repo.attemptsOfStudent(tx, a.id, studentId, true);
      const running = mine.find((t) => t.status === 'IN_PROGRESS');
      if (running) {
        if (running.deviceId === input.deviceId || running.deviceId === null) {
          await repo.touchAttempt(tx, running.id, now);
          return { a, attemptId: running.id };
        }
        const requested = await lastTakeoverDevice(tx, running.id);
        const allowed =
          running.takeoverAllowedUntil !== null && new Date(running.takeoverAllowedUntil).getTime() > now.getTime();
        const byPin = allowed && !!input.pin && samePin(input.pin, running.takeoverPinHash);
        const byApproval = allowed && requested === input.deviceId && running.takeoverRequestedAt !== null;
        if (!byPin && !byApproval) {
          if (input.pin) return { refused: 'PIN salah atau sudah kedaluwarsa; minta PIN baru ke pengawas' } as const;
          await repo.updateAttempt(tx, running.id, sql`takeover_requested_at = ${now}`);
          await repo.addEvent(tx, {
            attemptId: running.id,
            at: now,
            kind: 'TAKEOVER_REQUEST',
            detail: { deviceId: input.deviceId },
          });
          return { takeover: true } as const;
        }
        await repo.updateAttempt(
          tx,
          running.id,
          sql`device_id = ${input.deviceId}, device_changes = t.device_changes + 1, takeover_requested_at = null,
            takeover_allowed_until = null, takeover_pin_hash = null, last_seen_at = ${now}`,
        );
        await repo.addEvent(tx, {
          attemptId: running.id,
          at: now,
          kind: 'DEVICE_CHANGE',
          detail: { from: running.deviceId, to: input.deviceId, by: byPin ? 'PIN' : 'APPROVAL' },
          notice: 'Ujian dilanjutkan di perangkat ini; perangkat sebelumnya tidak dapat menyimpan lagi',
        });
        await audit(tx, actor, {
          action: 'exam.device.change',
          entityType: 'attempt',
          entityId: running.id,
          before: { deviceId: running.deviceId },
          after: { deviceId: input.deviceId, by: byPin ? 'PIN' : 'APPROVAL' },
        });
        return { a, attemptId: running.id };
      }
      const state = effectiveState(a.state as AssessmentState, windowOf(a), now);
      if (state === 'SCHEDULED' || (a.opensAt && now < new Date(a.opensAt))) {
        throw conflict('Ujian ini belum dibuka');
      }
      if (state !== 'OPEN') throw conflict('Ujian ini sudah ditutup');
      if (mine.length >= a.attemptsAllowed) throw conflict('Kesempatan mengerjakan ujian ini sudah habis');
      if (a.tokenRequired) {
        const { token } = await currentToken(tx, a, now);
        if (!input.token) throw conflict('Masukkan token dari pengawas', { token: 'Token wajib diisi' });
        if (input.token.toUpperCase() !== token) throw conflict('Token salah', { token: 'Token salah' });
      }
      const byDuration = now.getTime() + (a.durationMinutes ?? (a.closesAt ? Infinity : DEFAULT_MINUTES)) * 60_000;
      const deadline = new Date(Math.min(byDuration, a.closesAt ? new Date(a.closesAt).getTime() : Infinity));
      const attemptId = await beginAttempt(tx, {
        assessmentId: a.id,
        taker: { studentId },
        attemptNo: mine.length + 1,
        now,
        deadline,
        deviceId: input.deviceId,
      });
      if (!attemptId) throw conflict('Ujian baru saja dimulai di perangkat lain; muat ulang halaman');
      return { a, attemptId, deadline };
    });
    if ('refused' in outcome) throw conflict(outcome.refused!, { pin: 'PIN salah' });
    if ('takeover' in outcome) {
      throw conflict('Ujian ini sedang dikerjakan di perangkat lain. Minta izin atau PIN dari pengawas.', {
        pin: 'Minta PIN ke pengawas',
      });
    }
    // a new attempt: its deadline job (issue 18), so it is submitted on time with no browser and no sweep
    if ('deadline' in outcome && outcome.deadline) {
      await scheduleExamDeadline(outcome.attemptId, new Date(outcome.deadline.getTime() + GRACE_SECONDS * 1000));
    }
    const t = (await repo.findAttempt(db, outcome.attemptId))!;
    return buildPaper(db, outcome.a, t);
  }

  async function lastTakeoverDevice(exec: Executor, attemptId: number) {
    const result = await exec.execute<{ deviceId: string | null }>(sql`
      select detail->>'deviceId' as "deviceId" from attempt_events
      where attempt_id = ${attemptId} and kind = 'TAKEOVER_REQUEST' order by at desc, id desc limit 1`);
    return result.rows[0]?.deviceId ?? null;
  }

  async function ownAttempt(user: AuthUser, attemptId: number) {
    const studentId = studentOf(user);
    const t = await repo.findAttempt(db, attemptId);
    // another student's attempt reads as missing: its existence is not theirs to learn
    if (!t || t.studentId !== studentId) throw notFound('Percobaan');
    return t;
  }

  async function paper(user: AuthUser, attemptId: number, deviceId: string | undefined) {
    let t = await ownAttempt(user, attemptId);
    if (t.status === 'IN_PROGRESS') {
      await sweepDeadlines(db, t.assessmentId);
      t = (await repo.findAttempt(db, attemptId))!;
    }
    if (t.status === 'IN_PROGRESS' && deviceId && t.deviceId === deviceId) {
      await repo.touchAttempt(db, t.id, clock.now());
    }
    const a = (await repo.assessmentForExam(db, t.assessmentId))!;
    return buildPaper(db, a, t);
  }

  /**
   * Saves answers (one, or a batch of what waited offline). Acknowledged only once committed; idempotent by
   * attempt, question and client sequence number.
   */
  async function save(user: AuthUser, attemptId: number, input: ExamSavesInput) {
    return saveAnswers(db, { studentId: studentOf(user) }, attemptId, input);
  }

  async function submit(user: AuthUser, attemptId: number, deviceId: string, actor: AuditActor) {
    const studentId = studentOf(user);
    return db.transaction(async (tx) => {
      const now = clock.now();
      const t = await repo.findAttempt(tx, attemptId, true);
      if (!t || t.studentId !== studentId) throw notFound('Percobaan');
      const a = (await repo.assessmentForExam(tx, t.assessmentId))!;
      const max = (await results.itemsWithContent(tx, a.id)).reduce((n, i) => n + i.points, 0);
      const gradeNow = async () => {
        const fresh = (await repo.findAttempt(tx, attemptId))!;
        return a.showScore && fresh.scoreNum !== null && fresh.scoreDen !== null
          ? gradeOf({ num: fresh.scoreNum, den: fresh.scoreDen }, max)
          : null;
      };
      if (t.status !== 'IN_PROGRESS') {
        // a repeat (a retry after a lost answer) is harmless
        return { status: t.status, submittedAt: iso(t.submittedAt)!, grade: await gradeNow() };
      }
      if (t.deviceId !== deviceId) {
        throw conflict('Ujian ini sekarang dikerjakan di perangkat lain', { deviceId: 'Perangkat lain' });
      }
      const at = await submitNow(tx, t, 'STUDENT', now);
      await audit(tx, actor, { action: 'exam.submit', entityType: 'attempt', entityId: t.id });
      const fresh = (await repo.findAttempt(tx, attemptId))!;
      return { status: fresh.status, submittedAt: at.toISOString(), grade: await gradeNow() };
    });
  }

  return { list, start, paper, save, submit, buildPaper };
}
export type ExamService = ReturnType<typeof createExamService>;
