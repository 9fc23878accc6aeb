import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, enrollments, grades, subjects } from '../../db/schema/index.ts';
import { setClock } from '../../lib/clock.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { attendanceFixture } from '../attendance/test-fixtures.ts';

// Issue 40: learning objectives (TP), their tags on score columns and bank questions, mastery and the drafts.
// The quiz opens at 10:00 WIB on Wednesday 18 November 2026 (first semester of 2026/2027).
const OPEN = '2026-11-18T10:00:00+07:00';
const CLOSE = '2026-11-18T12:00:00+07:00';
const DEV = 'device-tp-1';
const API = '/api/v1';
const TP = `${API}/learning-objectives`;

let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let wakakur: Session;
let principal: Session;
let student: { session: Session; studentId: number };
let grade8: number;
let ipa: number;
const q = { single: 0, short: 0 };
let quiz: number;

const create = (s: Session, body: Record<string, unknown>) =>
  ctx.call(s, 'POST', TP, { subjectId: f.subject.id, gradeId: f.classA.gradeId, ...body });
const listOf = (s: Session, extra = '') =>
  ctx.call(s, 'GET', `${TP}?subjectId=${f.subject.id}&gradeId=${f.classA.gradeId}${extra}`);
/** The score sheet of 7A's Matematika in the first semester (filled in by beforeAll). */
const sheet = { classGroupId: 0, subjectId: 0, semester: 'GANJIL' };
const masteryOf = (s: Session, extra = '') =>
  ctx.call(s, 'GET', `${TP}/mastery?classGroupId=${f.classA.id}&subjectId=${f.subject.id}&semester=GANJIL${extra}`);

beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx, { now: '2026-11-17T10:00:00+07:00' });
  sheet.classGroupId = f.classA.id;
  sheet.subjectId = f.subject.id;
  wakakur = await ctx.as('WAKAKUR');
  principal = await ctx.as('PRINCIPAL');
  const u = await ctx.createUser({ division: 'STUDENT' });
  const session = await ctx.signIn(u.username);
  await ctx.db.insert(enrollments).values({
    studentId: session.user.studentId!,
    classGroupId: f.classA.id,
    academicYearId: f.year.id,
    startedAt: new Date('2026-07-13T00:00:00+07:00'),
  });
  student = { session, studentId: session.user.studentId! };
  const [g8] = await ctx.db.insert(grades).values({ unitId: f.unitId, level: 8, name: 'Kelas 8' }).returning();
  grade8 = g8!.id;
  const [s] = await ctx.db.insert(subjects).values({ unitId: f.unitId, code: 'IPA', name: 'IPA' }).returning();
  ipa = s!.id;
});
afterAll(() => ctx.close());

