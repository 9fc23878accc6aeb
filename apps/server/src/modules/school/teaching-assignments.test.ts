import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { schoolFactory } from './test-factory.ts';

let ctx: TestContext;
let f: ReturnType<typeof schoolFactory<Session>>;
beforeAll(async () => {
  ctx = await createTestContext();
  f = schoolFactory(ctx);
});
afterAll(() => ctx.close());

const URL = '/api/v1/teaching-assignments';

describe('teaching assignments', () => {
  it('creates, lists with filters, edits and removes; 409 when the class already has a teacher', async () => {
    const { wakakur, unitId, yearId } = await f.setup();
    const g = await f.grade(wakakur, unitId, 7);
    const cls = await f.classGroup(wakakur, yearId, g.id, '7A');
    const other = await f.classGroup(wakakur, yearId, g.id, '7B');
    const mat = await f.subject(wakakur, unitId, 'MTK', 'Matematika');
    const teacher = await ctx.as('TEACHER');
    const employeeId = teacher.user.employeeId!;
    const created = await f.ok<{ id: number }>(wakakur, 'POST', URL, {
      employeeId,
      subjectId: mat.id,
      classGroupId: cls.id,
      semester: 'GANJIL',
      hoursPerWeek: 5,
    });
    expect(created).toMatchObject({
      className: '7A',
      subjectName: 'Matematika',
      academicYearId: yearId,
      hoursPerWeek: 5,
    });

    const clash = await ctx.call(wakakur, 'POST', URL, {
      employeeId: wakakur.user.employeeId,
      subjectId: mat.id,
      classGroupId: cls.id,
      semester: 'GANJIL',
      hoursPerWeek: 4,
    });
    expect(clash.statusCode).toBe(409);
    // the semester code reads as its label: no raw GANJIL reaches a person
    expect(clash.json().error.message).toBe(
      `Kelas 7A sudah punya guru Matematika semester Ganjil: Pegawai ${teacher.user.username}`,
    );
    // another semester and another class are fine
    await f.ok(wakakur, 'POST', URL, {
      employeeId,
      subjectId: mat.id,
      classGroupId: cls.id,
      semester: 'GENAP',
      hoursPerWeek: 5,
    });
    await f.ok(wakakur, 'POST', URL, {
      employeeId,
      subjectId: mat.id,
      classGroupId: other.id,
      semester: 'GANJIL',
      hoursPerWeek: 5,
    });

    const byClass = await ctx.call(teacher, 'GET', `${URL}?classGroupId=${cls.id}&semester=GANJIL`);
    expect(byClass.json().total).toBe(1);
    const byTeacher = await ctx.call(
      wakakur,
      'GET',
      `${URL}?employeeId=${employeeId}&academicYearId=${yearId}&unitId=${unitId}`,
    );
    expect(byTeacher.json().total).toBe(3);

    const edited = await f.ok(wakakur, 'PATCH', `${URL}/${created.id}`, { hoursPerWeek: 6 });
    expect(edited).toMatchObject({ hoursPerWeek: 6 });
    expect((await ctx.call(wakakur, 'DELETE', `${URL}/${created.id}`)).statusCode).toBe(200);
    expect((await ctx.call(wakakur, 'GET', `${URL}/${created.id}`)).statusCode).toBe(404);
  });

  it('refuses bad input, a subject of another unit and callers without the permission', async () => {
    const { wakakur, admin, unitId, yearId } = await f.setup();
    const g = await f.grade(wakakur, unitId, 8);
    const cls = await f.classGroup(wakakur, yearId, g.id, '8A');
    const sd = await f.ok<{ id: number }>(admin, 'POST', '/api/v1/units', { code: 'SDT', name: 'SD Lain' });
    const foreign = await f.subject(admin, sd.id, 'MTK-SD');
    const bad = await ctx.call(wakakur, 'POST', URL, { semester: 'X', hoursPerWeek: 0 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(
      expect.arrayContaining(['employeeId', 'subjectId', 'classGroupId', 'semester', 'hoursPerWeek']),
    );
    const wrongUnit = await ctx.call(wakakur, 'POST', URL, {
      employeeId: wakakur.user.employeeId,
      subjectId: foreign.id,
      classGroupId: cls.id,
      semester: 'GANJIL',
      hoursPerWeek: 2,
    });
    expect(wrongUnit.statusCode).toBe(400);
    expect(wrongUnit.json().error.fields).toEqual({ subjectId: 'Mapel tidak ditemukan di unit kelas ini' });
    const teacher = await ctx.as('TEACHER');
    expect((await ctx.call(teacher, 'POST', URL, {})).statusCode).toBe(403);
    const student = await ctx.as('STUDENT');
    expect((await ctx.call(student, 'GET', URL)).statusCode).toBe(403);
    // a unit-bound caller may not list another unit
    expect((await ctx.call(teacher, 'GET', `${URL}?unitId=${sd.id}`)).statusCode).toBe(403);
  });
});
