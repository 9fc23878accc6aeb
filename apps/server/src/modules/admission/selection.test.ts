import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { applicants, assessmentTakerItems, attempts, auditLog } from '../../db/schema/index.ts';
import { setClock } from '../../lib/clock.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { admissionFixture, applicantHeaders } from './test-fixtures.ts';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof admissionFixture>>;
let principal: Session;
const S = '/api/v1/admission/selection';
const T = '/api/v1/admission/public/test';
// the fixture wave's test window: 2027-04-05 07:00-12:00 WIB, 60 minutes
const at = (hhmm: string, s = 0) => new Date(`2027-04-05T${hhmm}:${String(s).padStart(2, '0')}+07:00`);

const single = (n: number, tag: string) => ({
  stem: `<p>Soal ${tag} ${n}: berapa ${n} + 1?</p>`,
  content: {
    type: 'SINGLE',
    options: [
      { id: 'a', text: String(n + 1) },
      { id: 'b', text: String(n + 2) },
    ],
    key: 'a',
  },
  points: 2,
  difficulty: 'MUDAH',
  tags: [tag],
});

beforeAll(async () => {
  ctx = await createTestContext();
  f = await admissionFixture(ctx.db);
  principal = await ctx.as('PRINCIPAL');
  for (let i = 1; i <= 4; i++)
    expect((await ctx.call(principal, 'POST', `${S}/questions`, single(i, 'Matematika'))).statusCode).toBe(200);
  for (let i = 1; i <= 3; i++)
    expect((await ctx.call(principal, 'POST', `${S}/questions`, single(i, 'Bahasa Indonesia'))).statusCode).toBe(200);
});
afterEach(() => setClock(null));
afterAll(() => ctx.close());

const setOf = (applicantId: number) =>
  ctx.db
    .select({ questionId: assessmentTakerItems.questionId })
    .from(assessmentTakerItems)
    .where(eq(assessmentTakerItems.applicantId, applicantId))
    .orderBy(asc(assessmentTakerItems.position))
    .then((r) => r.map((x) => x.questionId));

describe('the selection bank', () => {
  it('the principal writes, lists, edits (a new version once drawn) and removes; others are refused', async () => {
    const created = await ctx.call(principal, 'POST', `${S}/questions`, {
      ...single(9, 'Lain'),
      stem: '<p>Ibu kota?</p><script>alert(1)</script>',
    });
    expect(created.statusCode).toBe(200);
    const q = created.json();
    expect(q.stem).not.toContain('script');
    const list = await ctx.call(principal, 'GET', `${S}/questions?tag=Matematika`);
    expect(list.json().total).toBe(4);
    const edited = await ctx.call(principal, 'PUT', `${S}/questions/${q.id}`, { ...single(9, 'Lain'), points: 5 });
    expect(edited.json()).toMatchObject({ version: 1, points: 5 });
    expect((await ctx.call(principal, 'DELETE', `${S}/questions/${q.id}`)).statusCode).toBe(200);
    expect((await ctx.call(principal, 'GET', `${S}/questions/${q.id}`)).statusCode).toBe(404);
    const tags = await ctx.call(principal, 'GET', `${S}/questions/tags`);
    expect(tags.json().items).toEqual([
      { tag: 'Bahasa Indonesia', count: 3 },
      { tag: 'Matematika', count: 4 },
    ]);

    for (const division of ['TU', 'TEACHER', 'WAKAKUR'] as const) {
      const s = await ctx.as(division);
      expect((await ctx.call(s, 'GET', `${S}/questions`)).statusCode).toBe(403);
      expect((await ctx.call(s, 'POST', `${S}/questions`, single(1, 'X'))).statusCode).toBe(403);
    }
    expect((await ctx.call(null, 'GET', `${S}/questions`)).statusCode).toBe(401);
  });

  it('bad input is a clear 400 and writes nothing', async () => {
    const before = (await ctx.call(principal, 'GET', `${S}/questions`)).json().total;
    const bad = await ctx.call(principal, 'POST', `${S}/questions`, { ...single(1, 'X'), points: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Data yang dikirim tidak valid',
      fields: { points: 'Skor minimal 1' },
    });
    const nul = await ctx.call(principal, 'POST', `${S}/questions`, { ...single(1, 'X'), stem: '\u0000' });
    expect(nul.statusCode).toBe(400);
    expect((await ctx.call(principal, 'GET', `${S}/questions/99999999999`)).statusCode).toBe(400);
    expect((await ctx.call(principal, 'GET', `${S}/questions`)).json().total).toBe(before);
  });
});

