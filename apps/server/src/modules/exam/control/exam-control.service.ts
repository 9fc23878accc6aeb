import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  gradeOf,
  type AuthUser,
  type ExamAnswerFile,
  type ExamAttemptDetail,
  type QuestionContent,
  type ExamControlBoard,
  type ExamExtendInput,
  type ExamKind,
  type ExamReasonInput,
  type ExamReopenInput,
  type ExamSave,
  type ExamTokenSettings,
} from '@mms/shared';
import type { Database, Executor } from '../../../db/client.ts';
import { audit, type AuditActor } from '../../../lib/audit.ts';
import { clock } from '../../../lib/clock.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../lib/errors.ts';
import { seesAllUnits, userCan } from '../../../lib/scope.ts';
import { display, scoreAttempt } from '../scoring/attempt-score.ts';
import * as results from '../scoring/attempt-score.ts';
import {
  OFFLINE_AFTER_SECONDS,
  TAKEOVER_MINUTES,
  currentToken,
  hashPin,
  scoreSubmitted,
  secondsLeft,
  sweepDeadlines,
} from '../play/exam.service.ts';
import { paperFor } from '../paper/exam-paper.ts';
import * as repo from '../exam.repo.ts';
import { examReach } from './attempt-access.ts';
import { actorOfUser } from '../../../lib/actor.ts';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * Who may watch and act on an assessment's takers: the attempt rule over the whole exam (attempt-access.ts: the
 * unit's controllers, the author and its subject's teachers every class, a proctor their classes). Null: no one's
 * business.
 */
export const controlReach = (exec: Executor, user: AuthUser, a: repo.AssessmentForExam) =>
  examReach(exec, actorOfUser(user), a);

