import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, grades, questions, questionVersions, teachingAssignments } from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { attendanceFixture } from '../attendance/test-fixtures.ts';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let teamMate: Session;
let wakakur: Session;
let student: Session;
let grade8: number;
beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx);
  wakakur = await ctx.as('WAKAKUR');
  student = await ctx.as('STUDENT');
  // a second teacher of Matematika in grade 7 (class 7B): the subject team of the bank
  teamMate = f.homeroomB;
  await ctx.db.insert(teachingAssignments).values({
    employeeId: teamMate.user.employeeId!,
    subjectId: f.subject.id,
    classGroupId: f.classB.id,
    academicYearId: f.year.id,
    semester: 'GANJIL',
    hoursPerWeek: 4,
  });
  const [g] = await ctx.db.insert(grades).values({ unitId: f.unitId, level: 8, name: 'Kelas 8' }).returning();
  grade8 = g!.id;
});
afterAll(() => ctx.close());

const single = (
  gradeId = f.classA.gradeId,
  stem = '<p>Hasil dari <span data-latex="2^3">2^3</span> adalah ...</p>',
) => ({
  subjectId: f.subject.id,
  gradeId,
  stem,
  content: {
    type: 'SINGLE',
    options: [
      { id: 'a', text: '6' },
      { id: 'b', text: '8' },
      { id: 'c', text: '9' },
    ],
    key: 'b',
  },
  points: 2,
  difficulty: 'MUDAH',
  cognitiveLevel: 'C1',
  objective: 'Menghitung perpangkatan',
  tags: ['Pangkat', 'pangkat ', 'PTS'],
});

const post = (s: Session, body: unknown) => ctx.call(s, 'POST', '/api/v1/questions', body);
const count = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(questionVersions))[0]!.n;

