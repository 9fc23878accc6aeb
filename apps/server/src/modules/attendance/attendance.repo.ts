import { and, asc, count, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  academicYears,
  classGroups,
  employees,
  enrollments,
  studentAttendance,
  students,
  teachingAssignments,
  timetableSlots,
  units,
} from '../../db/schema/index.ts';

const and_ = (where: (SQL | undefined)[]) => {
  const parts = where.filter((w): w is SQL => w !== undefined);
  return parts.length ? and(...parts) : undefined;
};

// ---------- the school structure, as attendance reads it ----------

export async function findActiveYear(db: Executor) {
  const [row] = await db
    .select({
      id: academicYears.id,
      name: academicYears.name,
      startDate: academicYears.startDate,
      endDate: academicYears.endDate,
    })
    .from(academicYears)
    .where(eq(academicYears.isActive, true));
  return row;
}

export async function findClass(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: classGroups.id,
      name: classGroups.name,
      unitId: classGroups.unitId,
      academicYearId: classGroups.academicYearId,
      homeroomEmployeeId: classGroups.homeroomEmployeeId,
    })
    .from(classGroups)
    .where(eq(classGroups.id, id));
  return row;
}

/** The classes an employee teaches (teaching assignment or timetable slot) or leads as homeroom teacher. */
export async function classIdsOfTeacher(db: Executor, employeeId: number): Promise<number[]> {
  const rows = await db
    .select({ id: teachingAssignments.classGroupId })
    .from(teachingAssignments)
    .where(eq(teachingAssignments.employeeId, employeeId))
    .union(
      db
        .select({ id: timetableSlots.classGroupId })
        .from(timetableSlots)
        .where(eq(timetableSlots.employeeId, employeeId)),
    )
    .union(db.select({ id: classGroups.id }).from(classGroups).where(eq(classGroups.homeroomEmployeeId, employeeId)));
  return rows.map((r) => r.id);
}

/** The students with an open enrollment in the class, by name. */
export async function enrolledStudents(db: Executor, classGroupId: number) {
  return db
    .select({ id: students.id, nis: students.nis, name: students.name })
    .from(enrollments)
    .innerJoin(students, eq(students.id, enrollments.studentId))
    .where(and(eq(enrollments.classGroupId, classGroupId), isNull(enrollments.endedAt)))
    .orderBy(asc(students.name), asc(students.id));
}

/** The class of the student's open enrollment in the active year. */
export async function currentClassOfStudent(db: Executor, studentId: number) {
  const [row] = await db
    .select({ id: classGroups.id, name: classGroups.name, unitId: classGroups.unitId })
    .from(enrollments)
    .innerJoin(academicYears, eq(academicYears.id, enrollments.academicYearId))
    .innerJoin(classGroups, eq(classGroups.id, enrollments.classGroupId))
    .where(and(eq(enrollments.studentId, studentId), isNull(enrollments.endedAt), eq(academicYears.isActive, true)));
  return row;
}

export async function findStudentRef(db: Executor, id: number) {
  const [row] = await db
    .select({ id: students.id, name: students.name, nis: students.nis, unitId: students.unitId })
    .from(students)
    .where(eq(students.id, id));
  return row;
}

// ---------- daily register ----------

export async function dailyRows(db: Executor, classGroupId: number, date: string) {
  return db
    .select({
      id: studentAttendance.id,
      studentId: studentAttendance.studentId,
      code: studentAttendance.code,
      lateMinutes: studentAttendance.lateMinutes,
      note: studentAttendance.note,
      leaveRequestId: studentAttendance.leaveRequestId,
    })
    .from(studentAttendance)
    .where(
      and(
        eq(studentAttendance.classGroupId, classGroupId),
        eq(studentAttendance.date, date),
        eq(studentAttendance.source, 'daily'),
      ),
    );
}

