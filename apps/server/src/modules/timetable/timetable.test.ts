import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academicPeriodOfDate, type Semester } from '@mms/shared';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { schoolFactory } from '../school/test-factory.ts';
import { clock } from '../../lib/clock.ts';

let ctx: TestContext;
let f: ReturnType<typeof schoolFactory<Session>>;
/** The semester of today on MMS's clock (set from MMS_NOW when the run fixes it). */
let semester: Semester;
beforeAll(async () => {
  ctx = await createTestContext();
  f = schoolFactory(ctx);
  semester = academicPeriodOfDate(clock.today()).semester;
});
afterAll(() => ctx.close());

const URL = '/api/v1/timetable';
const bells = Array.from({ length: 8 }, (_, i) => ({
  period: i + 1,
  startTime: `${String(7 + i).padStart(2, '0')}:00`,
  endTime: `${String(7 + i).padStart(2, '0')}:40`,
}));

/** A year with classes 7A/7B in SMP, a class 1A in a second unit, two subjects and bell times. */
async function school(code: string) {
  const { wakakur, admin, unitId, yearId } = await f.setup();
  await f.ok(wakakur, 'PUT', `/api/v1/units/${unitId}/bell-times`, { periods: bells });
  const sd = await f.ok<{ id: number }>(admin, 'POST', '/api/v1/units', { code, name: `SD ${code}` });
  await f.ok(admin, 'PUT', `/api/v1/units/${sd.id}/bell-times`, { periods: bells });
  const g7 = await f.grade(wakakur, unitId, 7 + Number(code.slice(-1)));
  const g1 = await f.grade(admin, sd.id, 1);
  const a = await f.classGroup(wakakur, yearId, g7.id, `7A${code}`);
  const b = await f.classGroup(wakakur, yearId, g7.id, `7B${code}`);
  const sd1 = await f.classGroup(admin, yearId, g1.id, `1A${code}`);
  const mat = await f.subject(wakakur, unitId, `MTK${code}`, 'Matematika');
  const ipa = await f.subject(wakakur, unitId, `IPA${code}`, 'IPA');
  const sdMat = await f.subject(admin, sd.id, `MTK-SD${code}`, 'Matematika SD');
  const teacher = await ctx.as('TEACHER');
  // what the school assigned: the timetable may place only these lessons, up to their weekly JP
  const assign = (employeeId: number, subjectId: number, classGroupId: number, hoursPerWeek: number) =>
    f.ok(wakakur, 'POST', '/api/v1/teaching-assignments', {
      employeeId,
      subjectId,
      classGroupId,
      semester,
      hoursPerWeek,
    });
  await assign(teacher.user.employeeId!, mat.id, a.id, 5);
  await assign(teacher.user.employeeId!, mat.id, b.id, 2);
  await assign(teacher.user.employeeId!, ipa.id, a.id, 2);
  await assign(wakakur.user.employeeId!, ipa.id, b.id, 2);
  return {
    wakakur,
    admin,
    unitId,
    yearId,
    sdId: sd.id,
    a,
    b,
    sd1,
    mat,
    ipa,
    sdMat,
    teacher,
    tId: teacher.user.employeeId!,
  };
}

