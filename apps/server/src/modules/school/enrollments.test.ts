import { addDays } from '@mms/shared';
import { clock } from '../../lib/clock.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teachingAssignments } from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { schoolFactory } from './test-factory.ts';

let ctx: TestContext;
let f: ReturnType<typeof schoolFactory<Session>>;
beforeAll(async () => {
  ctx = await createTestContext();
  f = schoolFactory(ctx);
});
afterAll(() => ctx.close());

describe('enrollments', () => {
  it('enrols many at once, all or nothing, reporting every bad id; 409 names the class', async () => {
    const { wakakur, unitId, yearId } = await f.setup();
    const g = await f.grade(wakakur, unitId, 7);
    const a = await f.classGroup(wakakur, yearId, g.id, '7A');
    const b = await f.classGroup(wakakur, yearId, g.id, '7B');
    const s1 = await f.student(wakakur, unitId);
    const s2 = await f.student(wakakur, unitId);
    const s3 = await f.student(wakakur, unitId);
    const ok = await f.ok(wakakur, 'POST', '/api/v1/enrollments', { classGroupId: a.id, studentIds: [s1.id, s2.id] });
    expect(ok).toEqual({ count: 2, skipped: [] });

    const clash = await ctx.call(wakakur, 'POST', '/api/v1/enrollments', { classGroupId: b.id, studentIds: [s1.id] });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toBe(`${s1.name} sudah terdaftar di kelas 7A tahun ini`);

    const bad = await ctx.call(wakakur, 'POST', '/api/v1/enrollments', {
      classGroupId: b.id,
      studentIds: [s3.id, 999999, s2.id],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      'studentIds.999999': 'Ada siswa yang tidak ditemukan',
      [`studentIds.${s2.id}`]: `${s2.name} sudah terdaftar di kelas 7A tahun ini`,
    });
    const inB = await ctx.call(wakakur, 'GET', `/api/v1/enrollments?classGroupId=${b.id}`);
    expect(inB.json().total).toBe(0);

    const list = await ctx.call(wakakur, 'GET', `/api/v1/enrollments?classGroupId=${a.id}`);
    expect(list.json()).toMatchObject({ total: 2 });
    expect(list.json().items[0]).toMatchObject({ className: '7A', endedAt: null });
  });

  it('refuses a student of another unit, bad input and callers without the permission', async () => {
    const { wakakur, admin, unitId, yearId } = await f.setup();
    const g = await f.grade(wakakur, unitId, 8);
    const cls = await f.classGroup(wakakur, yearId, g.id, '8A');
    const sd = await f.ok<{ id: number }>(admin, 'POST', '/api/v1/units', { code: 'SDX', name: 'SD Lain' });
    const other = await f.student(admin, sd.id);
    const res = await ctx.call(wakakur, 'POST', '/api/v1/enrollments', {
      classGroupId: cls.id,
      studentIds: [other.id],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(`${other.name} bukan siswa unit kelas 8A`);
    const empty = await ctx.call(wakakur, 'POST', '/api/v1/enrollments', { classGroupId: cls.id, studentIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.studentIds).toBe('Pilih minimal satu siswa');
    const teacher = await ctx.as('TEACHER');
    const denied = await ctx.call(teacher, 'POST', '/api/v1/enrollments', { classGroupId: cls.id, studentIds: [1] });
    expect(denied.statusCode).toBe(403);
    const student = await ctx.as('STUDENT');
    expect((await ctx.call(student, 'GET', '/api/v1/enrollments')).statusCode).toBe(403);
  });

  it('moves a student to another class keeping the history', async () => {
    const { wakakur, unitId, yearId } = await f.setup();
    const g = await f.grade(wakakur, unitId, 9);
    const a = await f.classGroup(wakakur, yearId, g.id, '9A');
    const b = await f.classGroup(wakakur, yearId, g.id, '9B');
    const s = await f.student(wakakur, unitId);
    await f.ok(wakakur, 'POST', '/api/v1/enrollments', { classGroupId: a.id, studentIds: [s.id] });
    const moved = await f.ok(wakakur, 'POST', '/api/v1/enrollments/move', {
      studentId: s.id,
      toClassGroupId: b.id,
      note: 'Permintaan orang tua',
    });
    expect(moved).toMatchObject({ count: 1 });
    const same = await ctx.call(wakakur, 'POST', '/api/v1/enrollments/move', { studentId: s.id, toClassGroupId: b.id });
    expect(same.statusCode).toBe(409);
    const history = await ctx.call(wakakur, 'GET', `/api/v1/enrollments?studentId=${s.id}&history=true`);
    const items = history.json().items as { className: string; endedAt: string | null; endReason: string | null }[];
    expect(items.map((i) => [i.className, i.endReason, i.endedAt === null])).toEqual([
      ['9B', null, true],
      ['9A', 'MOVED', false],
    ]);
    const current = await ctx.call(wakakur, 'GET', `/api/v1/enrollments?studentId=${s.id}`);
    expect(current.json().total).toBe(1);
    const fresh = await f.student(wakakur, unitId);
    const notEnrolled = await ctx.call(wakakur, 'POST', '/api/v1/enrollments/move', {
      studentId: fresh.id,
      toClassGroupId: b.id,
    });
    expect(notEnrolled.statusCode).toBe(400);
  });

  it('asks before a move to another grade, takes an effective date, and keeps the note in the history', async () => {
    const { wakakur, unitId, yearId } = await f.setup();
    const g5 = await f.grade(wakakur, unitId, 10);
    const g6 = await f.grade(wakakur, unitId, 11);
    const c = await f.classGroup(wakakur, yearId, g5.id, '5C');
    const d = await f.classGroup(wakakur, yearId, g6.id, '6D');
    const s = await f.student(wakakur, unitId);
    await f.ok(wakakur, 'POST', '/api/v1/enrollments', { classGroupId: c.id, studentIds: [s.id] });
    const move = (body: object) =>
      ctx.call(wakakur, 'POST', '/api/v1/enrollments/move', { studentId: s.id, toClassGroupId: d.id, ...body });
    const unconfirmed = await move({ note: 'Akselerasi' });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().error.message).toBe(
      '5C dan 6D berbeda tingkat (10 ke 11); pastikan memang pindah tingkat',
    );
    const today = clock.today();
    const future = await move({ confirmGradeChange: true, effectiveDate: addDays(today, 1) });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.fields.effectiveDate).toBe('Di masa depan');
    const beforeJoining = await move({ confirmGradeChange: true, effectiveDate: addDays(today, -400) });
    expect(beforeJoining.json().error.fields.effectiveDate).toBe('Sebelum masuk kelas asal');
    // nothing changed by the refused moves
    const still = await ctx.call(wakakur, 'GET', `/api/v1/enrollments?studentId=${s.id}`);
    expect(still.json().items.map((i: { className: string }) => i.className)).toEqual(['5C']);

    const ok = await move({ confirmGradeChange: true, note: 'Akselerasi' });
    expect(ok.statusCode, ok.body).toBe(200);
    const history = (await ctx.call(wakakur, 'GET', `/api/v1/enrollments?studentId=${s.id}&history=true`)).json()
      .items as { className: string; endReason: string | null; startReason: string | null; note: string | null }[];
    expect(history.map((h) => [h.className, h.startReason, h.endReason, h.note])).toEqual([
      ['6D', 'MOVED', null, null],
      ['5C', null, 'MOVED', 'Akselerasi'],
    ]);
  });

  it('promotes a class to the next grade in the next year, skipping students who are not active', async () => {
    const { wakakur, unitId, yearId } = await f.setup();
    const g7 = await f.grade(wakakur, unitId, 1);
    const g8 = await f.grade(wakakur, unitId, 2);
    const from = await f.classGroup(wakakur, yearId, g7.id, 'P7A');
    const sameYear = await f.classGroup(wakakur, yearId, g8.id, 'P8A');
    const { yearId: nextYear } = await f.setup();
    const to = await f.classGroup(wakakur, nextYear, g8.id, 'P8A');
    const wrongGrade = await f.classGroup(wakakur, nextYear, g7.id, 'P7Z');
    const [a, b, c] = [
      await f.student(wakakur, unitId),
      await f.student(wakakur, unitId),
      await f.student(wakakur, unitId),
    ];
    await f.ok(wakakur, 'POST', '/api/v1/enrollments', { classGroupId: from.id, studentIds: [a.id, b.id, c.id] });
    await f.ok(wakakur, 'PATCH', `/api/v1/students/${c.id}`, { status: 'DROPPED' });

    for (const target of [sameYear.id, wrongGrade.id]) {
      const res = await ctx.call(wakakur, 'POST', '/api/v1/enrollments/promote', {
        fromClassGroupId: from.id,
        toClassGroupId: target,
      });
      expect(res.statusCode).toBe(400);
    }
    // b is already placed in the next year: nothing moves
    const other = await f.classGroup(wakakur, nextYear, g8.id, 'P8B');
    const placed = await ctx.call(wakakur, 'POST', '/api/v1/enrollments', {
      classGroupId: other.id,
      studentIds: [b.id],
    });
    expect(placed.statusCode).toBe(200);
    const clash = await ctx.call(wakakur, 'POST', '/api/v1/enrollments/promote', {
      fromClassGroupId: from.id,
      toClassGroupId: to.id,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toContain(`${b.name} sudah terdaftar di kelas P8B`);
    expect((await ctx.call(wakakur, 'GET', `/api/v1/enrollments?classGroupId=${to.id}`)).json().total).toBe(0);

    await ctx.call(wakakur, 'POST', '/api/v1/enrollments/move', { studentId: b.id, toClassGroupId: to.id });
    // moving within the next year is fine; now promote with b already in the target → still a clash
    const again = await ctx.call(wakakur, 'POST', '/api/v1/enrollments/promote', {
      fromClassGroupId: from.id,
      toClassGroupId: to.id,
    });
    expect(again.statusCode).toBe(409);
  });

  it('promotes everyone active and reports the skipped ones', async () => {
    const { wakakur, unitId, yearId } = await f.setup();
    const g1 = await f.grade(wakakur, unitId, 3);
    const g2 = await f.grade(wakakur, unitId, 4);
    const from = await f.classGroup(wakakur, yearId, g1.id, 'Q1');
    const { yearId: nextYear } = await f.setup();
    const to = await f.classGroup(wakakur, nextYear, g2.id, 'Q2');
    const a = await f.student(wakakur, unitId);
    const c = await f.student(wakakur, unitId);
    await f.ok(wakakur, 'POST', '/api/v1/enrollments', { classGroupId: from.id, studentIds: [a.id, c.id] });
    await f.ok(wakakur, 'PATCH', `/api/v1/students/${c.id}`, { status: 'MOVED' });
    const res = await f.ok(wakakur, 'POST', '/api/v1/enrollments/promote', {
      fromClassGroupId: from.id,
      toClassGroupId: to.id,
    });
    expect(res).toEqual({ count: 1, skipped: [{ studentId: c.id, name: c.name, reason: 'Berstatus pindah' }] });
    const history = await ctx.call(wakakur, 'GET', `/api/v1/enrollments?studentId=${a.id}&history=true`);
    expect(
      history.json().items.map((i: { className: string; endReason: string | null }) => [i.className, i.endReason]),
    ).toEqual([
      ['Q2', null],
      ['Q1', 'PROMOTED'],
    ]);
  });

  it('lets a teacher list only the enrollments of classes they teach', async () => {
    const { wakakur, unitId, yearId } = await f.setup();
    const g = await f.grade(wakakur, unitId, 5);
    const mine = await f.classGroup(wakakur, yearId, g.id, 'T1');
    const other = await f.classGroup(wakakur, yearId, g.id, 'T2');
    const subject = await f.subject(wakakur, unitId, 'ENR1');
    const [s1, s2] = [await f.student(wakakur, unitId), await f.student(wakakur, unitId)];
    await f.ok(wakakur, 'POST', '/api/v1/enrollments', { classGroupId: mine.id, studentIds: [s1.id] });
    await f.ok(wakakur, 'POST', '/api/v1/enrollments', { classGroupId: other.id, studentIds: [s2.id] });
    const teacher = await ctx.as('TEACHER');
    await ctx.db.insert(teachingAssignments).values({
      employeeId: teacher.user.employeeId!,
      subjectId: subject.id,
      classGroupId: mine.id,
      academicYearId: yearId,
      semester: 'GANJIL',
      hoursPerWeek: 2,
    });
    const seen = await ctx.call(teacher, 'GET', `/api/v1/enrollments?studentId=${s2.id}`);
    expect(seen.json().total).toBe(0);
    const own = await ctx.call(teacher, 'GET', `/api/v1/enrollments?classGroupId=${mine.id}`);
    expect(own.json().items.map((i: { studentId: number }) => i.studentId)).toEqual([s1.id]);
  });
});
