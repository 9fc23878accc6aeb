import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attempts, auditLog, enrollments, questions } from '../../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../../test/context.ts';
import { attendanceFixture } from '../../attendance/test-fixtures.ts';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let wakakur: Session;
let student: Session;
let id: number;
const q: Record<'single' | 'multiple' | 'short' | 'essay', number> = { single: 0, multiple: 0, short: 0, essay: 0 };
const API = '/api/v1/assessments';

const SINGLE = {
  type: 'SINGLE',
  options: [
    { id: 'a', text: '6' },
    { id: 'b', text: '8' },
  ],
  key: 'b',
};

beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx);
  wakakur = await ctx.as('WAKAKUR');
  student = await ctx.as('STUDENT');
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
  q.short = await write({ type: 'SHORT', accepted: [{ text: 'Jakarta' }] }, 1);
  q.essay = await write(
    {
      type: 'ESSAY',
      rubric: [
        { criterion: 'Arti tepat', points: 3 },
        { criterion: 'Tulisan rapi', points: 1 },
      ],
    },
    4,
  );
  // a summative of 7A, through its workflow up to the schedule
  const created = await ctx.call(f.subjectTeacher, 'POST', API, {
    kind: 'SUMMATIVE',
    title: 'PTS Matematika',
    subjectId: f.subject.id,
    gradeId: f.classA.gradeId,
    durationMinutes: 90,
    passingMark: 75,
    classIds: [f.classA.id],
  });
  id = created.json().id;
  const items = await ctx.call(f.subjectTeacher, 'PUT', `${API}/${id}/items`, {
    items: [q.single, q.multiple, q.short, q.essay].map((questionId) => ({ questionId })),
  });
  expect(items.statusCode, items.body).toBe(200);
});
afterAll(() => ctx.close());

const sheet = (s: Session, studentId: number, answers: unknown[]) =>
  ctx.call(s, 'PUT', `${API}/${id}/answer-sheets/${studentId}`, { answers });
