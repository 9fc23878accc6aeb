import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, classGroups, enrollments, grades, p5Grades, units } from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { attendanceFixture } from '../attendance/test-fixtures.ts';
import { createP5Service } from './p5.service.ts';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let wakakur: Session;
let cashier: Session;
let student: Session;
let otherUnitClass: number;
let otherUnitGrade: number;

beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx);
  wakakur = await ctx.as('WAKAKUR');
  cashier = await ctx.as('TEACHERCASHIER');
  student = await ctx.as('STUDENT');
  await ctx.db.insert(enrollments).values({
    studentId: student.user.studentId!,
    classGroupId: f.classA.id,
    academicYearId: f.year.id,
    startedAt: new Date(`${f.year.startDate}T00:00:00+07:00`),
  });
  // a class of another unit, for the unit rule
  const [other] = await ctx.db.insert(units).values({ code: 'SDX', name: 'SD Lain' }).returning({ id: units.id });
  const [g] = await ctx.db.insert(grades).values({ unitId: other!.id, level: 1, name: 'Kelas 1' }).returning();
  otherUnitGrade = g!.id;
  const [c] = await ctx.db
    .insert(classGroups)
    .values({ unitId: other!.id, academicYearId: f.year.id, gradeId: g!.id, name: '1A' })
    .returning();
  otherUnitClass = c!.id;
});
afterAll(() => ctx.close());

const project = {
  gradeId: 0,
  semester: 'GANJIL',
  theme: 'Gaya Hidup Berkelanjutan',
  title: 'Sampahku tanggung jawabku',
  description: 'Memilah sampah di asrama',
  dimensions: ['GOTONG_ROYONG', 'BERNALAR_KRITIS'],
};

