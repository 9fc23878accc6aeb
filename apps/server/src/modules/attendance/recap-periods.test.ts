import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays } from '@mms/shared';
import { enrollments, studentAttendance, students } from '../../db/schema/index.ts';
import { schoolDays } from '../school/calendar.service.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { attendanceFixture } from './test-fixtures.ts';
import { clock } from '../../lib/clock.ts';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx);
});
afterAll(() => ctx.close());

type Row = {
  studentId: number;
  days: number;
  H: number;
  S: number;
  I: number;
  A: number;
  notTaken: number;
  percentage: number;
};
type ClassCounts = {
  classGroupId: number;
  students: number;
  studentDays: number;
  H: number;
  S: number;
  I: number;
  A: number;
  notTaken: number;
};

describe('monthly recaps count each student on the days they belonged to the class', () => {
  it('a newcomer from the entry date, a moved student in the old class until the move and in the new one after', async () => {
    // Last month: wholly in the past and inside the fixture's active year (from 1 July; SCHOOL_NOW is in November).
    const today = clock.today();
    const last = addDays(`${today.slice(0, 7)}-01`, -1);
    const month = last.slice(0, 7);
    const days = await schoolDays(ctx.db, f.unitId, `${month}-01`, last);
    const move = `${month}-15`;
    const before = days.filter((d) => d < move);
    const after = days.filter((d) => d >= move);
    expect(before.length).toBeGreaterThan(0);

    const [mover, newcomer] = await ctx.db
      .insert(students)
      .values([
        { unitId: f.unitId, nis: 'PINDAH1', name: 'Siswa Pindah' },
        { unitId: f.unitId, nis: 'BARU1', name: 'Siswa Baru', entryDate: move },
      ])
      .returning({ id: students.id });
    const moment = new Date(`${move}T09:00:00+07:00`);
    await ctx.db.insert(enrollments).values([
      {
        studentId: mover!.id,
        classGroupId: f.classA.id,
        academicYearId: f.year.id,
        startedAt: new Date(`${f.year.startDate}T07:00:00+07:00`),
        endedAt: moment,
        endReason: 'MOVED',
      },
      {
        studentId: mover!.id,
        classGroupId: f.classB.id,
        academicYearId: f.year.id,
        startedAt: moment,
        startReason: 'MOVED',
      },
      // enrolled today, but a newcomer counts from the entry date
      { studentId: newcomer!.id, classGroupId: f.classA.id, academicYearId: f.year.id },
    ]);
    // The mover was present on the month's first school day, in 7A.
    await ctx.db.insert(studentAttendance).values({
      date: before[0]!,
      classGroupId: f.classA.id,
      studentId: mover!.id,
      code: 'H',
      source: 'daily',
    });

    const leader = await ctx.as('WAKAKUR');
    const recapOf = async (classGroupId: number) => {
      const res = await ctx.call(leader, 'GET', `/api/v1/attendance/classes/${classGroupId}/recap?month=${month}`);
      expect(res.statusCode).toBe(200);
      return res.json() as { schoolDays: string[]; rows: Row[] };
    };
    const a = await recapOf(f.classA.id);
    expect(a.schoolDays).toEqual(days);
    const rowOf = (recap: { rows: Row[] }, id: number) => recap.rows.find((r) => r.studentId === id)!;
    // 7A's register was taken on the first school day only (the mover's H): the other days are
    // not taken, never A; the other students of 7A are A on that first day.
    expect(rowOf(a, mover!.id)).toMatchObject({ days: before.length, H: 1, A: 0, notTaken: before.length - 1 });
    expect(rowOf(a, mover!.id).percentage).toBe(100);
    expect(rowOf(a, newcomer!.id)).toMatchObject({ days: after.length, H: 0, A: 0, notTaken: after.length });
    for (const s of f.studentsA) expect(rowOf(a, s.id)).toMatchObject({ days: days.length, A: 1 });
    for (const r of a.rows) expect(r.H + r.S + r.I + r.A + r.notTaken).toBe(r.days);

    const b = await recapOf(f.classB.id);
    expect(rowOf(b, mover!.id)).toMatchObject({ days: after.length, H: 0, A: 0, notTaken: after.length });

    // The unit recap counts the same student days in the database.
    const unit = (await ctx.call(leader, 'GET', `/api/v1/attendance/recap?month=${month}`)).json() as {
      classes: ClassCounts[];
      total: ClassCounts;
    };
    const classOf = (id: number) => unit.classes.find((c) => c.classGroupId === id)!;
    const sum = (rows: Row[], k: 'days' | 'H' | 'S' | 'I' | 'A' | 'notTaken') => rows.reduce((n, r) => n + r[k], 0);
    for (const [counts, recap] of [
      [classOf(f.classA.id), a],
      [classOf(f.classB.id), b],
    ] as const) {
      expect(counts).toMatchObject({
        students: recap.rows.length,
        studentDays: sum(recap.rows, 'days'),
        H: sum(recap.rows, 'H'),
        S: sum(recap.rows, 'S'),
        I: sum(recap.rows, 'I'),
        A: sum(recap.rows, 'A'),
        notTaken: sum(recap.rows, 'notTaken'),
      });
    }
    expect(classOf(f.classA.id)).toMatchObject({
      students: f.studentsA.length + 2,
      studentDays: f.studentsA.length * days.length + before.length + after.length,
    });
    expect(unit.total.studentDays).toBe(unit.classes.reduce((n, c) => n + c.studentDays, 0));
  });

  it('the register of a day lists the students in the class that day, and the recap counts what it saved', async () => {
    // Last month again: a newcomer arrives on its second school day. Before that, the register of
    // 7B neither lists nor accepts them; from then on it does, and the recap counts exactly those days.
    const today = clock.today();
    const last = addDays(`${today.slice(0, 7)}-01`, -1);
    const month = last.slice(0, 7);
    const days = await schoolDays(ctx.db, f.unitId, `${month}-01`, last);
    expect(days.length).toBeGreaterThan(2);
    const [first, arrival] = [days[0]!, days[1]!];
    const [newcomer] = await ctx.db
      .insert(students)
      .values({ unitId: f.unitId, nis: 'BARU2', name: 'Siswa Baru Dua', entryDate: arrival })
      .returning({ id: students.id });
    await ctx.db
      .insert(enrollments)
      .values({ studentId: newcomer!.id, classGroupId: f.classB.id, academicYearId: f.year.id });
    const leader = await ctx.as('WAKAKUR');
    const url = (date: string) => `/api/v1/attendance/classes/${f.classB.id}/daily/${date}`;
    const roster = async (date: string) =>
      ((await ctx.call(leader, 'GET', url(date))).json() as { entries: { studentId: number }[] }).entries.map(
        (e) => e.studentId,
      );

    expect(await roster(first)).not.toContain(newcomer!.id);
    expect(await roster(arrival)).toContain(newcomer!.id);
    const refused = await ctx.call(leader, 'PUT', url(first), { entries: [{ studentId: newcomer!.id, code: 'S' }] });
    expect(refused.statusCode).toBe(400);
    expect(await ctx.db.select().from(studentAttendance).where(eq(studentAttendance.studentId, newcomer!.id))).toEqual(
      [],
    );

    // Both days' registers saved: every listed student is H; the newcomer is counted on the second day only.
    for (const date of [first, arrival]) {
      expect((await ctx.call(leader, 'PUT', url(date), { entries: [] })).statusCode).toBe(200);
    }
    const recap = (
      await ctx.call(leader, 'GET', `/api/v1/attendance/classes/${f.classB.id}/recap?month=${month}`)
    ).json() as { rows: Row[] };
    const row = recap.rows.find((r) => r.studentId === newcomer!.id)!;
    expect(row).toMatchObject({ days: days.length - 1, H: 1, A: 0, notTaken: days.length - 2 });
    for (const id of await roster(first)) {
      expect(recap.rows.find((r) => r.studentId === id)!.H).toBeGreaterThanOrEqual(2);
    }
  });

  it('a class mutation through the API marks the new enrolment as begun by a move', async () => {
    const [student] = await ctx.db
      .insert(students)
      .values({ unitId: f.unitId, nis: 'PINDAH2', name: 'Siswa Pindah API' })
      .returning({ id: students.id });
    await ctx.db
      .insert(enrollments)
      .values({ studentId: student!.id, classGroupId: f.classA.id, academicYearId: f.year.id });
    const admin = await ctx.as('ADMIN');
    const month = clock.today().slice(0, 7);
    const studentsOfB = async () =>
      (
        (await ctx.call(admin, 'GET', `/api/v1/attendance/recap?month=${month}`)).json() as { classes: ClassCounts[] }
      ).classes.find((c) => c.classGroupId === f.classB.id)!.students;
    const before = await studentsOfB();
    const moved = await ctx.call(admin, 'POST', '/api/v1/enrollments/move', {
      studentId: student!.id,
      toClassGroupId: f.classB.id,
    });
    expect(moved.statusCode).toBe(200);
    const rows = await ctx.db
      .select({
        classGroupId: enrollments.classGroupId,
        startReason: enrollments.startReason,
        endReason: enrollments.endReason,
      })
      .from(enrollments)
      .where(eq(enrollments.studentId, student!.id))
      .orderBy(enrollments.id);
    expect(rows).toEqual([
      { classGroupId: f.classA.id, startReason: null, endReason: 'MOVED' },
      { classGroupId: f.classB.id, startReason: 'MOVED', endReason: null },
    ]);
    // The unit recap's members are read through the school read cache: the move shows at once.
    expect(await studentsOfB()).toBe(before + 1);
  });
});