describe('random sets, the applicant’s test, correction and ranking', () => {
  it('draws by tag counts, reproducible by the seed; a short tag refuses the draw; only admission.questions', async () => {
    const a = await f.applicant('VERIFIED');
    const b = await f.applicant('VERIFIED');
    const draw = (
      seed: number,
      tagCounts = [
        { tag: 'Matematika', count: 2 },
        { tag: 'Bahasa Indonesia', count: 1 },
      ],
    ) => ctx.call(principal, 'POST', `${S}/draws`, { waveId: f.wave.id, seed, tagCounts });
    const first = await draw(4242);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ seed: 4242 });
    const setA = await setOf(a.id);
    expect(setA).toHaveLength(3);
    const setB = await setOf(b.id);
    expect((await draw(999)).statusCode).toBe(200);
    expect((await draw(4242)).statusCode).toBe(200);
    expect(await setOf(a.id)).toEqual(setA);
    expect(await setOf(b.id)).toEqual(setB);
    const listed = await ctx.call(principal, 'GET', `${S}/draws?waveId=${f.wave.id}`);
    expect(listed.json().lastSeed).toBe(4242);

    const short = await draw(1, [{ tag: 'Matematika', count: 9 }]);
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toMatch(/Matematika/);
    expect(await setOf(a.id)).toEqual(setA);
    expect((await ctx.call(principal, 'POST', `${S}/draws`, { waveId: f.wave.id, seed: -1 })).statusCode).toBe(400);
    expect((await ctx.call(await ctx.as('TU'), 'POST', `${S}/draws`, { waveId: f.wave.id })).statusCode).toBe(403);
  });

  it('the applicant takes the test: window, own set only, idempotent saves, late saves refused, deadline submits', async () => {
    const [x, y] = await ctx.db
      .select()
      .from(applicants)
      .where(and(eq(applicants.waveId, f.wave.id), eq(applicants.state, 'VERIFIED')))
      .orderBy(asc(applicants.id));
    // sessions last two hours by the clock: sign in at the times the test sets
    setClock(at('06:30'));
    let hx = await applicantHeaders(ctx.db, x!.id);
    const get = (h: Record<string, string>) => ctx.app.inject({ method: 'GET', url: T, headers: h });
    const post = (h: Record<string, string>, url: string, payload: object) =>
      ctx.app.inject({ method: 'POST', url: `${T}${url}`, headers: h, payload });
    const save = (h: Record<string, string>, deviceId: string, saves: object[]) =>
      ctx.app.inject({ method: 'PUT', url: `${T}/answers`, headers: h, payload: { deviceId, saves } });

    expect((await ctx.app.inject({ method: 'GET', url: T })).statusCode).toBe(401);
    expect((await get(hx)).json().stage).toBe('NOT_OPEN');
    expect((await post(hx, '/start', { deviceId: 'device-x-1' })).statusCode).toBe(409);

    setClock(at('09:00'));
    hx = await applicantHeaders(ctx.db, x!.id);
    const hy = await applicantHeaders(ctx.db, y!.id);
    expect((await get(hx)).json().stage).toBe('READY');
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `${T}/start`,
          headers: { cookie: hx.cookie },
          payload: { deviceId: 'device-x-1' },
        })
      ).statusCode,
    ).toBe(403);
    const started = await post(hx, '/start', { deviceId: 'device-x-1' });
    expect(started.statusCode).toBe(200);
    const paper = started.json();
    expect(paper.stage).toBe('IN_PROGRESS');
    expect(paper.questions).toHaveLength(3);
    expect(JSON.stringify(paper)).not.toContain('"key"');
    // the clock runs on from the instant set: the deadline is 60 minutes after the start
    expect(Date.parse(paper.attempt.deadlineAt) - Date.parse(paper.attempt.startedAt)).toBe(60 * 60_000);
    // a redraw skips an applicant who started
    const redraw = await ctx.call(principal, 'POST', `${S}/draws`, {
      waveId: f.wave.id,
      seed: 7,
      tagCounts: [{ tag: 'Matematika', count: 3 }],
    });
    expect(redraw.json().skipped).toBe(1);
    expect((await get(hx)).json().questions.map((q: { questionId: number }) => q.questionId)).toEqual(
      paper.questions.map((q: { questionId: number }) => q.questionId),
    );

    const q1 = paper.questions[0].questionId as number;
    const [optA, optB] = paper.questions[0].parts.map((p: { id: string }) => p.id).sort();
    expect(
      (await save(hx, 'device-x-1', [{ questionId: q1, clientSeq: 2, response: { type: 'SINGLE', optionId: optA } }]))
        .statusCode,
    ).toBe(200);
    // a repeat and an older save change nothing
    const older = await save(hx, 'device-x-1', [
      { questionId: q1, clientSeq: 1, response: { type: 'SINGLE', optionId: optB } },
    ]);
    expect(older.statusCode).toBe(200);
    expect(older.json().acks).toEqual([{ questionId: q1, clientSeq: 1 }]);
    const resumed = (await get(hx)).json();
    expect(resumed.answers).toEqual([
      { questionId: q1, clientSeq: 2, flagged: false, response: { type: 'SINGLE', optionId: optA } },
    ]);
    expect(resumed.attempt.maxSeq).toBe(2);
    // a wrong type, an unknown question, another applicant's question: 400, nothing written
    expect(
      (await save(hx, 'device-x-1', [{ questionId: q1, clientSeq: 3, response: { type: 'SHORT', text: 'a' } }]))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await save(hx, 'device-x-1', [
          { questionId: 2_147_483_647, clientSeq: 3, response: { type: 'SINGLE', optionId: 'a' } },
        ])
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await save(hx, 'device-x-1', [
          { questionId: 99_999_999_999, clientSeq: 3, response: { type: 'SINGLE', optionId: 'a' } },
        ])
      ).statusCode,
    ).toBe(400);

    // applicant y signs in and sees only their own attempt (none yet); saving x's question is refused
    const py = (await get(hy)).json();
    expect(py.stage).toBe('READY');
    expect(py.attempt).toBeNull();
    expect(py.applicant.regNo).toBe(y!.regNo);
    await post(hy, '/start', { deviceId: 'device-y-1' });
    const ySet = new Set(await setOf(y!.id));
    const foreign = (await setOf(x!.id)).find((id) => !ySet.has(id));
    if (foreign) {
      expect(
        (
          await save(hy, 'device-y-1', [
            { questionId: foreign, clientSeq: 1, response: { type: 'SINGLE', optionId: 'a' } },
          ])
        ).statusCode,
      ).toBe(400);
    }

    // resume on another device: the device that started last holds the attempt
    expect((await post(hx, '/start', { deviceId: 'device-x-2' })).json().answers).toHaveLength(1);
    expect(
      (await save(hx, 'device-x-1', [{ questionId: q1, clientSeq: 5, response: { type: 'SINGLE', optionId: optB } }]))
        .statusCode,
    ).toBe(409);

    // x submits; y is submitted by the deadline on read, as at the deadline
    setClock(at('09:30'));
    const submitted = await post(hx, '/submit', {});
    expect(submitted.statusCode).toBe(200);
    expect((await get(hx)).json().stage).toBe('DONE');
    setClock(at('10:00', 30)); // within the grace a save in flight still counts
    expect(
      (
        await save(hy, 'device-y-1', [
          { questionId: [...ySet][0]!, clientSeq: 1, response: { type: 'SINGLE', optionId: 'a' } },
        ])
      ).statusCode,
    ).toBe(200);
    setClock(at('10:02'));
    expect(
      (
        await save(hy, 'device-y-1', [
          { questionId: [...ySet][0]!, clientSeq: 2, response: { type: 'SINGLE', optionId: 'b' } },
        ])
      ).statusCode,
    ).toBe(409);
    const [ya] = await ctx.db.select().from(attempts).where(eq(attempts.applicantId, y!.id));
    expect(ya).toMatchObject({ status: 'GRADED', submittedBy: 'DEADLINE' });
    expect(ya!.submittedAt!.toISOString()).toBe(ya!.deadlineAt.toISOString());
    const states = await ctx.db
      .select({ id: applicants.id, state: applicants.state })
      .from(applicants)
      .where(eq(applicants.waveId, f.wave.id));
    expect(states.find((s) => s.id === x!.id)!.state).toBe('TESTED');
    expect(states.find((s) => s.id === y!.id)!.state).toBe('TESTED');
  });

  it('the principal corrects an answer: the score and ranking change, audited; decisions move states', async () => {
    const tu = await ctx.as('TU');
    const teacher = await ctx.as('TEACHER');
    const list = await ctx.call(principal, 'GET', `${S}/attempts?waveId=${f.wave.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toHaveLength(2);
    expect((await ctx.call(tu, 'GET', `${S}/attempts?waveId=${f.wave.id}`)).statusCode).toBe(403);
    const rankingBefore = (await ctx.call(tu, 'GET', `${S}/ranking?waveId=${f.wave.id}`)).json();
    expect((await ctx.call(teacher, 'GET', `${S}/ranking?waveId=${f.wave.id}`)).statusCode).toBe(403);
    const last = rankingBefore.items.at(-1);
    const attempt = list.json().items.find((i: { applicantId: number }) => i.applicantId === last.applicantId);
    const detail = (await ctx.call(principal, 'GET', `${S}/attempts/${attempt.attemptId}`)).json();
    // every question of the fixture is single choice with key a
    expect(detail.answers[0].content).toMatchObject({ type: 'SINGLE', key: 'a' });
    const target = detail.answers.find((a: { earned: number }) => a.earned === 0);

    expect(
      (
        await ctx.call(tu, 'PUT', `${S}/attempts/${attempt.attemptId}/answers/${target.questionId}`, {
          earned: 2,
          note: 'kunci keliru',
        })
      ).statusCode,
    ).toBe(403);
    const tooMuch = await ctx.call(
      principal,
      'PUT',
      `${S}/attempts/${attempt.attemptId}/answers/${target.questionId}`,
      { earned: 3, note: 'kunci keliru' },
    );
    expect(tooMuch.statusCode).toBe(400);
    expect(
      (
        await ctx.call(principal, 'PUT', `${S}/attempts/${attempt.attemptId}/answers/${target.questionId}`, {
          earned: 1,
          note: '',
        })
      ).statusCode,
    ).toBe(400);

    const corrected = await ctx.call(
      principal,
      'PUT',
      `${S}/attempts/${attempt.attemptId}/answers/${target.questionId}`,
      { earned: 2, note: 'Jawaban setara diterima' },
    );
    expect(corrected.statusCode).toBe(200);
    const after = corrected.json();
    expect(after.attempt.score).toBeGreaterThan(attempt.score ?? 0);
    const fixed = after.answers.find((a: { questionId: number }) => a.questionId === target.questionId);
    expect(fixed).toMatchObject({ earned: 2, autoEarned: 0, correctionNote: 'Jawaban setara diterima' });
    const rankingAfter = (await ctx.call(principal, 'GET', `${S}/ranking?waveId=${f.wave.id}`)).json();
    expect(rankingAfter.items.find((r: { applicantId: number }) => r.applicantId === last.applicantId).score).toBe(
      after.attempt.score,
    );
    const logged = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admission.selection.correct'), eq(auditLog.entityId, String(attempt.attemptId))));
    expect(logged).toHaveLength(1);
    expect(logged[0]!.after).toMatchObject({ questionId: target.questionId, earned: 2 });

    const xlsx = await ctx.call(tu, 'GET', `${S}/ranking/export?waveId=${f.wave.id}`);
    expect(xlsx.statusCode).toBe(200);

    // decisions from the ranking
    const [top, second] = rankingAfter.items;
    expect(
      (
        await ctx.call(tu, 'POST', `${S}/decisions`, {
          waveId: f.wave.id,
          decisions: [{ applicantId: top.applicantId, to: 'ACCEPTED' }],
        })
      ).statusCode,
    ).toBe(403);
    const decided = await ctx.call(principal, 'POST', `${S}/decisions`, {
      waveId: f.wave.id,
      decisions: [
        { applicantId: top.applicantId, to: 'ACCEPTED' },
        { applicantId: second.applicantId, to: 'WAITLISTED' },
      ],
    });
    expect(decided.json()).toEqual({ moved: 2 });
    const again = await ctx.call(principal, 'POST', `${S}/decisions`, {
      waveId: f.wave.id,
      decisions: [{ applicantId: top.applicantId, to: 'REJECTED' }],
    });
    expect(again.statusCode).toBe(409);
    const ann = (await ctx.call(tu, 'GET', `${S}/announcement?waveId=${f.wave.id}`)).json();
    expect(ann.accepted.map((r: { regNo: string }) => r.regNo)).toEqual([top.regNo]);
    expect(ann.waitlisted.map((r: { regNo: string }) => r.regNo)).toEqual([second.regNo]);
    expect((await ctx.call(teacher, 'GET', `${S}/announcement?waveId=${f.wave.id}`)).statusCode).toBe(403);
  });

  it('test cards list the verified and tested applicants; an unknown wave is 404', async () => {
    const tu = await ctx.as('TU');
    const waves = await ctx.call(tu, 'GET', `${S}/waves`);
    expect(waves.json().items.map((w: { id: number }) => w.id)).toContain(f.wave.id);
    expect((await ctx.call(await ctx.as('STUDENT'), 'GET', `${S}/waves`)).statusCode).toBe(403);
    const cards = await ctx.call(tu, 'GET', `${S}/cards?waveId=${f.wave.id}`);
    expect(cards.statusCode).toBe(200);
    expect(cards.json().wave.testDurationMinutes).toBe(60);
    expect((await ctx.call(tu, 'GET', `${S}/cards?waveId=2147483000`)).statusCode).toBe(404);
    expect((await ctx.call(await ctx.as('TEACHER'), 'GET', `${S}/cards?waveId=${f.wave.id}`)).statusCode).toBe(403);
  });

  it('every staff route refuses a division without its permission; every applicant route needs the session', async () => {
    const teacher = await ctx.as('TEACHER');
    const tu = await ctx.as('TU');
    const w = f.wave.id;
    const staff: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['questions', 'GET', `${S}/questions/tags`],
      ['questions', 'GET', `${S}/questions/1`],
      ['questions', 'PUT', `${S}/questions/1`, single(1, 'X')],
      ['questions', 'DELETE', `${S}/questions/1`],
      ['questions', 'GET', `${S}/draws?waveId=${w}`],
      ['decide', 'GET', `${S}/attempts/1`],
      ['decide', 'POST', `${S}/attempts/1/submit`],
      ['decide', 'PUT', `${S}/attempts/1/answers/1`, { earned: 1, note: 'uji coba' }],
      ['manage', 'GET', `${S}/ranking/export?waveId=${w}`],
      ['manage', 'GET', `${S}/waves`],
    ];
    for (const [kind, method, url, body] of staff) {
      expect((await ctx.call(teacher, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      if (kind !== 'manage') expect((await ctx.call(tu, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await ctx.call(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
    for (const [method, url, payload] of [
      ['GET', T, undefined],
      ['POST', `${T}/start`, { deviceId: 'device-none-1' }],
      ['PUT', `${T}/answers`, { deviceId: 'device-none-1', saves: [] }],
      ['POST', `${T}/submit`, {}],
    ] as const) {
      const res = await ctx.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect([400, 401], `${method} ${url}`).toContain(res.statusCode);
      if (method !== 'PUT') expect(res.statusCode).toBe(401);
    }
  });

  it('the staff submit an attempt left in progress for the applicant (audited state move); bad ids are 400', async () => {
    const z = await f.applicant('VERIFIED');
    await ctx.call(principal, 'POST', `${S}/draws`, {
      waveId: f.wave.id,
      seed: 5,
      tagCounts: [{ tag: 'Matematika', count: 2 }],
    });
    setClock(at('09:10'));
    const hz = await applicantHeaders(ctx.db, z.id);
    const started = await ctx.app.inject({
      method: 'POST',
      url: `${T}/start`,
      headers: hz,
      payload: { deviceId: 'device-z-1' },
    });
    expect(started.statusCode).toBe(200);
    const attemptId = started.json().attempt.id as number;
    const done = await ctx.call(principal, 'POST', `${S}/attempts/${attemptId}/submit`);
    expect(done.statusCode).toBe(200);
    expect(done.json().attempt).toMatchObject({ submittedBy: 'STAFF', state: 'TESTED' });
    expect((await ctx.call(principal, 'POST', `${S}/attempts/${attemptId}/submit`)).statusCode).toBe(409);
    expect((await ctx.call(principal, 'GET', `${S}/attempts/4294967296`)).statusCode).toBe(400);
    expect((await ctx.call(principal, 'GET', `${S}/attempts/abc`)).statusCode).toBe(400);
    expect((await ctx.call(principal, 'GET', `${S}/ranking?waveId=`)).statusCode).toBe(400);
  });
});