describe('timetable', () => {
  it('places lessons and refuses class and teacher clashes with 409 naming them, across units', async () => {
    const s = await school('T1');
    const slot = { classGroupId: s.a.id, semester, day: 1, period: 3, subjectId: s.mat.id, employeeId: s.tId };
    const created = await f.ok<{ id: number }>(s.wakakur, 'POST', URL, slot);
    expect(created).toMatchObject({
      className: '7AT1',
      subjectName: 'Matematika',
      startTime: '09:00',
      endTime: '09:40',
    });

    const classClash = await ctx.call(s.wakakur, 'POST', URL, {
      ...slot,
      subjectId: s.ipa.id,
      employeeId: s.wakakur.user.employeeId,
    });
    expect(classClash.statusCode).toBe(409);
    expect(classClash.json().error.message).toBe(
      `Kelas 7AT1 sudah ada pelajaran Matematika (Pegawai ${s.teacher.user.username}) pada Senin jam ke-3`,
    );

    const teacherClash = await ctx.call(s.wakakur, 'POST', URL, { ...slot, classGroupId: s.b.id });
    expect(teacherClash.statusCode).toBe(409);
    expect(teacherClash.json().error.message).toBe(
      `Pegawai ${s.teacher.user.username} sudah mengajar Matematika di kelas 7AT1 pada Senin jam ke-3`,
    );
    // the same teacher in the other unit at the same time: still a clash (years are foundation-wide)
    const otherUnit = await ctx.call(s.admin, 'POST', URL, { ...slot, classGroupId: s.sd1.id, subjectId: s.sdMat.id });
    expect(otherUnit.statusCode).toBe(409);
    expect(otherUnit.json().error.message).toContain('di kelas 7AT1');

    // check shows both clashes without saving
    const check = await f.ok<{ ok: boolean; clashes: { kind: string }[] }>(s.wakakur, 'POST', `${URL}/check`, {
      ...slot,
      subjectId: s.ipa.id,
    });
    expect(check.ok).toBe(false);
    expect(check.clashes.map((c) => c.kind)).toEqual(['CLASS', 'TEACHER']);
    const free = await f.ok(s.wakakur, 'POST', `${URL}/check`, { ...slot, period: 4 });
    expect(free).toEqual({ ok: true, clashes: [], problems: [] });
    // the slot being edited does not clash with itself
    const self = await f.ok(s.wakakur, 'POST', `${URL}/check`, { ...slot, slotId: created.id });
    expect(self).toEqual({ ok: true, clashes: [], problems: [] });

    // moving another lesson onto the taken period is refused too
    const second = await f.ok<{ id: number }>(s.wakakur, 'POST', URL, { ...slot, period: 4, subjectId: s.ipa.id });
    const move = await ctx.call(s.wakakur, 'PATCH', `${URL}/${second.id}`, { period: 3 });
    expect(move.statusCode).toBe(409);
    const moved = await f.ok(s.wakakur, 'PATCH', `${URL}/${second.id}`, { day: 2, period: 1 });
    expect(moved).toMatchObject({ day: 2, period: 1, subjectName: 'IPA' });
    expect((await ctx.call(s.wakakur, 'DELETE', `${URL}/${second.id}`)).statusCode).toBe(200);
    expect((await ctx.call(s.wakakur, 'DELETE', `${URL}/${second.id}`)).statusCode).toBe(404);
  });

  it('maps a concurrent double booking to the same named 409', async () => {
    const s = await school('T2');
    const slot = { classGroupId: s.a.id, semester, day: 3, period: 2, subjectId: s.mat.id, employeeId: s.tId };
    const results = await Promise.all([
      ctx.call(s.wakakur, 'POST', URL, slot),
      ctx.call(s.wakakur, 'POST', URL, slot),
      ctx.call(s.wakakur, 'POST', URL, slot),
    ]);
    expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join(' | ')).toEqual([200, 409, 409]);
    // Whichever guard a loser meets first (the class's period or the teacher's), the 409 names it.
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json().error.message).toMatch(
        /Kelas 7AT2 sudah ada pelajaran Matematika|sudah mengajar Matematika di kelas 7AT2 pada Rabu jam ke-2/,
      );
    }
  });

  it('refuses bad input, a period outside the bell schedule and callers without the permission', async () => {
    const s = await school('T3');
    const bad = await ctx.call(s.wakakur, 'POST', URL, { classGroupId: s.a.id, semester: 'X', day: 7, period: 0 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(
      expect.arrayContaining(['semester', 'day', 'period', 'subjectId', 'employeeId']),
    );
    const outside = await ctx.call(s.wakakur, 'POST', URL, {
      classGroupId: s.a.id,
      semester,
      day: 1,
      period: 12,
      subjectId: s.sdMat.id,
      employeeId: s.tId,
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.fields).toEqual({
      period: 'Jam ke-12 tidak ada di jadwal bel unit (1-8)',
      subjectId: 'Mapel tidak ditemukan di unit kelas ini',
    });
    const slot = { classGroupId: s.a.id, semester, day: 1, period: 1, subjectId: s.mat.id, employeeId: s.tId };
    expect((await ctx.call(s.teacher, 'POST', URL, slot)).statusCode).toBe(403);
    expect((await ctx.call(s.teacher, 'POST', `${URL}/check`, slot)).statusCode).toBe(403);
    expect((await ctx.call(await ctx.as('PRINCIPAL'), 'POST', URL, slot)).statusCode).toBe(403);
    // a unit-bound planner may not place lessons in another unit's class
    const foreign = await ctx.call(s.wakakur, 'POST', URL, { ...slot, classGroupId: s.sd1.id, subjectId: s.sdMat.id });
    expect(foreign.statusCode).toBe(403);
  });

  it('shows class, teacher, own and unit views with the row-level rules, and teaching hours to leaders', async () => {
    const s = await school('T4');
    const lesson = (classGroupId: number, day: number, period: number, subjectId: number, employeeId: number) =>
      f.ok(s.wakakur, 'POST', URL, { classGroupId, semester, day, period, subjectId, employeeId });
    await lesson(s.a.id, 1, 1, s.mat.id, s.tId);
    await lesson(s.a.id, 1, 2, s.mat.id, s.tId);
    await lesson(s.b.id, 2, 1, s.ipa.id, s.wakakur.user.employeeId!);

    const student = await ctx.as('STUDENT');
    await f.ok(s.wakakur, 'POST', '/api/v1/enrollments', {
      classGroupId: s.a.id,
      studentIds: [student.user.studentId],
    });
    const mine = (await ctx.call(student, 'GET', `${URL}/me`)).json();
    expect(mine.className).toBe('7AT4');
    expect(mine.items.map((i: { subjectName: string }) => i.subjectName)).toEqual(['Matematika', 'Matematika']);
    expect((await ctx.call(student, 'GET', `${URL}/classes/${s.b.id}`)).statusCode).toBe(403);
    expect((await ctx.call(student, 'GET', `${URL}/classes/${s.a.id}`)).json().items).toHaveLength(2);
    expect((await ctx.call(student, 'GET', `${URL}?classGroupId=${s.b.id}`)).statusCode).toBe(403);
    expect((await ctx.call(student, 'GET', URL)).json().total).toBe(2);
    expect((await ctx.call(student, 'GET', `${URL}/teachers/${s.tId}`)).statusCode).toBe(403);

    const teacherOwn = (await ctx.call(s.teacher, 'GET', `${URL}/me`)).json();
    expect(teacherOwn.items).toHaveLength(2);
    expect((await ctx.call(s.teacher, 'GET', `${URL}/teachers/${s.tId}`)).json().items).toHaveLength(2);
    expect((await ctx.call(s.teacher, 'GET', `${URL}/teachers/${s.wakakur.user.employeeId}`)).statusCode).toBe(403);
    expect((await ctx.call(s.teacher, 'GET', `${URL}/classes/${s.b.id}`)).json().items).toHaveLength(1);
    expect((await ctx.call(s.teacher, 'GET', `${URL}/classes/${s.sd1.id}`)).statusCode).toBe(403);
    expect((await ctx.call(s.teacher, 'GET', `${URL}?employeeId=${s.wakakur.user.employeeId}`)).statusCode).toBe(403);

    const unitPage = (await ctx.call(s.wakakur, 'GET', `${URL}?pageSize=2&semester=${semester}`)).json();
    expect(unitPage).toMatchObject({ total: 3, page: 1, pageSize: 2, semester });
    expect(unitPage.items).toHaveLength(2);

    const hours = await ctx.call(await ctx.as('PRINCIPAL'), 'GET', `${URL}/teaching-hours`);
    expect(hours.statusCode).toBe(200);
    expect(hours.json().items).toEqual(
      expect.arrayContaining([
        {
          employeeId: s.tId,
          teacherName: `Pegawai ${s.teacher.user.username}`,
          nip: expect.any(String),
          scheduledPeriods: 2,
          // Matematika 7A 5 + Matematika 7B 2 + IPA 7A 2
          assignedHours: 9,
        },
      ]),
    );
    expect((await ctx.call(s.teacher, 'GET', `${URL}/teaching-hours`)).statusCode).toBe(403);
  });

  it('places only what the school assigned: the assigned teacher, up to the weekly JP; editing keeps the rule', async () => {
    const s = await school('T0');
    const slot = (day: number, period: number, subjectId: number, employeeId: number) => ({
      classGroupId: s.a.id,
      semester,
      day,
      period,
      subjectId,
      employeeId,
    });
    const lessonsOfA = async () =>
      ((await ctx.call(s.wakakur, 'GET', `${URL}/classes/${s.a.id}?semester=${semester}`)).json().items as unknown[])
        .length;
    // the WAKAKUR teaches IPA in 7B only: not assigned to Matematika in 7A
    const notAssigned = slot(1, 1, s.mat.id, s.wakakur.user.employeeId!);
    const check = await f.ok<{ ok: boolean; problems: { kind: string; message: string }[] }>(
      s.wakakur,
      'POST',
      `${URL}/check`,
      notAssigned,
    );
    expect(check.ok).toBe(false);
    expect(check.problems).toEqual([
      {
        kind: 'NOT_ASSIGNED',
        field: 'employeeId',
        message: `Pegawai ${s.wakakur.user.username} tidak ditugaskan mengajar Matematika di kelas 7AT0 semester ini`,
      },
    ]);
    const refused = await ctx.call(s.wakakur, 'POST', URL, notAssigned);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.fields.employeeId).toContain('tidak ditugaskan');
    expect(await lessonsOfA()).toBe(0);

    // IPA in 7A: 2 JP a week; the third lesson is refused, before and at saving
    const first = await f.ok<{ id: number }>(s.wakakur, 'POST', URL, slot(1, 1, s.ipa.id, s.tId));
    await f.ok(s.wakakur, 'POST', URL, slot(1, 2, s.ipa.id, s.tId));
    const third = slot(1, 3, s.ipa.id, s.tId);
    const full = await f.ok<{ ok: boolean; problems: { kind: string; message: string }[] }>(
      s.wakakur,
      'POST',
      `${URL}/check`,
      third,
    );
    expect(full.problems.map((p) => [p.kind, p.message])).toEqual([
      ['HOURS_FULL', 'IPA di kelas 7AT0 sudah 2 dari 2 JP per minggu'],
    ]);
    expect((await ctx.call(s.wakakur, 'POST', URL, third)).statusCode).toBe(409);
    expect(await lessonsOfA()).toBe(2);

    // a lesson is edited in place: moving it counts it once; changing its subject to one assigned is allowed
    expect((await f.ok(s.wakakur, 'PATCH', `${URL}/${first.id}`, { period: 4 })) as object).toMatchObject({
      period: 4,
    });
    const changed = await f.ok(s.wakakur, 'PATCH', `${URL}/${first.id}`, { subjectId: s.mat.id });
    expect(changed).toMatchObject({ subjectName: 'Matematika', period: 4 });
    const toUnassigned = await ctx.call(s.wakakur, 'PATCH', `${URL}/${first.id}`, {
      employeeId: s.wakakur.user.employeeId,
    });
    expect(toUnassigned.statusCode).toBe(409);
    expect(await lessonsOfA()).toBe(2);
  });

  it('a class week and a teacher week change as soon as a lesson is placed, moved or removed (read cache)', async () => {
    const s = await school('T5');
    const week = async (path: string) =>
      (
        (await ctx.call(s.wakakur, 'GET', `${URL}/${path}?semester=${semester}`)).json().items as { period: number }[]
      ).map((i) => i.period);
    expect(await week(`classes/${s.a.id}`)).toEqual([]);
    expect(await week(`teachers/${s.tId}`)).toEqual([]);
    const slot = { classGroupId: s.a.id, semester, day: 2, period: 1, subjectId: s.mat.id, employeeId: s.tId };
    const created = await f.ok<{ id: number }>(s.wakakur, 'POST', URL, slot);
    expect(await week(`classes/${s.a.id}`)).toEqual([1]);
    expect(await week(`teachers/${s.tId}`)).toEqual([1]);
    await f.ok(s.wakakur, 'PATCH', `${URL}/${created.id}`, { period: 4 });
    expect(await week(`classes/${s.a.id}`)).toEqual([4]);
    expect(await week(`teachers/${s.tId}`)).toEqual([4]);
    expect((await ctx.call(s.wakakur, 'DELETE', `${URL}/${created.id}`)).statusCode).toBe(200);
    expect(await week(`classes/${s.a.id}`)).toEqual([]);
    expect(await week(`teachers/${s.tId}`)).toEqual([]);
  });
});