describe('P5 projects', () => {
  let id: number;

  it('are planned by WAKAKUR for a grade of their unit, not by teachers, cashiers or students', async () => {
    const body = { ...project, gradeId: f.classA.gradeId };
    for (const s of [f.subjectTeacher, cashier, student]) {
      expect((await ctx.call(s, 'POST', '/api/v1/p5-projects', body)).statusCode).toBe(403);
    }
    expect(
      (await ctx.call(wakakur, 'POST', '/api/v1/p5-projects', { ...body, gradeId: otherUnitGrade })).statusCode,
    ).toBe(403);
    for (const bad of [
      { dimensions: [] },
      { dimensions: ['MANDIRI', 'MANDIRI'] },
      { dimensions: ['RAJIN'] },
      { title: '' },
      { title: 'a\u0000b' },
      { gradeId: 2 ** 31 },
    ]) {
      const res = await ctx.call(wakakur, 'POST', '/api/v1/p5-projects', { ...body, ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const res = await ctx.call(wakakur, 'POST', '/api/v1/p5-projects', body);
    expect(res.statusCode, res.body).toBe(200);
    id = res.json().id;
    expect(res.json()).toMatchObject({ gradeName: 'Kelas 7', graded: 0, dimensions: project.dimensions });
    const list = await ctx.call(cashier, 'GET', '/api/v1/p5-projects');
    expect(list.json().items.map((p: { id: number }) => p.id)).toContain(id);
    expect((await ctx.call(f.subjectTeacher, 'GET', '/api/v1/p5-projects')).statusCode).toBe(403);
  });

  it('are graded per class by dimension, all rows checked first, and audited', async () => {
    const sheetUrl = `/api/v1/p5-projects/${id}/sheet?classGroupId=${f.classA.id}`;
    const sheet = await ctx.call(cashier, 'GET', sheetUrl);
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.json().classes.map((c: { name: string }) => c.name)).toEqual(['7A', '7B']);
    expect(sheet.json().rows[0].grades).toEqual({ GOTONG_ROYONG: null, BERNALAR_KRITIS: null });
    expect(
      (await ctx.call(cashier, 'GET', `/api/v1/p5-projects/${id}/sheet?classGroupId=${otherUnitClass}`)).statusCode,
    ).toBe(400);

    const [a, b] = f.studentsA;
    const bad = await ctx.call(cashier, 'PUT', `/api/v1/p5-projects/${id}/grades`, {
      classGroupId: f.classA.id,
      rows: [
        { studentId: a!.id, grades: { GOTONG_ROYONG: 'BSH' }, note: null },
        { studentId: f.studentsB[0]!.id, grades: { GOTONG_ROYONG: 'SB' }, note: null },
        { studentId: b!.id, grades: { MANDIRI: 'SAB' }, note: null },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      'rows.1.studentId': 'Siswa bukan anggota kelas ini',
      'rows.2.grades.MANDIRI': 'Dimensi ini tidak dipilih untuk projek ini',
    });
    expect(await ctx.db.select().from(p5Grades).where(eq(p5Grades.projectId, id))).toEqual([]);
    const wrongGrade = await ctx.call(cashier, 'PUT', `/api/v1/p5-projects/${id}/grades`, {
      classGroupId: f.classA.id,
      rows: [{ studentId: a!.id, grades: { GOTONG_ROYONG: 'A' }, note: null }],
    });
    expect(wrongGrade.statusCode).toBe(400);

    const ok = await ctx.call(cashier, 'PUT', `/api/v1/p5-projects/${id}/grades`, {
      classGroupId: f.classA.id,
      rows: [
        { studentId: a!.id, grades: { GOTONG_ROYONG: 'BSH', BERNALAR_KRITIS: 'SB' }, note: 'Aktif memilah sampah' },
        {
          studentId: student.user.studentId!,
          grades: { GOTONG_ROYONG: 'SAB', BERNALAR_KRITIS: null },
          note: 'Memimpin kelompok',
        },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const row = (sid: number) => ok.json().rows.find((r: { studentId: number }) => r.studentId === sid);
    expect(row(a!.id)).toMatchObject({
      grades: { GOTONG_ROYONG: 'BSH', BERNALAR_KRITIS: 'SB' },
      note: 'Aktif memilah sampah',
    });
    expect(row(student.user.studentId!).grades).toEqual({ GOTONG_ROYONG: 'SAB', BERNALAR_KRITIS: null });
    const logged = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.action, 'p5.grades.save'));
    expect(logged[0]!.n).toBe(1);
  });

  it('keep what is graded: no delete, no dropping a graded dimension', async () => {
    expect((await ctx.call(wakakur, 'DELETE', `/api/v1/p5-projects/${id}`)).statusCode).toBe(409);
    const drop = await ctx.call(wakakur, 'PUT', `/api/v1/p5-projects/${id}`, {
      ...project,
      gradeId: f.classA.gradeId,
      dimensions: ['GOTONG_ROYONG'],
    });
    expect(drop.statusCode).toBe(409);
    const add = await ctx.call(wakakur, 'PUT', `/api/v1/p5-projects/${id}`, {
      ...project,
      gradeId: f.classA.gradeId,
      dimensions: ['GOTONG_ROYONG', 'BERNALAR_KRITIS', 'KREATIF'],
    });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json().graded).toBe(2);
  });

  it('show a student their own grades and note only', async () => {
    const res = await ctx.call(student, 'GET', '/api/v1/p5-projects/me');
    expect(res.statusCode, res.body).toBe(200);
    const [mine] = res.json().projects;
    expect(mine).toMatchObject({
      id,
      title: project.title,
      note: 'Memimpin kelompok',
      grades: { GOTONG_ROYONG: 'SAB', BERNALAR_KRITIS: null, KREATIF: null },
    });
    expect(JSON.stringify(res.json())).not.toContain('Aktif memilah sampah');
    expect((await ctx.call(cashier, 'GET', '/api/v1/p5-projects/me')).statusCode).toBe(403);
  });

  it("read one student's projects of a semester for the rapor (the grade and year given, not the caller's)", async () => {
    const p5 = createP5Service(ctx.db);
    const studentId = student.user.studentId!;
    const ganjil = await p5.ofStudentSemester(studentId, f.classA.gradeId, f.year.id, 'GANJIL');
    expect(ganjil).toEqual([
      expect.objectContaining({
        id,
        title: project.title,
        note: 'Memimpin kelompok',
        grades: { GOTONG_ROYONG: 'SAB', BERNALAR_KRITIS: null, KREATIF: null },
      }),
    ]);
    expect(await p5.ofStudentSemester(studentId, f.classA.gradeId, f.year.id, 'GENAP')).toEqual([]);
    expect(await p5.ofStudentSemester(studentId, otherUnitGrade, f.year.id, 'GANJIL')).toEqual([]);
  });
});
