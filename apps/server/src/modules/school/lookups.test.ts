import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { enrollments, teachingAssignments } from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { schoolFactory } from './test-factory.ts';

let ctx: TestContext;
let f: ReturnType<typeof schoolFactory<Session>>;
let world: { yearId: number; classId: number; otherClassId: number; subjectId: number; studentId: number };

beforeAll(async () => {
  ctx = await createTestContext();
  f = schoolFactory(ctx);
  const { wakakur, unitId, yearId } = await f.setup();
  const g = await f.grade(wakakur, unitId, 7);
  const c = await f.classGroup(wakakur, yearId, g.id, '7A');
  const other = await f.classGroup(wakakur, yearId, g.id, '7B');
  const subject = await f.subject(wakakur, unitId, 'MTK', 'Matematika');
  const teacher = await ctx.as('TEACHER');
  const student = await ctx.as('STUDENT');
  await ctx.db.insert(teachingAssignments).values({
    employeeId: teacher.user.employeeId!,
    subjectId: subject.id,
    classGroupId: c.id,
    academicYearId: yearId,
    semester: 'GANJIL',
    hoursPerWeek: 5,
  });
  await ctx.db
    .insert(enrollments)
    .values({ studentId: student.user.studentId!, classGroupId: c.id, academicYearId: yearId });
  world = { yearId, classId: c.id, otherClassId: other.id, subjectId: subject.id, studentId: student.user.studentId! };
});
afterAll(() => ctx.close());

const names = (res: { json: () => { items: { name: string }[] } }) => res.json().items.map((i) => i.name);

describe('lookups', () => {
  it('lists tapel with the current year by the July rule', async () => {
    const res = await ctx.call(await ctx.as('TU'), 'GET', '/api/v1/lookups/tapel');
    expect(res.statusCode).toBe(200);
    expect(res.json().current.tapel).toMatch(/^\d{4}\/\d{4}$/);
    expect(res.json().items.some((y: { isActive: boolean }) => y.isActive)).toBe(true);
  });

  it('lists class titles, grades, subjects and teachers of the unit', async () => {
    const tu = await ctx.as('TU');
    expect(names(await ctx.call(tu, 'GET', '/api/v1/lookups/class-titles'))).toEqual(['7A', '7B']);
    expect(names(await ctx.call(tu, 'GET', '/api/v1/lookups/class-grades'))).toEqual(['Kelas 7']);
    expect(names(await ctx.call(tu, 'GET', '/api/v1/lookups/subjects'))).toEqual(['Matematika']);
    const teachers = await ctx.call(tu, 'GET', '/api/v1/lookups/teachers');
    // the unit's teaching staff of the fixture: the teacher and WAKAKUR (a teacher too), nobody else
    const staff = [(await ctx.as('TEACHER')).user.employeeId, (await ctx.as('WAKAKUR')).user.employeeId];
    expect(
      teachers
        .json()
        .items.map((i: { id: number }) => i.id)
        .sort(),
    ).toEqual(staff.sort());
    expect((await ctx.call(tu, 'GET', '/api/v1/lookups/subjects?unitId=999999')).statusCode).toBe(403);
    expect((await ctx.call(tu, 'GET', '/api/v1/lookups/subjects?unitId=abc')).statusCode).toBe(400);
  });

  it("gives a teacher their own classes and subjects, and a class's subjects", async () => {
    const teacher = await ctx.as('TEACHER');
    expect(names(await ctx.call(teacher, 'GET', '/api/v1/lookups/employee-classes'))).toEqual(['7A']);
    expect(
      names(await ctx.call(teacher, 'GET', `/api/v1/lookups/employee-subjects?classGroupId=${world.classId}`)),
    ).toEqual(['Matematika']);
    expect(names(await ctx.call(teacher, 'GET', `/api/v1/lookups/classes/${world.otherClassId}/subjects`))).toEqual([]);
    expect((await ctx.call(teacher, 'GET', '/api/v1/lookups/classes/999999/subjects')).statusCode).toBe(404);
    const noEmployee = await ctx.call(await ctx.as('STUDENT'), 'GET', '/api/v1/lookups/employee-classes');
    expect(noEmployee.statusCode).toBe(403);
  });

  it("refuses another unit's teacher's classes and subjects, as the employee routes do", async () => {
    const teacher = await ctx.as('TEACHER');
    const [unit] = (
      await ctx.db.execute<{ id: number }>(sql`insert into units (code, name) values ('SDL', 'SD Lain') returning id`)
    ).rows;
    const [stranger] = (
      await ctx.db.execute<{ id: number }>(
        sql`insert into employees (unit_id, nip, name) values (${unit!.id}, 'NIP-SD-1', 'Guru SD') returning id`,
      )
    ).rows;
    await ctx.db.insert(teachingAssignments).values({
      employeeId: stranger!.id,
      subjectId: world.subjectId,
      classGroupId: world.otherClassId,
      academicYearId: world.yearId,
      semester: 'GANJIL',
      hoursPerWeek: 2,
    });
    const principal = await ctx.as('PRINCIPAL');
    for (const who of [teacher, principal]) {
      for (const path of ['employee-classes', 'employee-subjects']) {
        const res = await ctx.call(who, 'GET', `/api/v1/lookups/${path}?employeeId=${stranger!.id}`);
        expect(res.statusCode, `${path}: ${res.body}`).toBe(403);
        expect((await ctx.call(who, 'GET', `/api/v1/employees/${stranger!.id}`)).statusCode).toBe(403);
      }
    }
    // A colleague of the same unit is readable, as on the employee routes; ADMIN sees every unit.
    expect(
      names(await ctx.call(principal, 'GET', `/api/v1/lookups/employee-classes?employeeId=${teacher.user.employeeId}`)),
    ).toEqual(['7A']);
    expect(
      names(
        await ctx.call(await ctx.as('ADMIN'), 'GET', `/api/v1/lookups/employee-classes?employeeId=${stranger!.id}`),
      ),
    ).toEqual(['7B']);
  });

  it('gives a student their own class and subjects only', async () => {
    const student = await ctx.as('STUDENT');
    const own = await ctx.call(student, 'GET', '/api/v1/lookups/student-class');
    expect(own.json()).toMatchObject({ studentId: world.studentId, classTitle: '7A', gradeLevel: 7 });
    expect(names(await ctx.call(student, 'GET', '/api/v1/lookups/student-subjects'))).toEqual(['Matematika']);
    const other = await ctx.call(student, 'GET', `/api/v1/lookups/student-class?studentId=${world.studentId + 1000}`);
    expect(other.statusCode).toBe(403);
    const staff = await ctx.call(
      await ctx.as('WAKAKUR'),
      'GET',
      `/api/v1/lookups/student-class?studentId=${world.studentId}`,
    );
    expect(staff.json().classTitle).toBe('7A');
    const missing = await ctx.call(await ctx.as('WAKAKUR'), 'GET', '/api/v1/lookups/student-class');
    expect(missing.statusCode).toBe(400);
  });
});
