import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { grades, subjectMaterials, subjects } from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { attendanceFixture } from '../attendance/test-fixtures.ts';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let student: Session;
let otherGradeId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx);
  student = await ctx.as('STUDENT');
  await ctx.db.execute(
    sql`insert into enrollments (student_id, class_group_id, academic_year_id) values (${student.user.studentId}, ${f.classA.id}, ${f.year.id})`,
  );
  const [g] = await ctx.db.insert(grades).values({ unitId: f.unitId, level: 8, name: 'Kelas 8' }).returning();
  otherGradeId = g!.id;
});
afterAll(() => ctx.close());

const input = (gradeId: number, title = 'Bab 1: Bilangan bulat') => ({
  subjectId: f.subject.id,
  gradeId,
  semester: 'GANJIL',
  title,
  body: 'Bilangan bulat dan operasinya',
  sortOrder: 1,
});

describe('subject material', () => {
  let id: number;

  it('lets the subject’s teacher add, change and remove material; other teachers not', async () => {
    const res = await ctx.call(f.subjectTeacher, 'POST', '/api/v1/materials', input(f.classA.gradeId));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ subjectName: 'Matematika', gradeName: 'Kelas 7', attachments: [] });
    id = res.json().id;
    expect((await ctx.call(f.otherTeacher, 'POST', '/api/v1/materials', input(f.classA.gradeId))).statusCode).toBe(403);
    expect((await ctx.call(f.otherTeacher, 'PATCH', `/api/v1/materials/${id}`, { title: 'x' })).statusCode).toBe(403);
    const patched = await ctx.call(f.subjectTeacher, 'PATCH', `/api/v1/materials/${id}`, { title: 'Bab 1 (revisi)' });
    expect(patched.json().title).toBe('Bab 1 (revisi)');
    expect((await ctx.call(await ctx.as('WAKAKUR'), 'POST', '/api/v1/materials', input(otherGradeId))).statusCode).toBe(
      200,
    );
    expect((await ctx.call(student, 'POST', '/api/v1/materials', input(f.classA.gradeId))).statusCode).toBe(403);
  });

  it('refuses bad input and writes nothing', async () => {
    const before = (await ctx.db.select().from(subjectMaterials)).length;
    expect(
      (await ctx.call(f.subjectTeacher, 'POST', '/api/v1/materials', { ...input(f.classA.gradeId), title: '' }))
        .statusCode,
    ).toBe(400);
    expect((await ctx.call(f.subjectTeacher, 'POST', '/api/v1/materials', input(999999))).statusCode).toBe(400);
    const [untaughtSubject] = await ctx.db
      .insert(subjects)
      .values({ unitId: f.unitId, code: 'IPA', name: 'IPA' })
      .returning();
    const res = await ctx.call(f.subjectTeacher, 'POST', '/api/v1/materials', {
      ...input(f.classA.gradeId),
      subjectId: untaughtSubject!.id,
    });
    expect(res.statusCode).toBe(403);
    expect((await ctx.db.select().from(subjectMaterials)).length).toBe(before);
  });

  it('shows a student the material of their own grade only', async () => {
    const res = await ctx.call(student, 'GET', '/api/v1/materials');
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((m: { id: number }) => m.id)).toEqual([id]);
    expect((await ctx.call(student, 'GET', `/api/v1/materials/${id}`)).statusCode).toBe(200);
    const [other] = await ctx.db.select().from(subjectMaterials).where(eq(subjectMaterials.gradeId, otherGradeId));
    expect((await ctx.call(student, 'GET', `/api/v1/materials/${other!.id}`)).statusCode).toBe(403);
    expect((await ctx.call(student, 'GET', `/api/v1/materials?gradeId=${otherGradeId}`)).statusCode).toBe(403);
    const staff = await ctx.call(await ctx.as('TU'), 'GET', `/api/v1/materials?subjectId=${f.subject.id}`);
    expect(staff.json().total).toBe(2);
  });

  it('removes material', async () => {
    expect((await ctx.call(f.subjectTeacher, 'DELETE', `/api/v1/materials/${id}`)).statusCode).toBe(200);
    expect((await ctx.call(f.subjectTeacher, 'GET', `/api/v1/materials/${id}`)).statusCode).toBe(404);
  });
});

describe('class control', () => {
  it('lets the principal record and list visits of their unit', async () => {
    const principal = await ctx.as('PRINCIPAL');
    const res = await ctx.call(principal, 'POST', '/api/v1/class-control', {
      classGroupId: f.classA.id,
      date: f.day,
      period: 2,
      teacherPresent: false,
      notes: 'Kelas kosong, guru belum masuk',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ className: '7A', teacherPresent: false, period: 2 });
    const list = await ctx.call(principal, 'GET', `/api/v1/class-control?from=${f.day}&to=${f.day}`);
    expect(list.json().items).toHaveLength(1);
    expect((await ctx.call(f.homeroomA, 'GET', '/api/v1/class-control')).statusCode).toBe(403);
    expect(
      (
        await ctx.call(principal, 'POST', '/api/v1/class-control', {
          classGroupId: f.classA.id,
          date: '2999-01-01',
          period: 2,
          teacherPresent: true,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await ctx.call(principal, 'POST', '/api/v1/class-control', {
          classGroupId: f.classA.id,
          date: f.day,
          period: 0,
          teacherPresent: true,
        })
      ).statusCode,
    ).toBe(400);
    expect((await ctx.call(principal, 'DELETE', `/api/v1/class-control/${res.json().id}`)).statusCode).toBe(200);
    expect((await ctx.call(principal, 'DELETE', `/api/v1/class-control/${res.json().id}`)).statusCode).toBe(404);
  });
});
