import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays } from '@mms/shared';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { attendanceFixture } from '../attendance/test-fixtures.ts';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let principal: Session;
beforeAll(async () => {
  ctx = await createTestContext();
  // MMS's clock: Wednesday 18 November 2026 10:00 WIB; the fixture's lesson is on Wednesdays.
  f = await attendanceFixture(ctx);
  principal = await ctx.as('PRINCIPAL');
});
afterAll(() => ctx.close());

const get = (s: Session, path: string) => ctx.call(s, 'GET', `/api/v1/analytics/${path}`);
const NOVEMBER = 'from=2026-11-01&to=2026-11-30';
type Row = { classGroupId: number; [k: string]: unknown };
const byClass = (rows: Row[]) => Object.fromEntries(rows.map(({ classGroupId, ...r }) => [classGroupId, r]));

describe('server-side analytics', () => {
  it('lets the leaders in and keeps teachers, students and other units out', async () => {
    expect((await get(principal, `attendance?${NOVEMBER}`)).statusCode).toBe(200);
    expect((await get(await ctx.as('YAYASAN'), `class-entry?${NOVEMBER}`)).statusCode).toBe(200);
    for (const path of ['attendance', 'class-entry', 'journals']) {
      expect((await get(f.homeroomA, `${path}?${NOVEMBER}`)).statusCode, path).toBe(403);
      expect((await get(await ctx.as('STUDENT'), `${path}?${NOVEMBER}`)).statusCode, path).toBe(403);
      expect((await get(principal, `${path}?${NOVEMBER}&unitId=${f.unitId + 1000}`)).statusCode, path).toBe(403);
      expect((await ctx.call(null, 'GET', `/api/v1/analytics/${path}?${NOVEMBER}`)).statusCode, path).toBe(401);
    }
  });

  it('refuses a reversed or over-long range with a clear 400', async () => {
    const reversed = await get(principal, 'attendance?from=2026-11-30&to=2026-11-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.fields.to).toBe('Tanggal akhir tidak boleh sebelum tanggal awal');
    expect((await get(principal, 'class-entry?from=2025-01-01&to=2026-11-30')).statusCode).toBe(400);
    expect((await get(principal, 'journals?from=kemarin&to=2026-11-30')).statusCode).toBe(400);
  });

  it('counts a class with no register as "belum diisi", never A, and shows no percentage without data', async () => {
    const res = (await get(principal, `attendance?${NOVEMBER}`)).json();
    // 1-18 November, Monday to Saturday: 15 school days (the unit's default six-day week)
    expect(res.schoolDays).toBe(15);
    const b = byClass(res.classes)[f.classB.id]!;
    expect(b).toMatchObject({ students: 2, studentDays: 30, H: 0, A: 0, notTaken: 30, notTakenDays: 15 });
    expect(b.percentage).toBeNull();
  });

  it('gives exactly the monthly recap’s figures for the same month, after registers and a holiday', async () => {
    // A register of 7A on Monday 16 November: one student absent.
    const saved = await ctx.call(f.homeroomA, 'PUT', `/api/v1/attendance/classes/${f.classA.id}/daily/2026-11-16`, {
      entries: [{ studentId: f.studentsA[0]!.id, code: 'A' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Tuesday 17 November becomes a holiday of the unit: it is no longer counted anywhere.
    const wakakur = await ctx.as('WAKAKUR');
    const holiday = await ctx.call(wakakur, 'POST', '/api/v1/calendar/entries', {
      unitId: f.unitId,
      kind: 'LOCAL_DAY_OFF',
      name: 'Libur uji',
      startDate: '2026-11-17',
      endDate: '2026-11-17',
    });
    expect(holiday.statusCode, holiday.body).toBe(200);
    const analysis = (await get(principal, `attendance?${NOVEMBER}`)).json();
    const recap = (await ctx.call(principal, 'GET', '/api/v1/attendance/recap?month=2026-11')).json();
    expect(analysis.schoolDays).toBe(14);
    expect(analysis.schoolDays).toBe(recap.schoolDays);
    expect(analysis.classes).toEqual(recap.classes);
    expect(analysis.total).toEqual(recap.total);
    const a = byClass(analysis.classes)[f.classA.id]!;
    expect(a).toMatchObject({ students: 3, studentDays: 42, H: 2, A: 1, notTaken: 39, notTakenDays: 13 });
    expect(a.percentage).toBe(66.7);
    // The class's own monthly recap agrees per student.
    const classRecap = (
      await ctx.call(principal, 'GET', `/api/v1/attendance/classes/${f.classA.id}/recap?month=2026-11`)
    ).json();
    const sum = (k: 'H' | 'A' | 'notTaken') =>
      classRecap.rows.reduce((n: number, r: Record<string, number>) => n + r[k]!, 0);
    expect([sum('H'), sum('A'), sum('notTaken')]).toEqual([a.H, a.A, a.notTaken]);
  });

  it('counts planned lessons on school days against written journals, per class and teacher', async () => {
    // The fixture's lesson: 7A, Wednesdays, period 1. Wednesdays of 1-18 Nov: the 4th, 11th and 18th.
    let res = (await get(principal, `class-entry?${NOVEMBER}`)).json();
    expect(byClass(res.classes)[f.classA.id]).toMatchObject({ planned: 3, written: 0, percentage: 0 });
    expect(res.teachers).toEqual([
      expect.objectContaining({ employeeId: f.subjectTeacher.user.employeeId, planned: 3, written: 0 }),
    ]);
    const wrote = await ctx.call(f.subjectTeacher, 'PUT', `/api/v1/journals/slots/${f.slot.id}/${f.day}`, {
      topic: 'Bilangan bulat',
      absences: [{ studentId: f.studentsA[1]!.id, code: 'S' }],
    });
    expect(wrote.statusCode, wrote.body).toBe(200);
    res = (await get(principal, `class-entry?${NOVEMBER}`)).json();
    expect(byClass(res.classes)[f.classA.id]).toMatchObject({ planned: 3, written: 1, percentage: 33.3 });
    expect(res.total).toEqual({ planned: 3, written: 1, percentage: 33.3 });
    // A holiday on a Wednesday takes its lesson out of the plan.
    await ctx.call(await ctx.as('WAKAKUR'), 'POST', '/api/v1/calendar/entries', {
      unitId: f.unitId,
      kind: 'NATIONAL_HOLIDAY',
      name: 'Libur Rabu',
      startDate: '2026-11-11',
      endDate: '2026-11-11',
    });
    res = (await get(principal, `class-entry?${NOVEMBER}`)).json();
    expect(byClass(res.classes)[f.classA.id]).toMatchObject({ planned: 2, written: 1, percentage: 50 });
    // Days after today plan nothing yet.
    const ahead = (await get(principal, `class-entry?from=${addDays(f.day, 1)}&to=2026-11-30`)).json();
    expect(ahead).toMatchObject({ schoolDays: 0, classes: [], total: { planned: 0, written: 0, percentage: null } });
  });

  it('adds up journals per subject in SQL, with absences and substitutes', async () => {
    const res = (await get(principal, `journals?${NOVEMBER}`)).json();
    expect(res.subjects).toEqual([
      { subjectId: f.subject.id, subjectName: 'Matematika', journals: 1, absences: 1, substitutes: 0 },
    ]);
    expect(res.total).toEqual({ journals: 1, absences: 1, substitutes: 0 });
    const ofB = (await get(principal, `journals?${NOVEMBER}&classGroupId=${f.classB.id}`)).json();
    expect(ofB.subjects).toEqual([]);
    const [count] = (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from class_journals`)).rows;
    expect(count!.n).toBe(1);
  });
});