const resultsOf = async (s: Session = f.subjectTeacher) => {
  const res = await ctx.call(s, 'GET', `${API}/${id}/results`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const rowOf = (r: { rows: { studentId: number }[] }, studentId: number) =>
  r.rows.find((x) => x.studentId === studentId) as Record<string, unknown>;

describe('assessment results', () => {
  it('takes no answers before the assessment is scheduled', async () => {
    const early = await sheet(f.subjectTeacher, f.studentsA[0]!.id, []);
    expect(early.statusCode).toBe(409);
    for (const [s, action, body] of [
      [f.subjectTeacher, 'submit', {}],
      [wakakur, 'approve', {}],
      [
        wakakur,
        'schedule',
        { classIds: [f.classA.id], opensAt: '2026-11-19T07:00:00+07:00', closesAt: '2026-11-19T09:00:00+07:00' },
      ],
    ] as const) {
      const res = await ctx.call(s, 'POST', `${API}/${id}/${action}`, body);
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('records answer sheets, scores closed answers at once and leaves essays to mark', async () => {
    const [s0, s1, s2] = f.studentsA;
    const first = await sheet(f.subjectTeacher, s0!.id, [
      { questionId: q.single, response: { type: 'SINGLE', optionId: 'b' } },
      { questionId: q.multiple, response: { type: 'MULTIPLE', optionIds: ['a', 'c'] } },
      { questionId: q.short, response: { type: 'SHORT', text: '  jakarta ' } },
      { questionId: q.essay, response: { type: 'ESSAY', text: 'Dengan nama Allah' } },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    const second = await sheet(f.subjectTeacher, s1!.id, [
      { questionId: q.single, response: { type: 'SINGLE', optionId: 'a' } },
      // one of the two right options: half of 2 points
      { questionId: q.multiple, response: { type: 'MULTIPLE', optionIds: ['a'] } },
      { questionId: q.short, response: { type: 'SHORT', text: 'Bandung' } },
    ]);
    expect(second.statusCode, second.body).toBe(200);

    // refused: a student of 7B, a response of the wrong type, a question not in the assessment, others' sheets
    expect((await sheet(f.subjectTeacher, f.studentsB[0]!.id, [])).statusCode).toBe(400);
    const wrongType = await sheet(f.subjectTeacher, s2!.id, [
      { questionId: q.single, response: { type: 'SHORT', text: 'b' } },
    ]);
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.fields).toEqual({ 'answers.0.response': 'Jawaban tidak sesuai jenis soal' });
    expect((await sheet(f.otherTeacher, s2!.id, [])).statusCode).toBe(403);
    expect((await sheet(student, s2!.id, [])).statusCode).toBe(403);
    expect(
      (
        await ctx.db
          .select()
          .from(attempts)
          .where(and(eq(attempts.assessmentId, id), eq(attempts.studentId, s2!.id)))
      ).length,
    ).toBe(0);

    const r = await resultsOf();
    // s0: 2 + 2 + 1 of 9 before the essay (4 points) is marked = 55.56; s1: 0 + 1 + 0 of 9 = 11.11
    expect(rowOf(r, s0!.id)).toMatchObject({
      status: 'SUBMITTED',
      earned: 5,
      max: 9,
      grade: 55.56,
      pendingEssays: 1,
      passed: null,
    });
    expect(rowOf(r, s1!.id)).toMatchObject({
      status: 'GRADED',
      earned: 1,
      grade: 11.11,
      pendingEssays: 0,
      passed: false,
    });
    expect(rowOf(r, s2!.id)).toMatchObject({ status: 'NOT_TAKEN', grade: null });
    expect(r.summary).toMatchObject({
      takers: 2,
      mean: 33.34,
      highest: 55.56,
      lowest: 11.11,
      belowPassing: 1,
      pendingEssays: 1,
    });
    expect((await ctx.call(f.otherTeacher, 'GET', `${API}/${id}/results`)).statusCode).toBe(403);
    expect((await ctx.call(student, 'GET', `${API}/${id}/results`)).statusCode).toBe(403);
  });

  it('marks an essay by its rubric, audits it, and the grade follows', async () => {
    const list = await ctx.call(f.subjectTeacher, 'GET', `${API}/${id}/essays?questionId=${q.essay}`);
    expect(list.statusCode, list.body).toBe(200);
    const [essay] = list.json().items;
    expect(essay).toMatchObject({ studentId: f.studentsA[0]!.id, text: 'Dengan nama Allah', score: null, points: 4 });
    const url = `${API}/${id}/essays/${essay.answerId}`;
    expect((await ctx.call(f.subjectTeacher, 'PUT', url, { marks: [4, 1] })).statusCode).toBe(400);
    expect((await ctx.call(f.subjectTeacher, 'PUT', url, { marks: [3] })).statusCode).toBe(400);
    expect((await ctx.call(f.otherTeacher, 'PUT', url, { marks: [2, 1] })).statusCode).toBe(403);
    const marked = await ctx.call(f.subjectTeacher, 'PUT', url, { marks: [2, 1] });
    expect(marked.statusCode, marked.body).toBe(200);
    // 3 of the rubric's 4 give 3 of the question's 4 points: 8 of 9 = 88.89
    expect(marked.json()).toEqual({ score: 3, grade: 88.89, pendingEssays: 0 });
    const row = rowOf(await resultsOf(), f.studentsA[0]!.id);
    expect(row).toMatchObject({ status: 'GRADED', grade: 88.89, passed: true });
    const [log] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'assessment.essay.mark'));
    expect(log).toMatchObject({
      before: { score: null, grade: 55.56 },
      after: { marks: [2, 1], score: 3, grade: 88.89 },
    });
  });

  it('regrades every attempt when a key changes, as a new version, audited with the grades before and after', async () => {
    const url = `${API}/${id}/items/${q.single}/key`;
    expect((await ctx.call(f.otherTeacher, 'PUT', url, { content: { ...SINGLE, key: 'a' } })).statusCode).toBe(403);
    const wrongType = await ctx.call(f.subjectTeacher, 'PUT', url, {
      content: { type: 'SHORT', accepted: [{ text: 'a' }] },
    });
    expect(wrongType.statusCode).toBe(400);
    const res = await ctx.call(f.subjectTeacher, 'PUT', url, { content: { ...SINGLE, key: 'a' } });
    expect(res.statusCode, res.body).toBe(200);
    // s0 loses 2 points (8 -> 6 of 9), s1 gains 2 (1 -> 3 of 9)
    expect(res.json()).toMatchObject({
      questionId: q.single,
      version: 2,
      regraded: 2,
      changed: expect.arrayContaining([
        expect.objectContaining({ studentId: f.studentsA[0]!.id, before: 88.89, after: 66.67 }),
        expect.objectContaining({ studentId: f.studentsA[1]!.id, before: 11.11, after: 33.33 }),
      ]),
    });
    const [bank] = await ctx.db.select().from(questions).where(eq(questions.id, q.single));
    expect(bank!.currentVersion).toBe(2);
    const logs = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.action, 'assessment.key.change'));
    expect(logs[0]!.n).toBe(1);
    expect(rowOf(await resultsOf(wakakur), f.studentsA[1]!.id)).toMatchObject({ grade: 33.33 });
  });

  it('analyses the items: difficulty, discrimination, option counts, and nulls where undefined', async () => {
    const res = await ctx.call(f.subjectTeacher, 'GET', `${API}/${id}/analysis`);
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json();
    expect(a).toMatchObject({ takers: 2, groupSize: 1, kr20: null });
    const item = (questionId: number) => a.items.find((i: { questionId: number }) => i.questionId === questionId);
    // PG after the key change: s1 right, s0 wrong: p = 0.5; s0 has the higher total (6 vs 3), so D = 0 - 1 = -1
    expect(item(q.single)).toMatchObject({
      difficulty: 0.5,
      discrimination: -1,
      choices: { a: 1, b: 1 },
      flags: expect.arrayContaining(['NEGATIVE_DISCRIMINATION']),
    });
    // isian: s0 right, s1 wrong: p 0.5, D = 1
    expect(item(q.short)).toMatchObject({ difficulty: 0.5, discrimination: 1 });
    // the essay: only s0 answered (3 of 4): p = (0.75 + 0) / 2
    expect(item(q.essay)).toMatchObject({ answered: 1, difficulty: 0.375 });
  });
});

describe('formative analysis', () => {
  it('gives each class its mean and each learning objective its mastery, to the teachers of the subject', async () => {
    const write = async (content: unknown, points: number, objective: string) =>
      (
        await ctx.call(f.subjectTeacher, 'POST', '/api/v1/questions', {
          subjectId: f.subject.id,
          gradeId: f.classA.gradeId,
          stem: '<p>Kuis</p>',
          content,
          points,
          objective,
        })
      ).json().id as number;
    const tp1 = await write(SINGLE, 2, 'TP1 Perpangkatan');
    const tp2 = await write({ type: 'SHORT', accepted: [{ number: 8, tolerance: 0 }] }, 1, 'TP2 Akar');
    const quiz = (
      await ctx.call(f.subjectTeacher, 'POST', API, {
        kind: 'FORMATIVE',
        title: 'Kuis pangkat',
        subjectId: f.subject.id,
        gradeId: f.classA.gradeId,
        passingMark: 75,
        classIds: [f.classA.id],
      })
    ).json().id as number;
    await ctx.call(f.subjectTeacher, 'PUT', `${API}/${quiz}/items`, {
      items: [{ questionId: tp1 }, { questionId: tp2 }],
    });
    for (const [s, action, body] of [
      [f.subjectTeacher, 'submit', {}],
      [wakakur, 'approve', {}],
      [
        wakakur,
        'schedule',
        { classIds: [f.classA.id], opensAt: '2026-11-16T07:00:00+07:00', closesAt: '2026-11-16T08:00:00+07:00' },
      ],
    ] as const) {
      const res = await ctx.call(s, 'POST', `${API}/${quiz}/${action}`, body);
      expect(res.statusCode, res.body).toBe(200);
    }
    const [s0, s1] = f.studentsA;
    const put = (studentId: number, answers: unknown[]) =>
      ctx.call(f.subjectTeacher, 'PUT', `${API}/${quiz}/answer-sheets/${studentId}`, { answers });
    await put(s0!.id, [
      { questionId: tp1, response: { type: 'SINGLE', optionId: 'b' } },
      { questionId: tp2, response: { type: 'SHORT', text: '8' } },
    ]);
    await put(s1!.id, [
      { questionId: tp1, response: { type: 'SINGLE', optionId: 'b' } },
      { questionId: tp2, response: { type: 'SHORT', text: '9' } },
    ]);
    const url = `${API}/formative-analysis?subjectId=${f.subject.id}&gradeId=${f.classA.gradeId}`;
    const res = await ctx.call(f.subjectTeacher, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    // s0 3 of 3 = 100, s1 2 of 3 = 66.67: the class mean 83.34 (from the grades, rounded once)
    expect(res.json()).toEqual({
      assessments: [{ id: quiz, title: 'Kuis pangkat', classes: [{ className: '7A', takers: 2, mean: 83.34 }] }],
      byClass: [{ className: '7A', takers: 2, mean: 83.34 }],
      byObjective: [
        { objective: 'TP1 Perpangkatan', items: 1, mastery: 100 },
        { objective: 'TP2 Akar', items: 1, mastery: 50 },
      ],
    });
    expect((await ctx.call(f.otherTeacher, 'GET', url)).statusCode).toBe(403);
    expect((await ctx.call(student, 'GET', url)).statusCode).toBe(403);
    expect((await ctx.call(wakakur, 'GET', url)).statusCode).toBe(200);
  });
});

describe("a student's tests", () => {
  it('lists the upcoming test of their class, then their own published grade only, never a key', async () => {
    await ctx.db.insert(enrollments).values({
      studentId: student.user.studentId!,
      classGroupId: f.classA.id,
      academicYearId: f.year.id,
      startedAt: new Date(`${f.year.startDate}T00:00:00+07:00`),
    });
    // the key of the PG is 'a' since the key change: 2 of 9 = 22.22
    await sheet(f.subjectTeacher, student.user.studentId!, [
      { questionId: q.single, response: { type: 'SINGLE', optionId: 'a' } },
    ]);
    const mine = async () => {
      const res = await ctx.call(student, 'GET', `${API}/mine`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    let m = await mine();
    expect(m.upcoming.map((a: { title: string }) => a.title)).toContain('PTS Matematika');
    expect(m.published).toEqual([]);
    for (const [s, action] of [
      [wakakur, 'open'],
      [wakakur, 'close'],
      [f.subjectTeacher, 'grade'],
      [wakakur, 'publish'],
    ] as const) {
      const res = await ctx.call(s, 'POST', `${API}/${id}/${action}`, {});
      expect(res.statusCode, `${action} ${res.body}`).toBe(200);
    }
    m = await mine();
    expect(m.upcoming.map((a: { id: number }) => a.id)).not.toContain(id);
    expect(m.published).toContainEqual(
      expect.objectContaining({ id, title: 'PTS Matematika', grade: 22.22, passed: false, passingMark: 75 }),
    );
    expect(JSON.stringify(m)).not.toMatch(/"key"|88\.89|66\.67/);
    expect((await ctx.call(f.subjectTeacher, 'GET', `${API}/mine`)).statusCode).toBe(403);
  });
});