describe('learning objectives (TP)', () => {
  let first: number;
  it('lets WAKAKUR and the subject’s teacher write the TPs of a subject and grade, in order', async () => {
    const a = await create(f.subjectTeacher, { code: 'TP 7.1', description: 'Menjelaskan bilangan bulat.' });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json()).toMatchObject({ code: 'TP 7.1', position: 1, academicYearId: f.year.id, columnTags: 0 });
    first = a.json().id;
    const b = await create(wakakur, { code: 'TP 7.2', description: 'Menyelesaikan operasi pecahan' });
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json().position).toBe(2);
    // WAKAKUR writes any subject of the unit
    expect(
      (await ctx.call(wakakur, 'POST', TP, { subjectId: ipa, gradeId: grade8, code: 'X', description: 'y' }))
        .statusCode,
    ).toBe(200);
    const list = await listOf(f.subjectTeacher);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ canManage: true, academicYearId: f.year.id });
    expect(list.json().items.map((i: { code: string }) => i.code)).toEqual(['TP 7.1', 'TP 7.2']);
    const found = await listOf(f.subjectTeacher, '&q=pecahan');
    expect(found.json().items.map((i: { code: string }) => i.code)).toEqual(['TP 7.2']);
    // the audit names the write
    const logged = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'learningObjective.create'));
    expect(logged.length).toBe(3);
  });

  it('refuses a teacher who does not teach the subject in the grade, and students, and a code twice', async () => {
    const other = await create(f.otherTeacher, { code: 'TP 7.9', description: 'x' });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toContain('guru mapel tingkat ini atau wakakur');
    expect((await listOf(f.otherTeacher)).statusCode).toBe(403);
    expect((await listOf(student.session)).statusCode).toBe(403);
    expect((await create(student.session, { code: 'S', description: 'x' })).statusCode).toBe(403);
    // the principal reads every TP of the unit but writes only what they teach (nothing)
    expect((await listOf(principal)).json().canManage).toBe(false);
    expect((await create(principal, { code: 'P', description: 'x' })).statusCode).toBe(403);
    const twice = await create(wakakur, { code: 'tp 7.1', description: 'lagi' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.fields).toEqual({ code: 'Sudah dipakai' });
  });

  it('edits and deletes with the same rule, and refuses bad input with 400', async () => {
    const edited = await ctx.call(f.subjectTeacher, 'PATCH', `${TP}/${first}`, {
      description: 'Membandingkan bilangan bulat',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().description).toBe('Membandingkan bilangan bulat');
    expect((await ctx.call(f.otherTeacher, 'PATCH', `${TP}/${first}`, { code: 'Z' })).statusCode).toBe(403);
    expect((await ctx.call(f.otherTeacher, 'DELETE', `${TP}/${first}`)).statusCode).toBe(403);
    expect((await ctx.call(f.subjectTeacher, 'PATCH', `${TP}/${first}`, {})).statusCode).toBe(400);
    expect((await ctx.call(f.subjectTeacher, 'PATCH', `${TP}/4294967296`, { code: 'Z' })).statusCode).toBe(400);
    expect((await ctx.call(f.subjectTeacher, 'PATCH', `${TP}/2147483647`, { code: 'Z' })).statusCode).toBe(404);
    expect((await ctx.call(f.subjectTeacher, 'GET', `${TP}?subjectId=99999999999&gradeId=1`)).statusCode).toBe(400);
    const nul = await create(f.subjectTeacher, { code: 'TP\u0000', description: 'x' });
    expect(nul.statusCode).toBe(400);
    expect((await create(f.subjectTeacher, { code: 'TP 7.5', description: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await create(f.subjectTeacher, { code: 'TP 7.5', description: 'x', position: 1000 })).statusCode).toBe(400);
    const extra = await create(f.subjectTeacher, { code: 'TP 7.9', description: 'Dihapus' });
    const removed = await ctx.call(f.subjectTeacher, 'DELETE', `${TP}/${extra.json().id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await ctx.call(f.subjectTeacher, 'DELETE', `${TP}/${extra.json().id}`)).statusCode).toBe(404);
  });

  it('offers each caller the pairs they may open, and where they may write', async () => {
    const choices = async (s: Session) =>
      (await ctx.call(s, 'GET', `${TP}/choices`))
        .json()
        .items.map(
          (i: { subjectId: number; gradeId: number; canManage: boolean }) =>
            `${i.subjectId}:${i.gradeId}:${i.canManage}`,
        );
    expect(await choices(f.subjectTeacher)).toEqual([`${f.subject.id}:${f.classA.gradeId}:true`]);
    expect(await choices(f.otherTeacher)).toEqual([]);
    expect((await choices(wakakur)).every((c: string) => c.endsWith(':true'))).toBe(true);
    expect((await choices(principal)).every((c: string) => c.endsWith(':false'))).toBe(true);
    expect((await ctx.call(student.session, 'GET', `${TP}/choices`)).statusCode).toBe(403);
  });
});

describe('tags and mastery', () => {
  let tp1: number;
  let tp2: number;
  let column: number;
  beforeAll(async () => {
    const list = (await listOf(wakakur)).json().items as { id: number; code: string }[];
    tp1 = list.find((i) => i.code === 'TP 7.1')!.id;
    tp2 = list.find((i) => i.code === 'TP 7.2')!.id;
  });

  it('tags a score column with TPs of its subject and grade, for the sheet’s typists only', async () => {
    const made = await ctx.call(f.subjectTeacher, 'POST', `${API}/scores/columns`, {
      ...sheet,
      kind: 'HARIAN',
      title: 'UH pecahan',
      date: '2026-11-10',
    });
    expect(made.statusCode, made.body).toBe(200);
    column = made.json().id;
    const tag = (s: Session, objectiveIds: number[]) =>
      ctx.call(s, 'PUT', `${TP}/column-tags/${column}`, { ...sheet, objectiveIds });
    const tagged = await tag(f.subjectTeacher, [tp2, tp2]);
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect(tagged.json()).toEqual({ objectiveIds: [tp2] });
    // the homeroom reads the sheet but does not type in it; another teacher opens nothing
    expect((await tag(f.homeroomA, [tp1])).statusCode).toBe(403);
    expect((await tag(f.otherTeacher, [tp1])).statusCode).toBe(403);
    expect((await tag(student.session, [tp1])).statusCode).toBe(403);
    // a TP of another subject or grade
    const ipaTp = (await ctx.call(wakakur, 'GET', `${TP}?subjectId=${ipa}&gradeId=${grade8}`)).json().items[0].id;
    const wrong = await tag(f.subjectTeacher, [ipaTp]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toContain('mapel, tingkat dan tahun pelajaran yang sama');
    expect((await tag(f.subjectTeacher, [2147483647])).statusCode).toBe(400);
    expect(
      (await ctx.call(f.subjectTeacher, 'PUT', `${TP}/column-tags/2147483647`, { ...sheet, objectiveIds: [] }))
        .statusCode,
    ).toBe(404);
    const read = await ctx.call(
      f.homeroomA,
      'GET',
      `${TP}/column-tags?classGroupId=${f.classA.id}&subjectId=${f.subject.id}&semester=GANJIL`,
    );
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().items).toEqual([{ columnId: column, objectiveIds: [tp2] }]);
    const cells = await ctx.call(f.subjectTeacher, 'PUT', `${API}/scores/cells`, {
      cells: [{ columnId: column, studentId: student.studentId, score: 80 }],
    });
    expect(cells.statusCode, cells.body).toBe(200);
  });

  it('tags bank questions (their author, or WAKAKUR), and reads them', async () => {
    const write = async (content: unknown, points: number) => {
      const res = await ctx.call(f.subjectTeacher, 'POST', `${API}/questions`, {
        subjectId: f.subject.id,
        gradeId: f.classA.gradeId,
        stem: '<p>Soal</p>',
        content,
        points,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().id as number;
    };
    q.single = await write(
      {
        type: 'SINGLE',
        options: [
          { id: 'a', text: '-2' },
          { id: 'b', text: '2' },
        ],
        key: 'a',
      },
      2,
    );
    q.short = await write({ type: 'SHORT', accepted: [{ text: '3/4' }] }, 1);
    const tag = (s: Session, id: number, objectiveIds: number[]) =>
      ctx.call(s, 'PUT', `${TP}/question-tags/${id}`, { objectiveIds });
    expect((await tag(f.subjectTeacher, q.single, [tp1])).statusCode).toBe(200);
    expect((await tag(wakakur, q.short, [tp2])).statusCode).toBe(200);
    expect((await tag(f.otherTeacher, q.short, [tp1])).statusCode).toBe(403);
    expect((await tag(student.session, q.short, [tp1])).statusCode).toBe(403);
    expect((await tag(f.subjectTeacher, q.short, [99, 'x' as unknown as number])).statusCode).toBe(400);
    const read = await ctx.call(f.subjectTeacher, 'GET', `${TP}/question-tags/${q.short}`);
    expect(read.json()).toEqual({ objectiveIds: [tp2] });
    expect((await ctx.call(f.otherTeacher, 'GET', `${TP}/question-tags/${q.short}`)).statusCode).toBe(403);
  });

  it('reads mastery per TP from tagged columns and the tagged questions of scored attempts, and drafts', async () => {
    // a quiz of both questions, taken by the student: the single right (TP 7.1), the short wrong (TP 7.2)
    const created = await ctx.call(f.subjectTeacher, 'POST', `${API}/assessments`, {
      kind: 'FORMATIVE',
      title: 'Kuis bilangan',
      subjectId: f.subject.id,
      gradeId: f.classA.gradeId,
      durationMinutes: 60,
      passingMark: 75,
      classIds: [f.classA.id],
    });
    expect(created.statusCode, created.body).toBe(200);
    quiz = created.json().id;
    const items = await ctx.call(f.subjectTeacher, 'PUT', `${API}/assessments/${quiz}/items`, {
      items: [{ questionId: q.single }, { questionId: q.short }],
    });
    expect(items.statusCode, items.body).toBe(200);
    for (const [s, action, body] of [
      [f.subjectTeacher, 'submit', {}],
      [wakakur, 'approve', {}],
      [wakakur, 'schedule', { classIds: [f.classA.id], opensAt: OPEN, closesAt: CLOSE }],
    ] as const) {
      const res = await ctx.call(s, 'POST', `${API}/assessments/${quiz}/${action}`, body);
      expect(res.statusCode, res.body).toBe(200);
    }
    setClock('2026-11-18T10:05:00+07:00');
    const s = student.session;
    const started = await ctx.call(s, 'POST', `${API}/exam/assessments/${quiz}/start`, { deviceId: DEV });
    expect(started.statusCode, started.body).toBe(200);
    const attemptId = started.json().attempt.id as number;
    const saved = await ctx.call(s, 'POST', `${API}/exam/attempts/${attemptId}/saves`, {
      deviceId: DEV,
      saves: [
        { questionId: q.single, clientSeq: 1, response: { type: 'SINGLE', optionId: 'a' } },
        { questionId: q.short, clientSeq: 2, response: { type: 'SHORT', text: '1/2' } },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const submitted = await ctx.call(s, 'POST', `${API}/exam/attempts/${attemptId}/submit`, { deviceId: DEV });
    expect(submitted.statusCode, submitted.body).toBe(200);

    const res = await masteryOf(f.subjectTeacher, '&kktp=75');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.kktp).toBe(75);
    const mine = body.students.find((x: { studentId: number }) => x.studentId === student.studentId);
    // TP 7.1: the quiz's single question, 2 of 2 = 100. TP 7.2: the quiz's short question 0 of 1, and the tagged
    // daily test 80: (0 + 80) / 2 = 40
    expect(mine.mastery).toEqual([
      { objectiveId: tp1, score: 100, evidence: 1 },
      { objectiveId: tp2, score: 40, evidence: 2 },
    ]);
    expect(mine.draft).toEqual({
      status: 'MIXED',
      id: 'Menunjukkan penguasaan yang baik dalam Membandingkan bilangan bulat. Perlu bantuan dalam Menyelesaikan operasi pecahan.',
      en: 'Shows good mastery of Membandingkan bilangan bulat. Needs help with Menyelesaikan operasi pecahan.',
      best: [tp1],
      needsHelp: [tp2],
    });
    // a classmate with nothing tagged gets no draft
    const other = body.students.find((x: { studentId: number }) => x.studentId === f.studentsA[0]!.id);
    expect(other.draft.status).toBe('NO_DATA');
    // the KKTP defaults to the subject's (75); at 30, TP 7.2's 40 is mastered too
    expect((await masteryOf(f.subjectTeacher)).json().kktp).toBe(75);
    const low = (await masteryOf(f.subjectTeacher, '&kktp=30')).json();
    expect(low.students.find((x: { studentId: number }) => x.studentId === student.studentId).draft.status).toBe(
      'ALL_MASTERED',
    );
  });

  it('shows mastery to the class-subject’s teacher, the homeroom and the leaders only', async () => {
    expect((await masteryOf(f.homeroomA)).statusCode).toBe(200);
    expect((await masteryOf(wakakur)).statusCode).toBe(200);
    expect((await masteryOf(f.otherTeacher)).statusCode).toBe(403);
    expect((await masteryOf(f.homeroomB)).statusCode).toBe(403);
    expect((await masteryOf(student.session)).statusCode).toBe(403);
    expect((await masteryOf(f.subjectTeacher, '&kktp=101')).statusCode).toBe(400);
    const far = await ctx.call(
      f.subjectTeacher,
      'GET',
      `${TP}/mastery?classGroupId=2147483648&subjectId=1&semester=GANJIL`,
    );
    expect(far.statusCode).toBe(400);
  });

  it('deleting a TP removes its tags (after the screen’s confirmation)', async () => {
    const before = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from score_column_objectives where objective_id = ${tp2}`,
    );
    expect(before.rows[0]!.n).toBe(1);
    expect((await ctx.call(wakakur, 'DELETE', `${TP}/${tp2}`)).statusCode).toBe(200);
    const after = await ctx.db.execute<{ n: number }>(
      sql`select (select count(*) from score_column_objectives where objective_id = ${tp2})::int
               + (select count(*) from question_objectives where objective_id = ${tp2})::int as n`,
    );
    expect(after.rows[0]!.n).toBe(0);
  });
});
