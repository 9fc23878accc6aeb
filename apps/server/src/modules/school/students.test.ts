import { addDays } from '@mms/shared';
import { clock } from '../../lib/clock.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { enrollments, teachingAssignments } from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { schoolFactory } from './test-factory.ts';

let ctx: TestContext;
let f: ReturnType<typeof schoolFactory<Session>>;
beforeAll(async () => {
  ctx = await createTestContext();
  f = schoolFactory(ctx);
});
afterAll(() => ctx.close());

describe('students', () => {
  it('creates, reads by id and by NIS, edits status', async () => {
    const { wakakur, unitId } = await f.setup();
    const s = await f.student(wakakur, unitId, { nisn: '0011223344', gender: 'P', birthDate: '2012-03-04' });
    const byId = await ctx.call(wakakur, 'GET', `/api/v1/students/${s.id}`);
    expect(byId.json()).toMatchObject({
      nis: s.nis,
      nisn: '0011223344',
      gender: 'P',
      status: 'ACTIVE',
      unitCode: 'SMP',
    });
    const byNis = await ctx.call(wakakur, 'GET', `/api/v1/students/by-nis/${s.nis}`);
    expect(byNis.json().id).toBe(s.id);
    const moved = await f.ok<{ status: string; gender: string }>(wakakur, 'PATCH', `/api/v1/students/${s.id}`, {
      status: 'MOVED',
    });
    expect(moved).toMatchObject({ status: 'MOVED', gender: 'P' });
    const list = await ctx.call(wakakur, 'GET', `/api/v1/students?status=MOVED&q=${encodeURIComponent(s.nis)}`);
    expect(list.json()).toMatchObject({ total: 1, page: 1, pageSize: 25 });
  });

  it('refuses a duplicate NIS in the unit and a duplicate NISN anywhere with 409 naming the other student', async () => {
    const { wakakur, unitId } = await f.setup();
    const first = await f.student(wakakur, unitId, { nisn: '9988776655' });
    const dupNis = await ctx.call(wakakur, 'POST', '/api/v1/students', { unitId, nis: first.nis, name: 'Lain' });
    expect(dupNis.statusCode).toBe(409);
    expect(dupNis.json().error.message).toBe(`NIS ${first.nis} sudah dipakai oleh ${first.name}`);
    const dupNisn = await ctx.call(wakakur, 'POST', '/api/v1/students', {
      unitId,
      nis: 'X999',
      name: 'B',
      nisn: '9988776655',
    });
    expect(dupNisn.statusCode).toBe(409);
    expect(dupNisn.json().error.fields).toEqual({ nisn: 'Sudah dipakai' });
  });

  it('refuses bad input with Indonesian field messages', async () => {
    const wakakur = await ctx.as('WAKAKUR');
    const res = await ctx.call(wakakur, 'POST', '/api/v1/students', {
      unitId: wakakur.user.unit!.id,
      nis: '',
      name: '',
      nisn: '12',
      gender: 'X',
      status: 'LULUS',
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.fields;
    expect(fields.nisn).toBe('NISN harus 10 angka');
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(['nis', 'name', 'gender', 'status']));
  });

  it('refuses a birth date in the future or over 100 years ago, on create and on edit, and writes nothing', async () => {
    const wakakur = await ctx.as('WAKAKUR');
    const today = clock.today();
    const body = (birthDate: string) => ({
      unitId: wakakur.user.unit!.id,
      nis: `B${Date.now().toString().slice(-7)}`,
      name: 'Lahir Kelak',
      birthDate,
    });
    const future = await ctx.call(wakakur, 'POST', '/api/v1/students', body(addDays(today, 1)));
    expect(future.statusCode).toBe(400);
    expect(future.json().error.fields).toEqual({ birthDate: 'Tanggal lahir tidak boleh di masa depan' });
    const ancient = await ctx.call(wakakur, 'POST', '/api/v1/students', body('1900-01-01'));
    expect(ancient.json().error.fields).toEqual({ birthDate: 'Tanggal lahir lebih dari 100 tahun yang lalu' });
    const ok = await ctx.call(wakakur, 'POST', '/api/v1/students', body(addDays(today, -12 * 365)));
    expect(ok.statusCode, ok.body).toBe(200);
    const edit = await ctx.call(wakakur, 'PATCH', `/api/v1/students/${ok.json().id}`, {
      birthDate: addDays(today, 30),
    });
    expect(edit.statusCode).toBe(400);
    const kept = await ctx.call(wakakur, 'GET', `/api/v1/students/${ok.json().id}`);
    expect(kept.json().birthDate).toBe(addDays(today, -12 * 365));
  });

  it('lets a teacher see only the students of the classes they teach, and never edit', async () => {
    const { wakakur, unitId, yearId } = await f.setup();
    const g = await f.grade(wakakur, unitId, 9);
    const taught = await f.classGroup(wakakur, yearId, g.id, '9A');
    const other = await f.classGroup(wakakur, yearId, g.id, '9B');
    const subject = await f.subject(wakakur, unitId, 'IPA9');
    const mine = await f.student(wakakur, unitId);
    const notMine = await f.student(wakakur, unitId);
    await ctx.db.insert(enrollments).values([
      { studentId: mine.id, classGroupId: taught.id, academicYearId: yearId },
      { studentId: notMine.id, classGroupId: other.id, academicYearId: yearId },
    ]);
    const teacher = await ctx.as('TEACHER');
    await ctx.db.insert(teachingAssignments).values({
      employeeId: teacher.user.employeeId!,
      subjectId: subject.id,
      classGroupId: taught.id,
      academicYearId: yearId,
      semester: 'GANJIL',
      hoursPerWeek: 4,
    });
    const list = await ctx.call(teacher, 'GET', '/api/v1/students');
    expect(list.json().items.map((s: { id: number }) => s.id)).toEqual([mine.id]);
    expect(list.json().items[0].className).toBe('9A');
    expect((await ctx.call(teacher, 'GET', `/api/v1/students/${mine.id}`)).statusCode).toBe(200);
    expect((await ctx.call(teacher, 'GET', `/api/v1/students/${notMine.id}`)).statusCode).toBe(403);
    expect((await ctx.call(teacher, 'PATCH', `/api/v1/students/${mine.id}`, { name: 'X' })).statusCode).toBe(403);
    await ctx.db.delete(teachingAssignments).where(eq(teachingAssignments.classGroupId, taught.id));
  });

  it('lets a student see and edit a limited set of their own fields only', async () => {
    const student = await ctx.as('STUDENT');
    const me = await ctx.call(student, 'GET', '/api/v1/students/me');
    expect(me.json()).toMatchObject({ id: student.user.studentId, nis: student.user.studentNumber });
    const changed = await f.ok<{ phone: string; name: string }>(student, 'PATCH', '/api/v1/students/me', {
      phone: '0812 3456 7890',
      name: 'Nama Lain',
    });
    expect(changed.phone).toBe('0812 3456 7890');
    expect(changed.name).toBe(me.json().name);
    expect((await ctx.call(student, 'GET', `/api/v1/students/${student.user.studentId}`)).statusCode).toBe(403);
    expect((await ctx.call(student, 'GET', '/api/v1/students')).statusCode).toBe(403);
    expect((await ctx.call(student, 'PATCH', '/api/v1/students/me', { phone: 'abc' })).statusCode).toBe(400);
    expect((await ctx.call(await ctx.as('TU'), 'GET', '/api/v1/students/me')).statusCode).toBe(403);
  });

  it('keeps a unit-bound manager out of another unit', async () => {
    const admin = await ctx.as('ADMIN');
    const sd = await f.ok<{ id: number }>(admin, 'POST', '/api/v1/units', { code: 'SDX', name: 'SD X' });
    const s = await f.student(admin, sd.id);
    const wakakur = await ctx.as('WAKAKUR');
    expect((await ctx.call(wakakur, 'GET', `/api/v1/students/${s.id}`)).statusCode).toBe(403);
    expect((await ctx.call(wakakur, 'PATCH', `/api/v1/students/${s.id}`, { name: 'Y' })).statusCode).toBe(403);
    expect(
      (await ctx.call(wakakur, 'POST', '/api/v1/students', { unitId: sd.id, nis: 'A123', name: 'Z' })).statusCode,
    ).toBe(403);
    expect((await ctx.call(wakakur, 'GET', '/api/v1/students/999999')).statusCode).toBe(404);
  });
});
