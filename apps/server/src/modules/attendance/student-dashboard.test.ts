import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { calendarEntries, enrollments, studentAttendance, students } from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { attendanceFixture } from './test-fixtures.ts';

// The fixture's instant: Wednesday 18 November 2026, 10:00 WIB; its one lesson (7A, period 1) is on Wednesdays.
let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let student: Session;
let studentId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx);
  student = await ctx.as('STUDENT');
  studentId = student.user.studentId!;
  await ctx.db.insert(enrollments).values({
    studentId,
    classGroupId: f.classA.id,
    academicYearId: f.year.id,
    startedAt: new Date(`${f.year.startDate}T00:00:00+07:00`),
  });
  // the register of 7A: taken on Monday 16 (present) and Tuesday 17 November (sick); other days not taken
  const others = f.studentsA.map((s) => s.id);
  await ctx.db.insert(studentAttendance).values([
    { date: '2026-11-16', classGroupId: f.classA.id, studentId, code: 'H', source: 'daily' },
    { date: '2026-11-17', classGroupId: f.classA.id, studentId, code: 'S', source: 'daily' },
    ...others.map((id) => ({
      date: '2026-11-16',
      classGroupId: f.classA.id,
      studentId: id,
      code: 'H' as const,
      source: 'daily' as const,
    })),
  ]);
});
afterAll(() => ctx.close());

describe("the student's dashboard", () => {
  it("shows today's lessons of the student's class", async () => {
    const res = await ctx.call(student, 'GET', '/api/v1/timetable/me/today');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ date: '2026-11-18', schoolDay: true, className: '7A' });
    expect(res.json().lessons).toEqual([
      expect.objectContaining({ id: f.slot.id, period: 1, subjectName: 'Matematika', className: '7A' }),
    ]);
    // a student of another class has no lesson today
    const other = await ctx.signIn((await ctx.createUser({ division: 'STUDENT' })).username);
    expect((await ctx.call(other, 'GET', '/api/v1/timetable/me/today')).json().lessons).toEqual([]);
    expect((await ctx.call(null, 'GET', '/api/v1/timetable/me/today')).statusCode).toBe(401);
  });

  it('shows no lesson on a day the school calendar closes', async () => {
    const [entry] = await ctx.db
      .insert(calendarEntries)
      .values({
        unitId: null,
        kind: 'NATIONAL_HOLIDAY',
        name: 'Libur uji',
        startDate: '2026-11-18',
        endDate: '2026-11-18',
      })
      .returning();
    const res = await ctx.call(student, 'GET', '/api/v1/timetable/me/today');
    expect(res.json()).toMatchObject({ schoolDay: false, lessons: [] });
    await ctx.db.delete(calendarEntries).where(eq(calendarEntries.id, entry!.id));
    expect((await ctx.call(student, 'GET', '/api/v1/timetable/me/today')).json().lessons).toHaveLength(1);
  });

  it("counts the month's H, S, I, A as the class's recap does", async () => {
    const res = await ctx.call(student, 'GET', '/api/v1/attendance/me/month');
    expect(res.statusCode, res.body).toBe(200);
    // school days 2-18 November (Monday-Saturday): 15; the register was taken on two of them
    expect(res.json()).toEqual({
      month: '2026-11',
      className: '7A',
      days: 15,
      H: 1,
      S: 1,
      I: 0,
      A: 0,
      notTaken: 13,
      percentage: 50,
    });
    const recap = await ctx.call(f.homeroomA, 'GET', `/api/v1/attendance/classes/${f.classA.id}/recap?month=2026-11`);
    const row = recap.json().rows.find((r: { studentId: number }) => r.studentId === studentId);
    expect(row).toMatchObject({ H: 1, S: 1, I: 0, A: 0, percentage: 50 });

    // an earlier month, and refusals
    expect((await ctx.call(student, 'GET', '/api/v1/attendance/me/month?month=2026-10')).json()).toMatchObject({
      H: 0,
      S: 0,
      I: 0,
      A: 0,
    });
    expect((await ctx.call(student, 'GET', '/api/v1/attendance/me/month?month=2026-13')).statusCode).toBe(400);
    expect((await ctx.call(f.homeroomA, 'GET', '/api/v1/attendance/me/month')).statusCode).toBe(403);
  });

  it('counts nothing for a student without a class this year', async () => {
    const other = await ctx.signIn((await ctx.createUser({ division: 'STUDENT' })).username);
    const [row] = await ctx.db.select().from(students).where(eq(students.id, other.user.studentId!));
    expect(row).toMatchObject({ id: other.user.studentId });
    expect((await ctx.call(other, 'GET', '/api/v1/attendance/me/month')).json()).toMatchObject({
      className: null,
      days: 0,
      H: 0,
    });
  });
});