/** The exam control screens and the proctor's actions (issue 13); every action is audited and told to the student. */
export function createExamControlService(db: Database) {
  async function reachable(exec: Executor, user: AuthUser, assessmentId: number, lock = false) {
    const a = await repo.assessmentForExam(exec, assessmentId, lock);
    if (!a || (a.kind !== 'FORMATIVE' && a.kind !== 'SUMMATIVE')) throw notFound('Ujian');
    const reach = await controlReach(exec, user, a);
    if (!reach) throw forbidden('Anda bukan pengawas, guru mapel atau pengendali ujian ini');
    return { a, reach };
  }

  async function attemptIn(exec: Executor, user: AuthUser, assessmentId: number, attemptId: number) {
    const { a, reach } = await reachable(exec, user, assessmentId);
    const t = await repo.findAttempt(exec, attemptId, true);
    // a control screen's assessments are class exams: their attempts are students'
    if (!t || t.assessmentId !== a.id || t.studentId === null) throw notFound('Percobaan');
    if (reach.classIds) {
      const cls = await repo.studentClassOfAssessment(exec, a.id, t.studentId);
      if (!cls || !reach.classIds.includes(cls)) throw forbidden('Siswa ini bukan peserta ruang yang Anda awasi');
    }
    return { a, t };
  }

  async function list(user: AuthUser, kind: ExamKind | undefined) {
    const now = clock.now();
    const since = new Date(now.getTime() - 14 * 86_400_000);
    let ids: number[] | null = null;
    let unitId: number | null = seesAllUnits(user) ? null : (user.unit?.id ?? -1);
    if (!userCan(user, 'assessment.control')) {
      if (!user.employeeId) return { items: [] };
      // a teacher: what they wrote or teach, and what they proctor
      const rows = await repo.controlList(db, { unitId, kind: kind ?? null, since, ids: null });
      const proctored = new Set((await repo.proctoredSlots(db, user.employeeId)).map((s) => s.assessmentId));
      const visible: number[] = [];
      for (const r of rows) {
        if (proctored.has(r.id)) visible.push(r.id);
        else {
          const a = await repo.assessmentForExam(db, r.id);
          if (a && (await controlReach(db, user, a))) visible.push(r.id);
        }
      }
      ids = visible;
      unitId = null;
      if (!ids.length) return { items: [] };
    }
    const rows = await repo.controlList(db, { unitId, kind: kind ?? null, since, ids });
    return {
      items: rows.map((r) => ({
        assessmentId: r.id,
        kind: r.kind as ExamKind,
        title: r.title,
        subjectName: r.subjectName,
        gradeName: r.gradeName,
        classNames: r.classNames,
        opensAt: iso(r.opensAt),
        closesAt: iso(r.closesAt),
        durationMinutes: r.durationMinutes,
        state: r.state,
        takers: r.takers,
        working: r.working,
        submitted: r.submitted,
      })),
    };
  }

  async function board(user: AuthUser, assessmentId: number): Promise<ExamControlBoard> {
    const { a, reach } = await reachable(db, user, assessmentId);
    await sweepDeadlines(db, assessmentId);
    const now = clock.now();
    const [rows, items] = await Promise.all([repo.board(db, a.id, reach.classIds), results.itemsWithContent(db, a.id)]);
    const answers = await results.answersOf(
      db,
      rows.flatMap((r) => (r.attemptId === null ? [] : [r.attemptId])),
    );
    const byAttempt = new Map<number, results.AnswerRow[]>();
    for (const x of answers) byAttempt.set(x.attemptId, [...(byAttempt.get(x.attemptId) ?? []), x]);
    const max = items.reduce((n, i) => n + i.points, 0);
    const takers = rows.map((r) => {
      const running = r.status === 'IN_PROGRESS';
      const offline =
        running &&
        (r.lastSeenAt === null || now.getTime() - new Date(r.lastSeenAt).getTime() > OFFLINE_AFTER_SECONDS * 1000);
      const scored = r.attemptId === null ? null : scoreAttempt(items, byAttempt.get(r.attemptId) ?? []);
      return {
        studentId: r.studentId,
        nis: r.nis,
        name: r.name,
        className: r.className,
        classGroupId: r.classGroupId,
        attemptId: r.attemptId,
        state: r.status === null ? ('NOT_STARTED' as const) : !running ? 'SUBMITTED' : offline ? 'OFFLINE' : 'WORKING',
        lastSeenAt: iso(r.lastSeenAt),
        answered: r.answered,
        flagged: r.flagged,
        secondsLeft: running && r.deadline ? secondsLeft(r.deadline, now) : null,
        extensionSeconds: r.extensionSeconds ?? 0,
        deviceChanges: r.deviceChanges ?? 0,
        takeoverPending: running && r.takeoverRequestedAt !== null,
        submittedAt: iso(r.submittedAt),
        submittedBy: r.submittedBy,
        grade: scored && max > 0 ? gradeOf(scored.earned, max) : null,
        pendingEssays: scored?.pending ?? 0,
      } satisfies ExamControlBoard['takers'][number];
    });
    const count = (s: string) => takers.filter((t) => t.state === s).length;
    return {
      assessment: {
        id: a.id,
        kind: a.kind as ExamKind,
        title: a.title,
        subjectName: a.subjectName,
        gradeName: a.gradeName,
        state: a.state,
        opensAt: iso(a.opensAt),
        closesAt: iso(a.closesAt),
        durationMinutes: a.durationMinutes,
        tokenRequired: a.tokenRequired,
        questionCount: items.length,
        passingMark: a.passingMark,
      },
      takers,
      summary: {
        notStarted: count('NOT_STARTED'),
        working: count('WORKING'),
        offline: count('OFFLINE'),
        submitted: count('SUBMITTED'),
      },
      offlineAfterSeconds: OFFLINE_AFTER_SECONDS,
      serverNow: now.toISOString(),
    };
  }

  async function detail(user: AuthUser, assessmentId: number, attemptId: number): Promise<ExamAttemptDetail> {
    const { a, t } = await db.transaction((tx) => attemptIn(tx, user, assessmentId, attemptId));
    const [items, answers, events, student] = await Promise.all([
      results.itemsWithContent(db, a.id),
      results.answersOf(db, [t.id]),
      repo.eventsOf(db, t.id),
      db.execute<{ name: string; className: string }>(sql`
        select s.name, coalesce(cg.name, '') as "className" from students s
        left join assessment_classes ac on ac.assessment_id = ${a.id}
        left join enrollments e on e.student_id = s.id and e.class_group_id = ac.class_group_id
        left join class_groups cg on cg.id = e.class_group_id
        where s.id = ${t.studentId} order by cg.name nulls last limit 1`),
    ]);
    const saved = await repo.savedAnswers(db, t.id);
    const scored = scoreAttempt(items, answers);
    const order = paperFor(items, t.id, { questions: a.shuffleQuestions, options: false });
    const numberOf = new Map(order.map((q) => [q.questionId, q.number]));
    const max = items.reduce((n, i) => n + i.points, 0);
    const perItem = scored.perItem
      .map(({ item, answer, earned }) => {
        const s = saved.find((x) => x.questionId === item.questionId);
        const essayPending = item.content.type === 'ESSAY' && answer && answer.scoreNum === null;
        return {
          questionId: item.questionId,
          number: numberOf.get(item.questionId) ?? item.position,
          type: item.type,
          stem: item.stem,
          points: item.points,
          response: answer?.response ?? null,
          parts: partsOf(item.content),
          flagged: s?.flagged ?? false,
          savedAt: iso(s?.savedAt ?? null),
          earned: essayPending ? null : display(earned),
          correct: essayPending || !answer ? (answer ? null : false) : display(earned) >= item.points,
        };
      })
      .sort((x, y) => x.number - y.number);
    return {
      attemptId: t.id,
      studentId: t.studentId!,
      name: student.rows[0]?.name ?? '',
      className: student.rows[0]?.className ?? '',
      status: t.status,
      startedAt: iso(t.startedAt)!,
      deadlineAt: iso(t.deadline)!,
      submittedAt: iso(t.submittedAt),
      grade: max > 0 ? gradeOf(scored.earned, max) : null,
      items: perItem,
      events: events.map((e) => ({ at: iso(e.at)!, kind: e.kind, text: e.notice ?? eventText(e), by: e.by })),
    };
  }

  async function extend(user: AuthUser, assessmentId: number, input: ExamExtendInput, actor: AuditActor) {
    return db.transaction(async (tx) => {
      const { a, reach } = await reachable(tx, user, assessmentId, true);
      const now = clock.now();
      const rows = await repo.board(tx, a.id, reach.classIds);
      const chosen = rows.filter((r) =>
        input.classGroupId !== undefined
          ? r.classGroupId === input.classGroupId
          : input.studentIds!.includes(r.studentId),
      );
      if (input.classGroupId !== undefined && !chosen.length) {
        throw badRequest('Kelas ini bukan peserta ujian yang Anda awasi', { classGroupId: 'Bukan peserta' });
      }
      const outside = (input.studentIds ?? []).filter((id) => !rows.some((r) => r.studentId === id));
      if (outside.length)
        throw badRequest('Ada siswa yang bukan peserta ujian yang Anda awasi', { studentIds: 'Bukan peserta' });
      const running = chosen.filter((r) => r.status === 'IN_PROGRESS' && r.attemptId !== null);
      const seconds = input.minutes * 60;
      for (const r of running) {
        await repo.updateAttempt(
          tx,
          r.attemptId!,
          sql`extension_seconds = least(t.extension_seconds + ${seconds}, 86400)`,
        );
        await repo.addEvent(tx, {
          attemptId: r.attemptId!,
          at: now,
          kind: 'EXTEND',
          detail: { minutes: input.minutes, reason: input.reason },
          byUserId: user.id,
          notice: `Waktu ditambah ${input.minutes} menit oleh pengawas`,
        });
      }
      await audit(tx, actor, {
        action: 'exam.extend',
        entityType: 'assessment',
        entityId: a.id,
        after: {
          minutes: input.minutes,
          reason: input.reason,
          classGroupId: input.classGroupId ?? null,
          attemptIds: running.map((r) => r.attemptId),
        },
      });
      return { affected: running.length };
    });
  }

  async function allowDevice(user: AuthUser, assessmentId: number, attemptId: number, actor: AuditActor) {
    return db.transaction(async (tx) => {
      const { t } = await attemptIn(tx, user, assessmentId, attemptId);
      if (t.status !== 'IN_PROGRESS') throw conflict('Percobaan ini tidak sedang berjalan');
      const now = clock.now();
      const pin = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const until = new Date(now.getTime() + TAKEOVER_MINUTES * 60_000);
      await repo.updateAttempt(tx, t.id, sql`takeover_allowed_until = ${until}, takeover_pin_hash = ${hashPin(pin)}`);
      await repo.addEvent(tx, { attemptId: t.id, at: now, kind: 'DEVICE_ALLOWED', byUserId: user.id });
      // the PIN itself is never stored or audited
      await audit(tx, actor, {
        action: 'exam.device.allow',
        entityType: 'attempt',
        entityId: t.id,
        after: { until: until.toISOString(), requested: t.takeoverRequestedAt !== null },
      });
      return { pin, expiresAt: until.toISOString() };
    });
  }

  async function forceSubmit(
    user: AuthUser,
    assessmentId: number,
    attemptId: number,
    input: ExamReasonInput,
    actor: AuditActor,
  ) {
    return db.transaction(async (tx) => {
      const { a, t } = await attemptIn(tx, user, assessmentId, attemptId);
      if (t.status !== 'IN_PROGRESS') throw conflict('Percobaan ini sudah dikumpulkan');
      const now = clock.now();
      await repo.updateAttempt(tx, t.id, sql`status = 'SUBMITTED', submitted_at = ${now}, submitted_by = 'PROCTOR'`);
      await repo.addEvent(tx, {
        attemptId: t.id,
        at: now,
        kind: 'FORCE_SUBMIT',
        detail: { reason: input.reason },
        byUserId: user.id,
        notice: `Ujian dikumpulkan oleh pengawas: ${input.reason}`,
      });
      await scoreSubmitted(tx, [{ id: t.id, assessmentId: a.id }]);
      await audit(tx, actor, {
        action: 'exam.force-submit',
        entityType: 'attempt',
        entityId: t.id,
        before: { status: t.status },
        after: { status: 'SUBMITTED', reason: input.reason },
      });
      return { affected: 1 };
    });
  }

  async function reopen(
    user: AuthUser,
    assessmentId: number,
    attemptId: number,
    input: ExamReopenInput,
    actor: AuditActor,
  ) {
    return db.transaction(async (tx) => {
      const { t } = await attemptIn(tx, user, assessmentId, attemptId);
      if (t.status === 'IN_PROGRESS') throw conflict('Percobaan ini masih berjalan; tambah waktunya saja');
      const now = clock.now();
      const deadline = new Date(now.getTime() + input.minutes * 60_000);
      // the answers stay; the attempt runs again until the new deadline (extensions start over)
      await repo.updateAttempt(
        tx,
        t.id,
        sql`status = 'IN_PROGRESS', submitted_at = null, submitted_by = null, deadline_at = greatest(${deadline}, t.started_at),
          extension_seconds = 0, takeover_requested_at = null`,
      );
      await repo.addEvent(tx, {
        attemptId: t.id,
        at: now,
        kind: 'REOPEN',
        detail: { reason: input.reason, minutes: input.minutes },
        byUserId: user.id,
        notice: `Ujian dibuka kembali oleh pengawas selama ${input.minutes} menit`,
      });
      await audit(tx, actor, {
        action: 'exam.reopen',
        entityType: 'attempt',
        entityId: t.id,
        before: { status: t.status, submittedAt: iso(t.submittedAt), deadline: iso(t.deadline) },
        after: { status: 'IN_PROGRESS', deadline: deadline.toISOString(), reason: input.reason },
      });
      return { affected: 1 };
    });
  }

  /**
   * The page's last resort, uploaded by the proctor: saves from the student's browser journal. Each is taken like a
   * save (highest sequence number wins), whatever the attempt's status or deadline: the proctor vouches for the file.
   * The attempt is then scored again when it was submitted.
   */
  async function answerFile(user: AuthUser, assessmentId: number, file: ExamAnswerFile, actor: AuditActor) {
    return db.transaction(async (tx) => {
      if (file.assessmentId !== assessmentId) {
        throw badRequest('File jawaban ini untuk ujian lain', { assessmentId: 'Ujian lain' });
      }
      const { a, t } = await attemptIn(tx, user, assessmentId, file.attemptId);
      const items = await results.itemsWithContent(tx, a.id);
      const latest = new Map<number, ExamSave>();
      for (const s of file.saves) {
        const held = latest.get(s.questionId);
        if (!held || held.clientSeq < s.clientSeq) latest.set(s.questionId, s);
      }
      let accepted = 0;
      let ignored = file.saves.length - latest.size;
      const now = clock.now();
      for (const s of latest.values()) {
        const item = items.find((i) => i.questionId === s.questionId);
        if (!item || item.type !== s.response.type) {
          ignored++;
          continue;
        }
        const result = await tx.execute(sql`
          insert into answers (attempt_id, question_id, question_version_id, response, client_seq, flagged, saved_at)
          values (${t.id}, ${s.questionId}, ${item.questionVersionId}, ${JSON.stringify(s.response)}::jsonb,
            ${s.clientSeq}, ${s.flagged}, ${now})
          on conflict (attempt_id, question_id) do update
            set response = excluded.response, client_seq = excluded.client_seq, flagged = excluded.flagged,
              saved_at = excluded.saved_at, score_num = null, score_den = null, marked_by_user_id = null
            where answers.client_seq < excluded.client_seq
          returning 1`);
        if (result.rows.length) accepted++;
        else ignored++;
      }
      if (t.status !== 'IN_PROGRESS') await scoreSubmitted(tx, [{ id: t.id, assessmentId: a.id }]);
      await repo.addEvent(tx, {
        attemptId: t.id,
        at: now,
        kind: 'ANSWER_FILE',
        detail: { accepted, ignored, deviceId: file.deviceId, createdAt: file.createdAt },
        byUserId: user.id,
        notice: accepted ? `${accepted} jawaban dari file jawaban diterima pengawas` : null,
      });
      await audit(tx, actor, {
        action: 'exam.answer-file',
        entityType: 'attempt',
        entityId: t.id,
        after: { accepted, ignored, deviceId: file.deviceId },
      });
      return { accepted, ignored };
    });
  }

  async function token(user: AuthUser, assessmentId: number) {
    return db.transaction(async (tx) => {
      const { a } = await reachable(tx, user, assessmentId);
      const now = clock.now();
      const { token, expiresAt } = await currentToken(tx, a, now);
      return { required: a.tokenRequired, token, rotateMinutes: a.tokenRotateMinutes, expiresAt: iso(expiresAt) };
    });
  }

  async function setToken(user: AuthUser, assessmentId: number, input: ExamTokenSettings, actor: AuditActor) {
    return db.transaction(async (tx) => {
      const { a } = await reachable(tx, user, assessmentId, true);
      if (!a.tokenRequired) throw conflict('Ujian ini tidak memakai token');
      await tx.execute(sql`
        update assessments set token_rotate_minutes = ${input.rotateMinutes}
          ${input.rotateNow ? sql`, access_token = null, access_token_at = null` : sql``}
        where id = ${a.id}`);
      await audit(tx, actor, {
        action: 'exam.token',
        entityType: 'assessment',
        entityId: a.id,
        before: { rotateMinutes: a.tokenRotateMinutes },
        after: { rotateMinutes: input.rotateMinutes, rotatedNow: input.rotateNow },
      });
      const fresh = (await repo.assessmentForExam(tx, a.id))!;
      const now = clock.now();
      const { token, expiresAt } = await currentToken(tx, fresh, now);
      return { required: true, token, rotateMinutes: fresh.tokenRotateMinutes, expiresAt: iso(expiresAt) };
    });
  }

  return { list, board, detail, extend, allowDevice, forceSubmit, reopen, answerFile, token, setToken };
}