describe('the question bank', () => {
  let id: number;

  it('offers a teacher exactly the subjects and grades the write check accepts, a leader every pair of the unit', async () => {
    const choices = async (s: Session) => {
      const res = await ctx.call(s, 'GET', '/api/v1/questions/choices');
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items as { subjectId: number; gradeId: number; subjectName: string; gradeName: string }[];
    };
    const taught = await choices(f.subjectTeacher);
    expect(taught).toEqual([
      { subjectId: f.subject.id, subjectName: 'Matematika', gradeId: f.classA.gradeId, gradeName: 'Kelas 7' },
    ]);
    expect(await choices(f.otherTeacher)).toEqual([]);
    // every pair of the unit for a leader, grade 8 included; the teacher is refused there
    const all = await choices(wakakur);
    expect(all).toContainEqual(expect.objectContaining({ subjectId: f.subject.id, gradeId: grade8 }));
    expect(all).toContainEqual(expect.objectContaining({ subjectId: f.subject.id, gradeId: f.classA.gradeId }));
    for (const c of all.filter((p) => p.subjectId === f.subject.id)) {
      const res = await ctx.call(f.subjectTeacher, 'POST', '/api/v1/questions', single(c.gradeId));
      const offered = taught.some((t) => t.subjectId === c.subjectId && t.gradeId === c.gradeId);
      expect(res.statusCode, `${c.subjectName} ${c.gradeName}`).toBe(offered ? 200 : 403);
      if (res.statusCode === 200) await ctx.call(f.subjectTeacher, 'DELETE', `/api/v1/questions/${res.json().id}`);
    }
    expect((await ctx.call(student, 'GET', '/api/v1/questions/choices')).statusCode).toBe(403);
  });

  it('lets a teacher write a question of a subject and grade they teach, and no one else', async () => {
    const res = await post(f.subjectTeacher, single());
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json();
    expect(q).toMatchObject({
      subjectName: 'Matematika',
      gradeName: 'Kelas 7',
      version: 1,
      type: 'SINGLE',
      points: 2,
      difficulty: 'MUDAH',
      tags: ['pangkat', 'pts'],
      authorEmployeeId: f.subjectTeacher.user.employeeId,
    });
    expect(q.stem).toBe('<p>Hasil dari <span data-latex="2^3">2^3</span> adalah ...</p>');
    id = q.id;
    // a teacher of nothing, a grade the teacher does not teach, a student: refused, nothing written
    const before = await count();
    expect((await post(f.otherTeacher, single())).statusCode).toBe(403);
    expect((await post(f.subjectTeacher, single(grade8))).statusCode).toBe(403);
    expect((await post(student, single())).statusCode).toBe(403);
    expect(await count()).toBe(before);
    // the curriculum deputy writes for any grade of the unit
    expect((await post(wakakur, single(grade8))).statusCode).toBe(200);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'question.create'), eq(auditLog.entityId, String(id))));
    expect(entry?.after).toMatchObject({ type: 'SINGLE', points: 2 });
  });

  it('shares a question with the subject team to read, and lets only its author or a leader change it', async () => {
    expect((await ctx.call(teamMate, 'GET', `/api/v1/questions/${id}`)).statusCode).toBe(200);
    const listed = await ctx.call(teamMate, 'GET', '/api/v1/questions?pageSize=200');
    expect(listed.json().items.map((q: { id: number }) => q.id)).toContain(id);
    // the team mate may not change the author's question; a teacher outside the team may not even read it
    const { subjectId: _s, gradeId: _g, ...edit } = single();
    expect((await ctx.call(teamMate, 'PUT', `/api/v1/questions/${id}`, edit)).statusCode).toBe(403);
    expect((await ctx.call(teamMate, 'DELETE', `/api/v1/questions/${id}`)).statusCode).toBe(403);
    expect((await ctx.call(f.otherTeacher, 'GET', `/api/v1/questions/${id}`)).statusCode).toBe(403);
    const outside = await ctx.call(f.otherTeacher, 'GET', '/api/v1/questions?pageSize=200');
    expect(outside.statusCode).toBe(200);
    expect(outside.json().items).toEqual([]);
    // grade 8's question is not the team's
    const all = await ctx.call(wakakur, 'GET', `/api/v1/questions?subjectId=${f.subject.id}&pageSize=200`);
    expect(
      all
        .json()
        .items.map((q: { gradeName: string }) => q.gradeName)
        .sort(),
    ).toEqual(['Kelas 7', 'Kelas 8']);
    expect(listed.json().items.every((q: { gradeName: string }) => q.gradeName === 'Kelas 7')).toBe(true);
    expect((await ctx.call(student, 'GET', '/api/v1/questions')).statusCode).toBe(403);
  });

  it('writes a new version on every edit and never changes the one answered before', async () => {
    const [v1] = await ctx.db.select().from(questionVersions).where(eq(questionVersions.questionId, id));
    const { subjectId: _s, gradeId: _g, ...edit } = single();
    const res = await ctx.call(f.subjectTeacher, 'PUT', `/api/v1/questions/${id}`, {
      ...edit,
      content: { ...edit.content, key: 'c' },
      points: 3,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ version: 2, points: 3, content: { key: 'c' } });
    const versions = await ctx.call(f.subjectTeacher, 'GET', `/api/v1/questions/${id}/versions`);
    expect(versions.json().items.map((v: { version: number; points: number }) => [v.version, v.points])).toEqual([
      [2, 3],
      [1, 2],
    ]);
    const [kept] = await ctx.db.select().from(questionVersions).where(eq(questionVersions.id, v1!.id));
    expect(kept).toEqual(v1);
    // the database itself refuses to change a version
    await expect(
      ctx.db.update(questionVersions).set({ points: 9 }).where(eq(questionVersions.id, v1!.id)),
    ).rejects.toThrow();
    // a leader may edit the teacher's question too
    const byLeader = await ctx.call(wakakur, 'PUT', `/api/v1/questions/${id}`, { ...edit, points: 4 });
    expect(byLeader.json().version).toBe(3);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'question.update'), eq(auditLog.entityId, String(id))))
      .orderBy(auditLog.id)
      .limit(1);
    expect(entry).toMatchObject({ before: { version: 1, points: 2 }, after: { version: 2, points: 3 } });
  });

  it('keeps only the HTML a question may hold, and Arabic with its harakat as written', async () => {
    const arabic = 'بِسْمِ اللَّهِ الرَّحْمَٰنِ الرَّحِيمِ';
    const res = await post(
      f.subjectTeacher,
      single(
        f.classA.gradeId,
        `<p dir="rtl" lang="ar" onclick="steal()">${arabic}</p><script>alert(1)</script>` +
          '<img src="https://evil.example/x.png" onerror="x()"><img src="/api/v1/files/q/1.png" alt="gambar">' +
          '<a href="javascript:alert(1)">tautan</a>',
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().stem).toBe(
      `<p dir="rtl" lang="ar">${arabic}</p><img src="/api/v1/files/q/1.png" alt="gambar" />tautan`,
    );
    // a stem that is nothing once cleaned is refused under its field, and nothing is written
    const before = await count();
    const empty = await post(f.subjectTeacher, single(f.classA.gradeId, '<script>alert(1)</script><p> </p>'));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ stem: 'Soal wajib diisi' });
    const option = single();
    option.content.options[1]!.text = '<img src="https://evil.example/x.png">';
    const badOption = await post(f.subjectTeacher, option);
    expect(badOption.json().error.fields).toEqual({ 'content.options.1.text': 'Teks pilihan wajib diisi' });
    expect(await count()).toBe(before);
  });

  it('accepts every question type with its key, and refuses a key that does not fit', async () => {
    const base = { subjectId: f.subject.id, gradeId: f.classA.gradeId, stem: '<p>Soal</p>', points: 4 };
    const types = [
      {
        type: 'MULTIPLE',
        options: [
          { id: 'a', text: '2' },
          { id: 'b', text: '3' },
          { id: 'c', text: '4' },
        ],
        key: ['a', 'b'],
        partial: 'PARTIAL',
      },
      {
        type: 'TRUE_FALSE',
        statements: [
          { id: 's1', text: '2 prima' },
          { id: 's2', text: '9 prima' },
        ],
        key: { s1: true, s2: false },
      },
      {
        type: 'MATCHING',
        left: [
          { id: 'l1', text: '2^2' },
          { id: 'l2', text: '2^3' },
        ],
        right: [
          { id: 'r1', text: '4' },
          { id: 'r2', text: '8' },
          { id: 'r3', text: '6' },
        ],
        key: { l1: 'r1', l2: 'r2' },
      },
      { type: 'SHORT', accepted: [{ text: 'delapan' }, { number: 8, tolerance: 0 }] },
      {
        type: 'ESSAY',
        rubric: [
          { criterion: 'Langkah benar', points: 2 },
          { criterion: 'Hasil benar', points: 2 },
        ],
      },
    ];
    for (const content of types) {
      const res = await post(f.subjectTeacher, { ...base, content });
      expect(res.statusCode, `${content.type}: ${res.body}`).toBe(200);
      expect(res.json().type).toBe(content.type);
    }
    const before = await count();
    const wrong = [
      {
        type: 'SINGLE',
        options: [
          { id: 'a', text: '1' },
          { id: 'b', text: '2' },
        ],
        key: 'z',
      },
      {
        type: 'SINGLE',
        options: [
          { id: 'a', text: '1' },
          { id: 'a', text: '2' },
        ],
        key: 'a',
      },
      {
        type: 'MULTIPLE',
        options: [
          { id: 'a', text: '1' },
          { id: 'b', text: '2' },
        ],
        key: [],
      },
      { type: 'TRUE_FALSE', statements: [{ id: 's1', text: 'x' }], key: {} },
      {
        type: 'MATCHING',
        left: [
          { id: 'l1', text: 'x' },
          { id: 'l2', text: 'y' },
        ],
        right: [
          { id: 'r1', text: '1' },
          { id: 'r2', text: '2' },
        ],
        key: { l1: 'r1', l2: 'r9' },
      },
      { type: 'SHORT', accepted: [{ number: 8, tolerance: -1 }] },
      { type: 'ESSAY', rubric: [{ criterion: '', points: 2 }] },
      { type: 'DRAWING' },
    ];
    for (const content of wrong) {
      const res = await post(f.subjectTeacher, { ...base, content });
      expect(res.statusCode, JSON.stringify(content)).toBe(400);
    }
    expect((await post(f.subjectTeacher, { ...base, points: 0, content: types[3] })).statusCode).toBe(400);
    expect((await post(f.subjectTeacher, { ...single(), subjectId: 2147483648 })).statusCode).toBe(400);
    expect(await count()).toBe(before);
    // filters by type and tag
    const essays = await ctx.call(f.subjectTeacher, 'GET', '/api/v1/questions?type=ESSAY');
    expect(essays.json().items.map((q: { type: string }) => q.type)).toEqual(['ESSAY']);
    const tagged = await ctx.call(f.subjectTeacher, 'GET', '/api/v1/questions?tag=pts');
    expect(tagged.json().items.every((q: { tags: string[] }) => q.tags.includes('pts'))).toBe(true);
    expect(tagged.json().total).toBeGreaterThan(0);
  });

  it('removes a question from the bank and keeps its versions for what used them', async () => {
    expect((await ctx.call(f.subjectTeacher, 'DELETE', `/api/v1/questions/${id}`)).statusCode).toBe(200);
    expect((await ctx.call(f.subjectTeacher, 'GET', `/api/v1/questions/${id}`)).statusCode).toBe(404);
    const listed = await ctx.call(f.subjectTeacher, 'GET', '/api/v1/questions?pageSize=200');
    expect(listed.json().items.map((q: { id: number }) => q.id)).not.toContain(id);
    const [row] = await ctx.db.select().from(questions).where(eq(questions.id, id));
    expect(row!.deletedAt).not.toBeNull();
    expect((await ctx.db.select().from(questionVersions).where(eq(questionVersions.questionId, id))).length).toBe(3);
    expect((await ctx.call(f.subjectTeacher, 'DELETE', `/api/v1/questions/${id}`)).statusCode).toBe(404);
  });
});
