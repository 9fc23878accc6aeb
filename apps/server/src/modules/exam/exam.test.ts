import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attempts, auditLog, enrollments } from '../../db/schema/index.ts';
import { setClock } from '../../lib/clock.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { attendanceFixture } from '../attendance/test-fixtures.ts';
import { sweepDeadlines } from './play/exam.service.ts';

// The clock is the test's: the quiz opens at 10:00 WIB on 18 November 2026 and runs 30 minutes.
const OPEN = '2026-11-18T10:00:00+07:00';
const at = (minutes: number, seconds = 0) =>
  new Date(new Date(OPEN).getTime() + minutes * 60_000 + seconds * 1000).toISOString();

let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let wakakur: Session;
let controller: Session;
const kids: { session: Session; studentId: number }[] = [];
let quiz: number;
let tokenExam: number;
const q: Record<string, number> = {};
const API = '/api/v1/exam';
const DEV = 'device-one-aaaa';
const DEV2 = 'device-two-bbbb';

const SINGLE = {
  type: 'SINGLE',
  options: [
    { id: 'a', text: '6' },
    { id: 'b', text: '8' },
    { id: 'c', text: '9' },
  ],
  key: 'b',
};

async function makeAssessment(title: string, extra: Record<string, unknown>) {
  const created = await ctx.call(f.subjectTeacher, 'POST', '/api/v1/assessments', {
    kind: 'FORMATIVE',
    title,
    subjectId: f.subject.id,
    gradeId: f.classA.gradeId,
    durationMinutes: 30,
    passingMark: 75,
    classIds: [f.classA.id],
    ...extra,
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().id as number;
  const items = await ctx.call(f.subjectTeacher, 'PUT', `/api/v1/assessments/${id}/items`, {
    items: [q.single, q.multiple, q.tf, q.match, q.short, q.essay].map((questionId) => ({ questionId })),
  });
  expect(items.statusCode, items.body).toBe(200);
  for (const [s, action, body] of [
    [f.subjectTeacher, 'submit', {}],
    [wakakur, 'approve', {}],
    [wakakur, 'schedule', { classIds: [f.classA.id], opensAt: OPEN, closesAt: '2026-11-18T12:00:00+07:00' }],
  ] as const) {
    const res = await ctx.call(s, 'POST', `/api/v1/assessments/${id}/${action}`, body);
    expect(res.statusCode, res.body).toBe(200);
  }
  return id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx, { now: '2026-11-17T10:00:00+07:00' });
  wakakur = await ctx.as('WAKAKUR');
  controller = await ctx.as('TEACHERCASHIER');
  for (let i = 0; i < 3; i++) {
    const u = await ctx.createUser({ division: 'STUDENT' });
    const session = await ctx.signIn(u.username);
    await ctx.db.insert(enrollments).values({
      studentId: session.user.studentId!,
      classGroupId: f.classA.id,
      academicYearId: f.year.id,
      startedAt: new Date('2026-07-13T00:00:00+07:00'),
    });
    kids.push({ session, studentId: session.user.studentId! });
  }
  const write = async (content: unknown, points: number) => {
    const res = await ctx.call(f.subjectTeacher, 'POST', '/api/v1/questions', {
      subjectId: f.subject.id,
      gradeId: f.classA.gradeId,
      stem: '<p>Soal</p>',
      content,
      points,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as number;
  };
  q.single = await write(SINGLE, 2);
  q.multiple = await write(
    {
      type: 'MULTIPLE',
      options: [
        { id: 'a', text: '2' },
        { id: 'b', text: '4' },
        { id: 'c', text: '5' },
      ],
      key: ['a', 'c'],
      partial: 'PARTIAL',
    },
    2,
  );
  q.tf = await write(
    {
      type: 'TRUE_FALSE',
      statements: [
        { id: 's1', text: 'Bumi bulat' },
        { id: 's2', text: 'Matahari dingin' },
      ],
      key: { s1: true, s2: false },
      partial: 'PARTIAL',
    },
    2,
  );
  q.match = await write(
    {
      type: 'MATCHING',
      left: [
        { id: 'l1', text: 'Ibu kota Jawa Barat' },
        { id: 'l2', text: 'Ibu kota Jawa Timur' },
      ],
      right: [
        { id: 'r1', text: 'Bandung' },
        { id: 'r2', text: 'Surabaya' },
        { id: 'r3', text: 'Semarang' },
      ],
      key: { l1: 'r1', l2: 'r2' },
      partial: 'PARTIAL',
    },
    2,
  );
  q.short = await write({ type: 'SHORT', accepted: [{ text: 'Jakarta' }] }, 1);
  q.essay = await write({ type: 'ESSAY', rubric: [{ criterion: 'Tepat', points: 3 }], modelAnswer: 'RAHASIA' }, 3);
  quiz = await makeAssessment('Kuis Bab 1', { shuffleQuestions: true, shuffleOptions: true });
  tokenExam = await makeAssessment('Ujian bertoken', { kind: 'SUMMATIVE', tokenRequired: true });
  setClock(at(1));
});
afterAll(() => ctx.close());

const start = (s: Session, id: number, body: Record<string, unknown> = { deviceId: DEV }) =>
  ctx.call(s, 'POST', `${API}/assessments/${id}/start`, body);
const save = (s: Session, attemptId: number, saves: unknown[], deviceId = DEV) =>
  ctx.call(s, 'POST', `${API}/attempts/${attemptId}/saves`, { deviceId, saves });
const stored = async (attemptId: number) =>
  (
    await ctx.db.execute<{ questionId: number; clientSeq: number; response: unknown; flagged: boolean }>(
      sql`select question_id as "questionId", client_seq as "clientSeq", response, flagged from answers
        where attempt_id = ${attemptId} order by question_id`,
    )
  ).rows;

describe('taking a quiz', () => {
  let attemptId: number;
  let paper0Deadline: string;
  let reopenedId: number;

  it('lists the open quiz and refuses what is not a student', async () => {
    const mine = await ctx.call(kids[0]!.session, 'GET', `${API}/mine?kind=FORMATIVE`);
    expect(mine.statusCode, mine.body).toBe(200);
    const item = mine.json().items.find((i: { assessmentId: number }) => i.assessmentId === quiz);
    expect(item).toMatchObject({ status: 'OPEN', questionCount: 6, attemptsUsed: 0 });
    expect((await ctx.call(f.subjectTeacher, 'GET', `${API}/mine?kind=FORMATIVE`)).statusCode).toBe(403);
  });

  it('starts with the whole paper, shuffled per attempt and without any key', async () => {
    const res = await start(kids[0]!.session, quiz);
    expect(res.statusCode, res.body).toBe(200);
    const paper = res.json();
    attemptId = paper.attempt.id;
    paper0Deadline = paper.attempt.deadlineAt;
    expect(paper.questions).toHaveLength(6);
    expect(paper.attempt.secondsLeft).toBe(30 * 60);
    expect(Math.abs(new Date(paper.attempt.deadlineAt).getTime() - new Date(at(31)).getTime())).toBeLessThan(1000);
    for (const word of ['"key"', '"accepted"', '"rubric"', 'RAHASIA', 'modelAnswer'])
      expect(res.body).not.toContain(word);
    // the same attempt gets the same order again (a reload, another server)
    const again = await ctx.call(kids[0]!.session, 'GET', `${API}/attempts/${attemptId}`, undefined);
    expect(again.json().questions).toEqual(paper.questions);
    const resumed = await start(kids[0]!.session, quiz);
    expect(resumed.json().attempt.id).toBe(attemptId);
  });

  it('keeps per question the save with the highest sequence number: repeats and older saves change nothing', async () => {
    const s = kids[0]!.session;
    const first = await save(s, attemptId, [
      { questionId: q.single, clientSeq: 5, response: { type: 'SINGLE', optionId: 'b' }, flagged: true },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().acks).toEqual([{ questionId: q.single, clientSeq: 5 }]);
    // an older save arrives late (out of order): acknowledged, and ignored
    const older = await save(s, attemptId, [
      { questionId: q.single, clientSeq: 3, response: { type: 'SINGLE', optionId: 'a' } },
    ]);
    expect(older.statusCode).toBe(200);
    // the same save again (a retry after a lost answer)
    expect(
      (await save(s, attemptId, [{ questionId: q.single, clientSeq: 5, response: { type: 'SINGLE', optionId: 'b' } }]))
        .statusCode,
    ).toBe(200);
    // a batch from the offline journal, with two saves of one question: the newer counts
    const batch = await save(s, attemptId, [
      { questionId: q.short, clientSeq: 6, response: { type: 'SHORT', text: 'Bandung' } },
      { questionId: q.short, clientSeq: 8, response: { type: 'SHORT', text: ' jakarta' } },
      { questionId: q.tf, clientSeq: 7, response: { type: 'TRUE_FALSE', answers: { s1: true, s2: false } } },
      { questionId: q.match, clientSeq: 9, response: { type: 'MATCHING', pairs: { l1: 'r1', l2: 'r3' } } },
    ]);
    expect(batch.statusCode, batch.body).toBe(200);
    expect(batch.json().acks).toHaveLength(4);
    const rows = await stored(attemptId);
    expect(rows.find((r) => r.questionId === q.single)).toMatchObject({
      clientSeq: 5,
      response: { optionId: 'b' },
      flagged: true,
    });
    expect(rows.find((r) => r.questionId === q.short)).toMatchObject({ clientSeq: 8, response: { text: ' jakarta' } });
    const paper = await ctx.call(s, 'GET', `${API}/attempts/${attemptId}`, undefined);
    expect(paper.json().attempt.maxSeq).toBe(9);
    expect(paper.json().answers).toHaveLength(4);
  });

  it('writes nothing when one save of a batch answers no question of the paper or the wrong type', async () => {
    const s = kids[0]!.session;
    const before = await stored(attemptId);
    const foreign = await save(s, attemptId, [
      { questionId: q.multiple, clientSeq: 20, response: { type: 'MULTIPLE', optionIds: ['a'] } },
      { questionId: 999_999, clientSeq: 21, response: { type: 'SINGLE', optionId: 'a' } },
    ]);
    expect(foreign.statusCode).toBe(400);
    const wrongType = await save(s, attemptId, [
      { questionId: q.multiple, clientSeq: 22, response: { type: 'SINGLE', optionId: 'a' } },
    ]);
    expect(wrongType.statusCode).toBe(400);
    const huge = await save(s, attemptId, [
      { questionId: 2 ** 40, clientSeq: 1, response: { type: 'SINGLE', optionId: 'a' } },
    ]);
    expect(huge.statusCode).toBe(400);
    const nul = await save(s, attemptId, [
      { questionId: q.short, clientSeq: 30, response: { type: 'SHORT', text: 'a\u0000b' } },
    ]);
    expect(nul.statusCode).toBe(400);
    expect(await stored(attemptId)).toEqual(before);
  });

  it('lets no one else read or save into the attempt', async () => {
    const other = kids[1]!.session;
    expect((await ctx.call(other, 'GET', `${API}/attempts/${attemptId}`, undefined)).statusCode).toBe(404);
    const res = await save(other, attemptId, [
      { questionId: q.single, clientSeq: 99, response: { type: 'SINGLE', optionId: 'a' } },
    ]);
    expect(res.statusCode).toBe(404);
    expect((await ctx.call(f.subjectTeacher, 'GET', `${API}/attempts/${attemptId}`, undefined)).statusCode).toBe(403);
    expect((await stored(attemptId)).find((r) => r.questionId === q.single)).toMatchObject({ clientSeq: 5 });
  });

  it('lets a second device in only with the proctor’s permission, audited; the first device can no longer save', async () => {
    const s = kids[0]!.session;
    const second = await start(s, quiz, { deviceId: DEV2 });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.fields).toHaveProperty('pin');
    const board = await ctx.call(controller, 'GET', `${API}/control/${quiz}`, undefined);
    expect(board.statusCode, board.body).toBe(200);
    expect(board.json().takers.find((t: { attemptId: number }) => t.attemptId === attemptId)).toMatchObject({
      takeoverPending: true,
      state: 'WORKING',
    });
    const wrongPin = await start(s, quiz, { deviceId: DEV2, pin: '000000' });
    expect(wrongPin.statusCode).toBe(409);
    const allow = await ctx.call(controller, 'POST', `${API}/control/${quiz}/attempts/${attemptId}/allow-device`);
    expect(allow.statusCode, allow.body).toBe(200);
    const { pin } = allow.json();
    expect(pin).toMatch(/^\d{6}$/);
    const taken = await start(s, quiz, { deviceId: DEV2, pin });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().attempt.maxSeq).toBe(9);
    const stale = await save(s, attemptId, [
      { questionId: q.single, clientSeq: 40, response: { type: 'SINGLE', optionId: 'c' } },
    ]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.fields).toHaveProperty('deviceId');
    const [row] = await ctx.db.select().from(attempts).where(eq(attempts.id, attemptId));
    expect(row).toMatchObject({ deviceId: DEV2, deviceChanges: 1, takeoverPinHash: null });
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'exam.device.change'));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(await ctx.db.select().from(auditLog))).not.toContain(pin);
  });

  it('accepts saves until the deadline plus the grace, refuses them after, and the server submits as at the deadline', async () => {
    const s = kids[0]!.session;
    setClock(at(31, 40)); // 40 s after the deadline: a request in flight still counts
    const late = await save(
      s,
      attemptId,
      [{ questionId: q.multiple, clientSeq: 41, response: { type: 'MULTIPLE', optionIds: ['a', 'c'] } }],
      DEV2,
    );
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().secondsLeft).toBe(0);
    setClock(at(32, 1)); // past the grace
    const tooLate = await save(
      s,
      attemptId,
      [{ questionId: q.multiple, clientSeq: 42, response: { type: 'MULTIPLE', optionIds: ['b'] } }],
      DEV2,
    );
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().error.fields).toHaveProperty('deadline');
    expect(await sweepDeadlines(ctx.db)).toBe(1); // this attempt, the only one open past its deadline
    const [row] = await ctx.db.select().from(attempts).where(eq(attempts.id, attemptId));
    // no essay was answered, so nothing waits for marking: graded at once
    expect(row).toMatchObject({ status: 'GRADED', submittedBy: 'DEADLINE' });
    expect(row!.submittedAt!.getTime()).toBe(new Date(paper0Deadline).getTime());
    // closed answers are scored (single 2 + multiple 2 + tf 2 + match 1 of 2 + short 1)
    expect(row!.scoreNum! / row!.scoreDen!).toBe(8);
    const afterSubmit = await save(
      s,
      attemptId,
      [{ questionId: q.multiple, clientSeq: 43, response: { type: 'MULTIPLE', optionIds: ['b'] } }],
      DEV2,
    );
    expect(afterSubmit.statusCode).toBe(409);
    expect(afterSubmit.json().error.fields).toHaveProperty('status');
    // a repeat of the submit is harmless
    const again = await ctx.call(s, 'POST', `${API}/attempts/${attemptId}/submit`, { deviceId: DEV2 });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().status).toBe('GRADED');
  });

  it('gives another student more time; they continue after the first deadline and see why', async () => {
    setClock(at(5));
    const s = kids[1]!.session;
    const paper = (await start(s, quiz)).json();
    const extend = await ctx.call(controller, 'POST', `${API}/control/${quiz}/extend`, {
      studentIds: [kids[1]!.studentId],
      minutes: 10,
      reason: 'Listrik padam di ruang 2',
    });
    expect(extend.statusCode, extend.body).toBe(200);
    expect(extend.json().affected).toBe(1);
    setClock(at(40)); // after the 35-minute deadline and its grace, within the extension
    const res = await save(s, paper.attempt.id, [
      { questionId: q.single, clientSeq: 1, response: { type: 'SINGLE', optionId: 'b' } },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(Math.abs(res.json().secondsLeft - 5 * 60)).toBeLessThanOrEqual(1);
    await sweepDeadlines(ctx.db);
    const now = (await ctx.call(s, 'GET', `${API}/attempts/${paper.attempt.id}`, undefined)).json();
    expect(now.attempt.status).toBe('IN_PROGRESS');
    expect(now.notices[0].text).toContain('10 menit');
    // the proctor submits it with a reason, then reopens it for 5 minutes
    const forced = await ctx.call(
      controller,
      'POST',
      `${API}/control/${quiz}/attempts/${paper.attempt.id}/force-submit`,
      {
        reason: 'Siswa sakit',
      },
    );
    expect(forced.statusCode, forced.body).toBe(200);
    const reopened = await ctx.call(controller, 'POST', `${API}/control/${quiz}/attempts/${paper.attempt.id}/reopen`, {
      reason: 'Sudah sehat',
      minutes: 5,
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    const back = (await ctx.call(s, 'GET', `${API}/attempts/${paper.attempt.id}`, undefined)).json();
    expect(back.attempt.status).toBe('IN_PROGRESS');
    expect(Math.abs(back.attempt.secondsLeft - 300)).toBeLessThanOrEqual(1);
    reopenedId = paper.attempt.id;
    const actions = await ctx.db.execute<{ action: string }>(
      sql`select action from audit_log where action like 'exam.%' order by id`,
    );
    expect(actions.rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['exam.extend', 'exam.force-submit', 'exam.reopen']),
    );
  });

  it('takes a proctor-uploaded answer file after the deadline, newest sequence wins', async () => {
    setClock(at(60));
    const s = kids[1]!.session;
    await sweepDeadlines(ctx.db);
    const paper = (await ctx.call(s, 'GET', `${API}/attempts/${reopenedId}`, undefined)).json();
    expect(paper.attempt.status).not.toBe('IN_PROGRESS');
    const file = {
      format: 'mms-exam-answers-1',
      attemptId: paper.attempt.id,
      assessmentId: quiz,
      deviceId: DEV,
      createdAt: at(44),
      saves: [
        { questionId: q.single, clientSeq: 0, response: { type: 'SINGLE', optionId: 'a' }, flagged: false },
        { questionId: q.short, clientSeq: 3, response: { type: 'SHORT', text: 'Jakarta' }, flagged: false },
      ],
    };
    const res = await ctx.call(controller, 'POST', `${API}/control/${quiz}/answer-file`, file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ accepted: 1, ignored: 1 });
  });

  it('refuses the control routes to students and to teachers with no part in the quiz; shows the detail', async () => {
    expect((await ctx.call(kids[0]!.session, 'GET', `${API}/control/${quiz}`, undefined)).statusCode).toBe(403);
    const outsider = await ctx.call(f.otherTeacher, 'GET', `${API}/control/${quiz}`, undefined);
    expect(outsider.statusCode).toBe(403);
    const list = await ctx.call(f.otherTeacher, 'GET', `${API}/control?kind=FORMATIVE`, undefined);
    expect(list.json().items).toEqual([]);
    const author = await ctx.call(f.subjectTeacher, 'GET', `${API}/control?kind=FORMATIVE`, undefined);
    expect(author.json().items.map((i: { assessmentId: number }) => i.assessmentId)).toContain(quiz);
    const board = (await ctx.call(f.subjectTeacher, 'GET', `${API}/control/${quiz}`, undefined)).json();
    const done = board.takers.find((t: { studentId: number }) => t.studentId === kids[0]!.studentId);
    expect(done).toMatchObject({ state: 'SUBMITTED', submittedBy: 'DEADLINE', pendingEssays: 0, answered: 5 });
    // six takers: the two whose attempts this file ended (one at its deadline, one by the proctor), four never started
    expect(board.takers).toHaveLength(6);
    expect(board.summary).toEqual({ notStarted: 4, working: 0, offline: 0, submitted: 2 });
    const detail = await ctx.call(f.subjectTeacher, 'GET', `${API}/control/${quiz}/attempts/${done.attemptId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().items).toHaveLength(6);
    // the answer reads with the options' texts, not only their codes
    const single = detail.json().items.find((i: { questionId: number }) => i.questionId === q.single);
    expect(single.parts).toEqual([
      { id: 'a', side: 'OPTION', text: '6' },
      { id: 'b', side: 'OPTION', text: '8' },
      { id: 'c', side: 'OPTION', text: '9' },
    ]);
    expect(detail.json().events.map((e: { kind: string }) => e.kind)).toEqual(
      expect.arrayContaining(['START', 'TAKEOVER_REQUEST', 'DEVICE_CHANGE', 'AUTO_SUBMIT']),
    );
  });
});

describe('trial (uji coba)', () => {
  it('shows the author and a controller the paper in its own order without a key, scores it, and records nothing', async () => {
    const attemptsBefore = (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from attempts`)).rows[0]!
      .n;
    const paper = await ctx.call(f.subjectTeacher, 'GET', `${API}/trial/${quiz}`);
    expect(paper.statusCode, paper.body).toBe(200);
    const questions = paper.json().questions as { questionId: number; number: number; parts: { id: string }[] }[];
    expect(questions.map((x) => x.questionId)).toEqual([q.single, q.multiple, q.tf, q.match, q.short, q.essay]);
    expect(questions[0]!.parts.map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(paper.body).not.toContain('RAHASIA');
    expect(paper.body).not.toContain('"key"');
    expect((await ctx.call(controller, 'GET', `${API}/trial/${quiz}`)).statusCode).toBe(200);

    const scored = await ctx.call(f.subjectTeacher, 'POST', `${API}/trial/${quiz}/score`, {
      responses: [
        { questionId: q.single, response: { type: 'SINGLE', optionId: 'b' } },
        { questionId: q.short, response: { type: 'SHORT', text: ' jakarta ' } },
        { questionId: q.essay, response: { type: 'ESSAY', text: 'Jawaban' } },
      ],
    });
    expect(scored.statusCode, scored.body).toBe(200);
    const result = scored.json();
    expect(result.items.find((i: { questionId: number }) => i.questionId === q.single)).toMatchObject({
      earned: 2,
      correct: true,
    });
    expect(result.items.find((i: { questionId: number }) => i.questionId === q.essay)).toMatchObject({
      earned: null,
      correct: null,
    });
    expect(result.earned).toBe(3);
    const attemptsAfter = (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from attempts`)).rows[0]!
      .n;
    expect(attemptsAfter).toBe(attemptsBefore);
  });

  it('refuses students and teachers with no part in the assessment, and answers for other questions', async () => {
    expect((await ctx.call(kids[0]!.session, 'GET', `${API}/trial/${quiz}`)).statusCode).toBe(403);
    const outsider = await ctx.call(f.otherTeacher, 'GET', `${API}/trial/${quiz}`);
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().error.message).toBe('Uji coba hanya untuk penulis, pemeriksa atau pengendali penilaian ini');
    const stranger = await ctx.call(f.subjectTeacher, 'POST', `${API}/trial/${quiz}/score`, {
      responses: [{ questionId: 999_999, response: { type: 'SINGLE', optionId: 'a' } }],
    });
    expect(stranger.statusCode).toBe(400);
    const mismatch = await ctx.call(f.subjectTeacher, 'POST', `${API}/trial/${quiz}/score`, {
      responses: [{ questionId: q.single, response: { type: 'SHORT', text: 'x' } }],
    });
    expect(mismatch.statusCode).toBe(400);
    expect((await ctx.call(f.subjectTeacher, 'GET', `${API}/trial/${2 ** 40}`)).statusCode).toBe(400);
  });
});

describe('tokens', () => {
  it('needs the current token; a rotated one replaces it', async () => {
    setClock(at(2));
    const s = kids[2]!.session;
    const none = await start(s, tokenExam);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.fields).toHaveProperty('token');
    const set = await ctx.call(controller, 'PUT', `${API}/control/${tokenExam}/token`, {
      rotateNow: true,
      rotateMinutes: 5,
    });
    expect(set.statusCode, set.body).toBe(200);
    const first = set.json().token as string;
    expect(first).toMatch(/^[A-Z0-9]{6}$/);
    setClock(at(8));
    const second = (await ctx.call(controller, 'GET', `${API}/control/${tokenExam}/token`, undefined)).json().token;
    expect(second).not.toBe(first);
    expect((await start(s, tokenExam, { deviceId: DEV, token: first })).statusCode).toBe(409);
    const ok = await start(s, tokenExam, { deviceId: DEV, token: second.toLowerCase() });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
