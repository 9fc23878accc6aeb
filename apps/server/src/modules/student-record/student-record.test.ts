import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudentRecord } from '@mms/shared';
import {
  achievements,
  bills,
  btqGroupMembers,
  btqGroups,
  btqLevels,
  btqMethods,
  btqProgress,
  btqStudentLevels,
  btqTeachers,
  calendarEntries,
  employees,
  paymentComponents,
  pointLedger,
  prayerRecords,
  studentAttendance,
  students,
  units,
  users,
  violationRules,
  violations,
} from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { attendanceFixture } from '../attendance/test-fixtures.ts';

// The clock: Wednesday 18 November 2026, 10:00 WIB (the attendance fixture's instant).
let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let studentId: number;
let otherId: number;
const url = (id: number) => `/api/v1/student-record/${id}`;
const get = (s: Session | null, id = studentId) => ctx.call(s, 'GET', url(id));
const record = async (s: Session) => {
  const res = await get(s);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StudentRecord>();
};

beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx);
  studentId = f.studentsA[0]!.id;
  otherId = f.studentsB[0]!.id;
  const db = ctx.db;
  // entered on Monday 16 November, a local day off; so the school days to today are Tuesday 17 and Wednesday 18
  await db.update(students).set({ entryDate: '2026-11-16', boarding: 'MUKIM' }).where(eq(students.id, studentId));
  await db.insert(calendarEntries).values({
    unitId: f.unitId,
    kind: 'LOCAL_DAY_OFF',
    name: 'Libur lokal',
    startDate: '2026-11-16',
    endDate: '2026-11-16',
  });
  // a six-day school week (the default, set here so the count below does not depend on it)
  await db.update(units).set({ schoolDaysPerWeek: 6 }).where(eq(units.id, f.unitId));
  await db.insert(prayerRecords).values([
    {
      unitId: f.unitId,
      studentId,
      classGroupId: f.classA.id,
      date: '2026-11-17',
      prayer: 'DZUHUR',
      status: 'BERJAMAAH',
    },
    {
      unitId: f.unitId,
      studentId,
      classGroupId: f.classA.id,
      date: '2026-11-17',
      prayer: 'ASHAR',
      status: 'TIDAK_SALAT',
    },
  ]);
  await db.insert(studentAttendance).values({
    date: '2026-11-17',
    classGroupId: f.classA.id,
    studentId,
    code: 'H',
    lateMinutes: 5,
    source: 'daily',
  });

  const [rule] = await db
    .insert(violationRules)
    .values({ unitId: f.unitId, code: 'T1', name: 'Terlambat apel', category: 'RINGAN', points: 10 })
    .returning();
  await db.insert(violations).values({
    unitId: f.unitId,
    studentId,
    ruleId: rule!.id,
    occurredOn: '2026-11-10',
    status: 'VERIFIED',
    points: 10,
    schoolYear: '2026/2027',
  });
  await db.insert(pointLedger).values([
    { unitId: f.unitId, studentId, schoolYear: '2026/2027', date: '2026-11-10', source: 'violation', points: 10 },
    { unitId: f.unitId, studentId, schoolYear: '2026/2027', date: '2026-11-12', source: 'prayer', points: 5 },
    // another year's points are not this year's balance
    { unitId: f.unitId, studentId, schoolYear: '2025/2026', date: '2026-05-12', source: 'violation', points: 40 },
  ]);
  await db.insert(achievements).values({
    unitId: f.unitId,
    studentId,
    date: '2026-11-11',
    title: 'Juara 1 MTQ',
    field: 'KEAGAMAAN',
    level: 'KECAMATAN',
    rank: '1',
    schoolYear: '2026/2027',
  });

  const [spp] = await db
    .insert(paymentComponents)
    .values({ unitId: f.unitId, code: 'SPP', name: 'SPP', frequency: 'MONTHLY', defaultAmount: 500_000 })
    .returning();
  await db.insert(bills).values([
    {
      unitId: f.unitId,
      studentId,
      componentId: spp!.id,
      period: '2026-10',
      amount: 300_000,
      paid: 300_000,
      status: 'PAID',
      dueDate: '2026-10-10',
    },
    {
      unitId: f.unitId,
      studentId,
      componentId: spp!.id,
      period: '2026-11',
      amount: 500_000,
      discount: 100_000,
      paid: 150_000,
      status: 'PARTIAL',
      dueDate: '2026-11-10',
    },
    {
      unitId: f.unitId,
      studentId,
      componentId: spp!.id,
      period: '2026-09',
      amount: 500_000,
      status: 'CANCELLED',
      dueDate: '2026-09-10',
    },
  ]);

  const [method] = await db.insert(btqMethods).values({ name: 'Ummi' }).returning();
  const [level] = await db
    .insert(btqLevels)
    .values({ methodId: method!.id, name: 'Jilid 2', sortOrder: 2, pages: 40 })
    .returning();
  const [teacher] = await db.insert(btqTeachers).values({ unitId: f.unitId, name: 'Ustadz Ahmad' }).returning();
  const [group] = await db
    .insert(btqGroups)
    .values({
      unitId: f.unitId,
      schoolYear: '2026/2027',
      name: 'Halaqah 1',
      teacherId: teacher!.id,
      levelId: level!.id,
    })
    .returning();
  await db.insert(btqGroupMembers).values({ groupId: group!.id, studentId, fromDate: '2026-07-13' });
  await db.insert(btqStudentLevels).values({ studentId, levelId: level!.id, fromDate: '2026-11-01', via: 'PLACEMENT' });
  await db.insert(btqProgress).values([
    {
      studentId,
      groupId: group!.id,
      date: '2026-10-30',
      levelId: level!.id,
      kind: 'READING',
      pageFrom: 10,
      pageTo: 11,
    },
    {
      studentId,
      groupId: group!.id,
      date: '2026-11-17',
      levelId: level!.id,
      kind: 'READING',
      pageFrom: 12,
      pageTo: 13,
    },
  ]);
});