/** The parts of a question a proctor needs to read an answer: its options, statements or both sides of a matching. */
function partsOf(content: QuestionContent): ExamAttemptDetail['items'][number]['parts'] {
  switch (content.type) {
    case 'SINGLE':
    case 'MULTIPLE':
      return content.options.map((o) => ({ id: o.id, side: 'OPTION' as const, text: o.text }));
    case 'TRUE_FALSE':
      return content.statements.map((o) => ({ id: o.id, side: 'STATEMENT' as const, text: o.text }));
    case 'MATCHING':
      return [
        ...content.left.map((o) => ({ id: o.id, side: 'LEFT' as const, text: o.text })),
        ...content.right.map((o) => ({ id: o.id, side: 'RIGHT' as const, text: o.text })),
      ];
    default:
      return [];
  }
}

function eventText(e: { kind: string; detail: Record<string, unknown> }) {
  switch (e.kind) {
    case 'START':
      return 'Mulai mengerjakan';
    case 'TAKEOVER_REQUEST':
      return 'Perangkat lain meminta melanjutkan ujian';
    case 'DEVICE_ALLOWED':
      return 'Pengawas mengizinkan ganti perangkat';
    case 'DEVICE_CHANGE':
      return 'Ganti perangkat';
    case 'SUBMIT':
      return 'Dikumpulkan oleh siswa';
    case 'AUTO_SUBMIT':
      return 'Dikumpulkan otomatis saat waktu habis';
    case 'ANSWER_FILE':
      return 'File jawaban diunggah pengawas';
    default:
      return e.kind;
  }
}