/** Daily rows of the students on the date, whatever class wrote them (a leave approval, an earlier class). */
export async function dailyRowsOfStudents(db: Executor, studentIds: number[], date: string) {
  if (!studentIds.length) return [];
  return db
    .select({
      studentId: studentAttendance.studentId,
      code: studentAttendance.code,
      lateMinutes: studentAttendance.lateMinutes,
      note: studentAttendance.note,
      classGroupId: studentAttendance.classGroupId,
    })
    .from(studentAttendance)
    .where(
      and(
        inArray(studentAttendance.studentId, studentIds),
        eq(studentAttendance.date, date),
        eq(studentAttendance.source, 'daily'),
      ),
    );
}

export interface AttendanceValues {
  studentId: number;
  classGroupId: number;
  date: string;
  code: 'H' | 'S' | 'I' | 'A';
  lateMinutes: number;
  note: string | null;
  recordedByUserId: number | null;
  leaveRequestId?: number | null;
}

/** Writes daily rows; a row already there for the student and date is edited. */
export async function upsertDaily(db: Executor, rows: AttendanceValues[]) {
  if (!rows.length) return;
  await db
    .insert(studentAttendance)
    .values(rows.map((r) => ({ ...r, leaveRequestId: r.leaveRequestId ?? null, source: 'daily' as const })))
    .onConflictDoUpdate({
      target: [studentAttendance.studentId, studentAttendance.date],
      targetWhere: sql`${studentAttendance.source} = 'daily'`,
      set: {
        classGroupId: sql`excluded.class_group_id`,
        code: sql`excluded.code`,
        lateMinutes: sql`excluded.late_minutes`,
        note: sql`excluded.note`,
        recordedByUserId: sql`excluded.recorded_by_user_id`,
        // A teacher's save keeps the link to an approved leave as long as the code stays the same.
        leaveRequestId: sql`case when excluded.leave_request_id is null and excluded.code = ${studentAttendance.code}
          then ${studentAttendance.leaveRequestId} else excluded.leave_request_id end`,
        updatedAt: sql`now()`,
      },
    });
}

/** Writes the lesson rows of one slot and date; a row already there is edited. */
export async function upsertLesson(db: Executor, slotId: number, rows: AttendanceValues[]) {
  if (!rows.length) return;
  await db
    .insert(studentAttendance)
    .values(rows.map((r) => ({ ...r, source: 'lesson' as const, timetableSlotId: slotId })))
    .onConflictDoUpdate({
      target: [studentAttendance.studentId, studentAttendance.date, studentAttendance.timetableSlotId],
      targetWhere: sql`${studentAttendance.source} = 'lesson'`,
      set: {
        code: sql`excluded.code`,
        lateMinutes: sql`excluded.late_minutes`,
        note: sql`excluded.note`,
        recordedByUserId: sql`excluded.recorded_by_user_id`,
        updatedAt: sql`now()`,
      },
    });
}

export async function lessonRows(db: Executor, slotId: number, date: string) {
  return db
    .select({
      studentId: studentAttendance.studentId,
      code: studentAttendance.code,
      nis: students.nis,
      name: students.name,
    })
    .from(studentAttendance)
    .innerJoin(students, eq(students.id, studentAttendance.studentId))
    .where(
      and(
        eq(studentAttendance.timetableSlotId, slotId),
        eq(studentAttendance.date, date),
        eq(studentAttendance.source, 'lesson'),
      ),
    )
    .orderBy(asc(students.name));
}

// ---------- lists ----------

export interface RowFilter {
  from: string;
  to: string;
  unitId: number | null;
  classGroupId?: number;
  /** null: every class */
  onlyClassIds: number[] | null;
  studentId?: number;
  codes?: ('H' | 'S' | 'I' | 'A')[];
  lateOnly?: boolean;
  dailyOnly?: boolean;
}

const rowColumns = {
  id: studentAttendance.id,
  date: studentAttendance.date,
  studentId: studentAttendance.studentId,
  nis: students.nis,
  name: students.name,
  classGroupId: studentAttendance.classGroupId,
  className: classGroups.name,
  code: studentAttendance.code,
  lateMinutes: studentAttendance.lateMinutes,
  note: studentAttendance.note,
  source: studentAttendance.source,
  timetableSlotId: studentAttendance.timetableSlotId,
};