afterAll(async () => {
  await ctx.close();
});

describe('access', () => {
  it('opens for the homeroom teacher of the class, BPBK, the principal, the foundation and the admin', async () => {
    for (const s of [
      f.homeroomA,
      await ctx.as('BPBK'),
      await ctx.as('PRINCIPAL'),
      await ctx.as('YAYASAN'),
      await ctx.as('ADMIN'),
    ]) {
      expect((await get(s)).statusCode, s.user.division).toBe(200);
    }
  });

  it('is not found for a teacher who teaches the class but does not lead it, and for another class’s homeroom teacher', async () => {
    expect((await get(f.subjectTeacher)).statusCode).toBe(404);
    expect((await get(f.homeroomB)).statusCode).toBe(404);
    expect((await get(f.homeroomA, otherId)).statusCode).toBe(404);
    expect((await get(f.homeroomB, otherId)).statusCode).toBe(200);
  });

  it('refuses students and TU (403), strangers (401), and another unit’s principal (404)', async () => {
    expect((await get(await ctx.as('STUDENT'))).statusCode).toBe(403);
    expect((await get(await ctx.as('TU'))).statusCode).toBe(403);
    expect((await get(null)).statusCode).toBe(401);
    const [sd] = await ctx.db.insert(units).values({ code: 'SD', name: 'SD Uji' }).returning();
    const u = await ctx.createUser({ division: 'PRINCIPAL' });
    await ctx.db.update(users).set({ unitId: sd!.id }).where(eq(users.id, u.id));
    await ctx.db.update(employees).set({ unitId: sd!.id }).where(eq(employees.userId, u.id));
    expect((await get(await ctx.signIn(u.username))).statusCode).toBe(404);
  });

  it('answers 400 to an id past 32 bits and 404 to an unknown student', async () => {
    expect((await ctx.call(f.homeroomA, 'GET', url(2 ** 31))).statusCode).toBe(400);
    expect((await get(await ctx.as('ADMIN'), 2_000_000_000)).statusCode).toBe(404);
  });
});

describe('the parts', () => {
  it('shows each part only to the divisions whose permission covers it', async () => {
    expect((await record(f.homeroomA)).hidden).toEqual(['bills']);
    expect((await record(await ctx.as('BPBK'))).hidden).toEqual(['scores', 'bills', 'btq', 'prayer']);
    expect((await record(await ctx.as('YAYASAN'))).hidden).toEqual(['counselling']);
    const r = await record(await ctx.as('PRINCIPAL'));
    expect(r.hidden).toEqual([]);
    expect(r.bills).toBeDefined();
    expect((await record(f.homeroomA)).bills).toBeUndefined();
  });

  it('counts attendance on the school days of the calendar only', async () => {
    const r = await record(f.homeroomA);
    expect(r.student).toMatchObject({ name: f.studentsA[0]!.name, className: '7A', boarding: 'MUKIM' });
    // 16 Nov is a day off; 17 and 18 are school days: present (late) on the 17th, nothing yet on the 18th
    expect(r.attendance).toEqual({
      schoolYear: '2026/2027',
      from: '2026-11-16',
      to: '2026-11-18',
      schoolDays: 2,
      present: 1,
      sick: 0,
      permitted: 0,
      absent: 0,
      late: 1,
      notRecorded: 1,
    });
  });

  it('sums this year’s points and lists the latest violation and achievement', async () => {
    const r = await record(f.homeroomA);
    expect(r.discipline).toMatchObject({
      schoolYear: '2026/2027',
      balance: 15,
      verifiedViolations: 1,
      achievements: 1,
    });
    expect(r.discipline!.recent).toEqual([
      { date: '2026-11-11', kind: 'ACHIEVEMENT', title: 'Juara 1 MTQ', points: null },
      { date: '2026-11-10', kind: 'VIOLATION', title: 'Terlambat apel', points: 10 },
    ]);
    expect(r.counselling).toEqual({ cases: [] });
  });

  it('gives the bills in whole rupiah: outstanding after discount and payments, cancelled bills left out', async () => {
    const r = await record(await ctx.as('PRINCIPAL'));
    // 500.000 - 100.000 discount - 150.000 paid
    expect(r.bills).toEqual({ outstanding: 250_000, openBills: 1, oldestDueDate: '2026-11-10', paidThisYear: 450_000 });
  });

  it('shows the current BTQ level, group, ustadz and the last entry', async () => {
    const r = await record(f.homeroomA);
    expect(r.btq).toEqual({
      method: 'Ummi',
      level: 'Jilid 2',
      levelSince: '2026-11-01',
      group: 'Halaqah 1',
      teacher: 'Ustadz Ahmad',
      lastEntryDate: '2026-11-17',
      lastEntry: 'hal. 13',
      entriesThisMonth: 1,
    });
  });

  it('counts this month’s dzuhur and ashar against two a school day', async () => {
    const r = await record(f.homeroomA);
    // November 2026 to Wednesday the 18th: 2-7, 9-14 and 17-18 (the 16th is off) = 14 school days = 28 prayers
    expect(r.prayer).toEqual({ month: '2026-11', congregation: 1, late: 0, excused: 0, missed: 1, notRecorded: 26 });
    expect((await record(await ctx.as('BPBK'))).prayer).toBeUndefined();
  });
});
