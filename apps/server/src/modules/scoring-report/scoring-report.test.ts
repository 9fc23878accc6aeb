import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees, units, users } from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { attendanceFixture } from '../attendance/test-fixtures.ts';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let wakakur: Session;
let principal: Session;
let yayasan: Session;
let outsiderPrincipal: Session;
const semester = 'GANJIL';
const URL = '/api/v1/reports/scoring';

interface Recap {
  classGroup: { name: string };
  subject: { name: string };
  policy: { kkm: number };
  classMean: number | null;
  belowKkm: number;
  rows: { name: string; final: number | null; belowKkm: boolean | null }[];
}

beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx);
  wakakur = await ctx.as('WAKAKUR');
  principal = await ctx.as('PRINCIPAL');
  yayasan = await ctx.as('YAYASAN');
  const [sd] = await ctx.db.insert(units).values({ code: 'SD', name: 'SD Uji' }).returning();
  const u = await ctx.createUser({ division: 'PRINCIPAL' });
  await ctx.db.update(users).set({ unitId: sd!.id }).where(eq(users.id, u.id));
  await ctx.db.update(employees).set({ unitId: sd!.id }).where(eq(employees.userId, u.id));
  outsiderPrincipal = await ctx.signIn(u.username);

  // a daily test in 7A (typed by its teacher) and in 7B (by the deputy); the third student of 7A has no score
  const sheet = async (s: Session, classGroupId: number, scores: (number | null)[], studentIds: number[]) => {
    const res = await ctx.call(s, 'POST', '/api/v1/scores/columns', {
      classGroupId,
      subjectId: f.subject.id,
      semester,
      kind: 'HARIAN',
      title: 'UH 1',
      date: '2026-09-10',
    });
    expect(res.statusCode, res.body).toBe(200);
    const cells = studentIds.map((studentId, i) => ({ columnId: res.json().id, studentId, score: scores[i] ?? null }));
    const saved = await ctx.call(s, 'PUT', '/api/v1/scores/cells', { cells });
    expect(saved.statusCode, saved.body).toBe(200);
  };
  await sheet(
    f.subjectTeacher,
    f.classA.id,
    [80, 70, null],
    f.studentsA.map((s) => s.id),
  );
  await sheet(
    wakakur,
    f.classB.id,
    [60, 90],
    f.studentsB.map((s) => s.id),
  );
});
afterAll(() => ctx.close());

const report = async (s: Session, query = '') => {
  const res = await ctx.call(s, 'GET', `${URL}?semester=${semester}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { academicYear: { id: number } | null; recaps: Recap[] };
};

describe('the scoring report', () => {
  it('gives the leaders the recap of each class and subject: class mean, KKM and who is below it', async () => {
    const r = await report(principal);
    expect(r.academicYear?.id).toBe(f.year.id);
    expect(r.recaps.map((x) => `${x.classGroup.name} ${x.subject.name}`)).toEqual(['7A Matematika', '7B Matematika']);
    const [a, b] = r.recaps;
    // 7A: 80 and 70 (one without a score): mean 75; 70 is below the KKM of 75
    expect(a).toMatchObject({ policy: { kkm: 75 }, classMean: 75, belowKkm: 1 });
    expect(a!.rows.map((x) => [x.final, x.belowKkm])).toEqual(
      expect.arrayContaining([
        [80, false],
        [70, true],
        [null, null],
      ]),
    );
    // 7B: 60 and 90: mean 75, one below
    expect(b).toMatchObject({ classMean: 75, belowKkm: 1 });
    // the same figures as the teachers' recap screen
    const recap = await ctx.call(
      principal,
      'GET',
      `/api/v1/scores/recap?classGroupId=${f.classA.id}&subjectId=${f.subject.id}&semester=${semester}`,
    );
    expect(recap.json()).toEqual(a);
  });

  it('filters by class, subject, year and semester', async () => {
    expect((await report(wakakur, `&classGroupId=${f.classB.id}`)).recaps.map((x) => x.classGroup.name)).toEqual([
      '7B',
    ]);
    expect((await report(wakakur, `&subjectId=${f.subject.id}`)).recaps).toHaveLength(2);
    expect((await report(wakakur, `&academicYearId=${f.year.id}`)).recaps).toHaveLength(2);
    const genap = await ctx.call(wakakur, 'GET', `${URL}?semester=GENAP`);
    expect(genap.json().recaps).toEqual([]);
  });

  it('lets the foundation read every unit; a leader only their own; refuses everyone else', async () => {
    expect((await report(yayasan)).recaps).toHaveLength(2);
    expect((await report(yayasan, `&unitId=${f.unitId}`)).recaps).toHaveLength(2);
    expect((await report(outsiderPrincipal)).recaps).toEqual([]);
    expect(
      (await ctx.call(outsiderPrincipal, 'GET', `${URL}?semester=${semester}&unitId=${f.unitId}`)).statusCode,
    ).toBe(403);
    expect((await ctx.call(f.subjectTeacher, 'GET', `${URL}?semester=${semester}`)).statusCode).toBe(403);
    expect((await ctx.call(await ctx.as('STUDENT'), 'GET', `${URL}?semester=${semester}`)).statusCode).toBe(403);
    expect((await ctx.call(null, 'GET', `${URL}?semester=${semester}`)).statusCode).toBe(401);
  });

  it('refuses bad input in the error shape', async () => {
    const none = await ctx.call(principal, 'GET', URL);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields.semester).toBe('Pilih semester Ganjil atau Genap');
    expect((await ctx.call(principal, 'GET', `${URL}?semester=GANJIL&classGroupId=4294967296`)).statusCode).toBe(400);
    expect((await ctx.call(principal, 'GET', `${URL}?semester=GANJIL&academicYearId=999999`)).statusCode).toBe(404);
    expect((await ctx.call(principal, 'GET', `${URL}?semester=GAN%00JIL`)).statusCode).toBe(400);
  });
});