export async function listRows(db: Executor, f: RowFilter, page: { page: number; pageSize: number }) {
  const filter = and_([
    gte(studentAttendance.date, f.from),
    lte(studentAttendance.date, f.to),
    f.unitId !== null ? eq(classGroups.unitId, f.unitId) : undefined,
    f.classGroupId ? eq(studentAttendance.classGroupId, f.classGroupId) : undefined,
    f.onlyClassIds
      ? f.onlyClassIds.length
        ? inArray(studentAttendance.classGroupId, f.onlyClassIds)
        : sql`false`
      : undefined,
    f.studentId ? eq(studentAttendance.studentId, f.studentId) : undefined,
    f.codes ? inArray(studentAttendance.code, f.codes) : undefined,
    f.lateOnly ? sql`${studentAttendance.lateMinutes} > 0` : undefined,
    f.dailyOnly ? eq(studentAttendance.source, 'daily') : undefined,
  ]);
  const [items, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(studentAttendance)
      .innerJoin(students, eq(students.id, studentAttendance.studentId))
      .innerJoin(classGroups, eq(classGroups.id, studentAttendance.classGroupId))
      .where(filter)
      .orderBy(desc(studentAttendance.date), asc(classGroups.name), asc(students.name), asc(studentAttendance.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db
      .select({ n: count() })
      .from(studentAttendance)
      .innerJoin(classGroups, eq(classGroups.id, studentAttendance.classGroupId))
      .where(filter),
  ]);
  return { items, total: total?.n ?? 0, page: page.page, pageSize: page.pageSize };
}

/** Daily codes of the students between two dates: one row per student per date. */
export async function dailyCodes(db: Executor, studentIds: number[], from: string, to: string) {
  if (!studentIds.length) return [];
  return db
    .select({ studentId: studentAttendance.studentId, date: studentAttendance.date, code: studentAttendance.code })
    .from(studentAttendance)
    .where(
      and(
        inArray(studentAttendance.studentId, studentIds),
        gte(studentAttendance.date, from),
        lte(studentAttendance.date, to),
        eq(studentAttendance.source, 'daily'),
      ),
    );
}

/** Classes of the year (and unit) with whether their daily register of the date is taken. */
export async function classesOfYear(
  db: Executor,
  academicYearId: number,
  date: string,
  unitId: number | null,
  onlyClassIds: number[] | null,
  employeeId: number | null,
) {
  return db
    .select({
      classGroupId: classGroups.id,
      className: classGroups.name,
      unitId: classGroups.unitId,
      isHomeroom: employeeId
        ? sql<boolean>`coalesce(${classGroups.homeroomEmployeeId} = ${employeeId}, false)`
        : sql<boolean>`false`,
      taken: sql<boolean>`exists (select 1 from ${studentAttendance} a where a.class_group_id = ${classGroups.id}
        and a.date = ${date} and a.source = 'daily' and a.leave_request_id is null)`,
    })
    .from(classGroups)
    .where(
      and_([
        eq(classGroups.academicYearId, academicYearId),
        unitId !== null ? eq(classGroups.unitId, unitId) : undefined,
        onlyClassIds ? (onlyClassIds.length ? inArray(classGroups.id, onlyClassIds) : sql`false`) : undefined,
      ]),
    )
    .orderBy(asc(classGroups.unitId), asc(classGroups.name));
}

/** Classes of the year (and unit) with no daily row on the date. */
export async function classesWithoutRegister(
  db: Executor,
  academicYearId: number,
  date: string,
  unitId: number | null,
  onlyClassIds: number[] | null,
) {
  return db
    .select({
      classGroupId: classGroups.id,
      className: classGroups.name,
      unitId: classGroups.unitId,
      homeroomEmployeeId: classGroups.homeroomEmployeeId,
      homeroomName: employees.name,
    })
    .from(classGroups)
    .leftJoin(employees, eq(employees.id, classGroups.homeroomEmployeeId))
    .where(
      and_([
        eq(classGroups.academicYearId, academicYearId),
        unitId !== null ? eq(classGroups.unitId, unitId) : undefined,
        onlyClassIds ? (onlyClassIds.length ? inArray(classGroups.id, onlyClassIds) : sql`false`) : undefined,
        sql`not exists (select 1 from ${studentAttendance} a where a.class_group_id = ${classGroups.id}
          and a.date = ${date} and a.source = 'daily' and a.leave_request_id is null)`,
      ]),
    )
    .orderBy(asc(classGroups.unitId), asc(classGroups.name));
}

/** Counts of S, I, A daily rows on a date in a unit (null: every unit). */
export async function absentCounts(db: Executor, date: string, unitId: number | null) {
  const rows = await db
    .select({ code: studentAttendance.code, n: count() })
    .from(studentAttendance)
    .innerJoin(classGroups, eq(classGroups.id, studentAttendance.classGroupId))
    .where(
      and_([
        eq(studentAttendance.date, date),
        eq(studentAttendance.source, 'daily'),
        unitId !== null ? eq(classGroups.unitId, unitId) : undefined,
      ]),
    )
    .groupBy(studentAttendance.code);
  const of = (c: string) => rows.find((r) => r.code === c)?.n ?? 0;
  return { S: of('S'), I: of('I'), A: of('A') };
}

/**
 * H/S/I/A counts per class over the given school days for the open enrollments of a year;
 * a school day without a daily record counts as A. One query, whatever the number of students.
 */
export async function unitRecapCounts(
  db: Executor,
  yearId: number,
  unitId: number | null,
  onlyClassIds: number[] | null,
  days: string[],
) {
  if (onlyClassIds && !onlyClassIds.length) return [];
  const result = await db.execute<{
    classGroupId: number;
    className: string;
    unitCode: string;
    students: number;
    H: number;
    S: number;
    I: number;
    A: number;
  }>(sql`
    with enrolled as (
      select e.student_id, cg.id as class_group_id
      from ${enrollments} e join ${classGroups} cg on cg.id = e.class_group_id
      where e.ended_at is null and cg.academic_year_id = ${yearId}
        ${unitId === null ? sql`` : sql`and cg.unit_id = ${unitId}`}
        ${onlyClassIds ? sql`and cg.id in ${onlyClassIds}` : sql``}
    ),
    sizes as (select class_group_id, count(*)::int as students from enrolled group by class_group_id),
    recorded as (
      select en.class_group_id,
        count(*) filter (where sa.code = 'H')::int as h, count(*) filter (where sa.code = 'S')::int as s,
        count(*) filter (where sa.code = 'I')::int as i
      from enrolled en
      join ${studentAttendance} sa on sa.student_id = en.student_id and sa.source = 'daily'
        and sa.date = any(${`{${days.join(',')}}`}::date[])
      group by en.class_group_id
    )
    select cg.id as "classGroupId", cg.name as "className", u.code as "unitCode",
      coalesce(z.students, 0) as students,
      coalesce(r.h, 0) as "H", coalesce(r.s, 0) as "S", coalesce(r.i, 0) as "I",
      -- every school day without H, S or I is A, recorded or not
      (coalesce(z.students, 0) * ${days.length} - coalesce(r.h, 0) - coalesce(r.s, 0) - coalesce(r.i, 0))::int as "A"
    from ${classGroups} cg join ${units} u on u.id = cg.unit_id
    left join sizes z on z.class_group_id = cg.id
    left join recorded r on r.class_group_id = cg.id
    where cg.academic_year_id = ${yearId}
      ${unitId === null ? sql`` : sql`and cg.unit_id = ${unitId}`}
      ${onlyClassIds ? sql`and cg.id in ${onlyClassIds}` : sql``}
    order by u.code, cg.name`);
  return result.rows;
}
