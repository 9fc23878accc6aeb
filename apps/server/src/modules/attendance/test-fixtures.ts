import { eq } from 'drizzle-orm';
import {
  addDays,
  jakartaDate,
  schoolYearOf,
  semesterInYear,
  startOfJakartaDay,
  weekdayOf,
  type AuthUser,
  type Division,
} from '@mms/shared';
import { clock, setClock } from '../../lib/clock.ts';
import type { Database } from '../../db/client.ts';
import {
  academicYears,
  classGroups,
  enrollments,
  grades,
  students,
  subjects,
  teachingAssignments,
  timetableSlots,
  units,
} from '../../db/schema/index.ts';

// Test-only: a school to take attendance in, built by direct inserts. Typed structurally so the
// build does not pull in the test harness.
interface Session {
  cookie: string;
  csrfToken: string;
  user: AuthUser;
}
interface Ctx {
  db: Database;
  as: (division: Division) => Promise<Session>;
  createUser: (v: { division: Division; unitCode?: string }) => Promise<{ id: number; username: string }>;
  signIn: (username: string) => Promise<Session>;
}

/**
 * The instant the attendance fixtures live at, chosen by the tests and not taken from the host:
 * Wednesday 18 November 2026, 10:00 WIB, in the first semester of 2026/2027.
 */
export const SCHOOL_NOW = '2026-11-18T10:00:00+07:00';

/** The last school day (Monday-Saturday) up to today on MMS's clock. */
export function lastSchoolDay(): string {
  const today = clock.today();
  return weekdayOf(today) === 7 ? addDays(today, -1) : today;
}

/** The school day before `date`. */
export function previousSchoolDay(date: string): string {
  const d = addDays(date, -1);
  return weekdayOf(d) === 7 ? addDays(d, -1) : d;
}

/**
 * A school with two classes, their students, a subject teacher and one lesson, in the school year of
 * `now` (default SCHOOL_NOW). Sets MMS's clock to `now` for the rest of the test file.
 */
export async function attendanceFixture(ctx: Ctx, { now = SCHOOL_NOW }: { now?: string } = {}) {
  setClock(now);
  const db = ctx.db;
  const wakakur = await ctx.as('WAKAKUR');
  const unitId = wakakur.user.unit!.id;
  const today = jakartaDate(new Date(now));
  const schoolYear = schoolYearOf(today);
  await db.update(academicYears).set({ isActive: false });
  const [year] = await db
    .insert(academicYears)
    .values({ name: schoolYear.tapel, startDate: schoolYear.startDate, endDate: schoolYear.endDate, isActive: true })
    .returning();
  const [grade] = await db.insert(grades).values({ unitId, level: 7, name: 'Kelas 7' }).returning();

  const teacher = async () => {
    const u = await ctx.createUser({ division: 'TEACHER' });
    return ctx.signIn(u.username);
  };
  const homeroomA = await teacher();
  const homeroomB = await teacher();
  const subjectTeacher = await teacher();
  const otherTeacher = await teacher();

  const [classA] = await db
    .insert(classGroups)
    .values({
      unitId,
      academicYearId: year!.id,
      gradeId: grade!.id,
      name: '7A',
      homeroomEmployeeId: homeroomA.user.employeeId,
    })
    .returning();
  const [classB] = await db
    .insert(classGroups)
    .values({
      unitId,
      academicYearId: year!.id,
      gradeId: grade!.id,
      name: '7B',
      homeroomEmployeeId: homeroomB.user.employeeId,
    })
    .returning();

  let nis = 1;
  const enrol = async (classGroupId: number, count: number) => {
    const rows = await db
      .insert(students)
      .values(
        Array.from({ length: count }, () => ({
          unitId,
          nis: `A${nis}`,
          name: `Siswa ${String(nis++).padStart(2, '0')}`,
        })),
      )
      .returning({ id: students.id, name: students.name });
    await db.insert(enrollments).values(
      rows.map((s) => ({
        studentId: s.id,
        classGroupId,
        academicYearId: year!.id,
        startedAt: startOfJakartaDay(schoolYear.startDate),
      })),
    );
    return rows;
  };
  const studentsA = await enrol(classA!.id, 3);
  const studentsB = await enrol(classB!.id, 2);

  const [subject] = await db.insert(subjects).values({ unitId, code: 'MTK', name: 'Matematika' }).returning();
  const semester = semesterInYear(today, schoolYear)!;
  await db.insert(teachingAssignments).values({
    employeeId: subjectTeacher.user.employeeId!,
    subjectId: subject!.id,
    classGroupId: classA!.id,
    academicYearId: year!.id,
    semester,
    hoursPerWeek: 4,
  });
  const day = lastSchoolDay();
  const [slot] = await db
    .insert(timetableSlots)
    .values({
      unitId,
      academicYearId: year!.id,
      semester,
      classGroupId: classA!.id,
      day: weekdayOf(day),
      period: 1,
      subjectId: subject!.id,
      employeeId: subjectTeacher.user.employeeId!,
    })
    .returning();

  const setStartTime = (dayStartTime: string) => db.update(units).set({ dayStartTime }).where(eq(units.id, unitId));

  return {
    unitId,
    year: year!,
    classA: classA!,
    classB: classB!,
    studentsA,
    studentsB,
    homeroomA,
    homeroomB,
    subjectTeacher,
    otherTeacher,
    subject: subject!,
    slot: slot!,
    day,
    setStartTime,
  };
}
