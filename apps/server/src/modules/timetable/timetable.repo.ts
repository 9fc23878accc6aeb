import { and, asc, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Semester } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import {
  teachingAssignments,
  bellPeriods,
  classGroups,
  employees,
  grades,
  subjects,
  timetableSlots,
} from '../../db/schema/index.ts';
import { sqlNow } from '../../lib/sql.ts';

const columns = {
  id: timetableSlots.id,
  unitId: timetableSlots.unitId,
  academicYearId: timetableSlots.academicYearId,
  semester: timetableSlots.semester,
  classGroupId: timetableSlots.classGroupId,
  className: classGroups.name,
  day: timetableSlots.day,
  period: timetableSlots.period,
  startTime: bellPeriods.startTime,
  endTime: bellPeriods.endTime,
  subjectId: timetableSlots.subjectId,
  subjectName: subjects.name,
  employeeId: timetableSlots.employeeId,
  teacherName: employees.name,
};

const selectSlots = (db: Executor) =>
  db
    .select(columns)
    .from(timetableSlots)
    .innerJoin(classGroups, eq(classGroups.id, timetableSlots.classGroupId))
    .innerJoin(grades, eq(grades.id, classGroups.gradeId))
    .innerJoin(subjects, eq(subjects.id, timetableSlots.subjectId))
    .innerJoin(employees, eq(employees.id, timetableSlots.employeeId))
    .leftJoin(
      bellPeriods,
      and(eq(bellPeriods.unitId, timetableSlots.unitId), eq(bellPeriods.period, timetableSlots.period)),
    );

export interface SlotFilter {
  academicYearId: number;
  semester: Semester;
  unitId?: number | null;
  classGroupId?: number | undefined;
  employeeId?: number | undefined;
  day?: number | undefined;
}

function whereOf(f: SlotFilter) {
  const where: SQL[] = [eq(timetableSlots.academicYearId, f.academicYearId), eq(timetableSlots.semester, f.semester)];
  if (f.unitId) where.push(eq(timetableSlots.unitId, f.unitId));
  if (f.classGroupId) where.push(eq(timetableSlots.classGroupId, f.classGroupId));
  if (f.employeeId) where.push(eq(timetableSlots.employeeId, f.employeeId));
  if (f.day) where.push(eq(timetableSlots.day, f.day));
  return and(...where);
}

/** A whole week, ordered by day and period (a class's or a teacher's timetable). */
export async function listSlots(db: Executor, f: SlotFilter) {
  return selectSlots(db)
    .where(whereOf(f))
    .orderBy(asc(timetableSlots.day), asc(timetableSlots.period), asc(classGroups.name));
}

export async function pageSlots(db: Executor, f: SlotFilter, page: { page: number; pageSize: number }) {
  const filter = whereOf(f);
  const [items, [total]] = await Promise.all([
    selectSlots(db)
      .where(filter)
      .orderBy(asc(grades.level), asc(classGroups.name), asc(timetableSlots.day), asc(timetableSlots.period))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(timetableSlots).where(filter),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function findSlot(db: Executor, id: number) {
  const [row] = await selectSlots(db).where(eq(timetableSlots.id, id));
  return row;
}

export interface ProposedSlot {
  classGroupId: number;
  employeeId: number;
  academicYearId: number;
  semester: Semester;
  day: number;
  period: number;
}

/** The lessons a proposed slot would collide with: the class's own, and the teacher's anywhere (any unit). */
export async function clashesOf(db: Executor, p: ProposedSlot, exceptId?: number) {
  const same = and(
    eq(timetableSlots.academicYearId, p.academicYearId),
    eq(timetableSlots.semester, p.semester),
    eq(timetableSlots.day, p.day),
    eq(timetableSlots.period, p.period),
    exceptId ? ne(timetableSlots.id, exceptId) : undefined,
  );
  const [byClass, byTeacher] = await Promise.all([
    selectSlots(db).where(and(same, eq(timetableSlots.classGroupId, p.classGroupId))),
    selectSlots(db).where(and(same, eq(timetableSlots.employeeId, p.employeeId))),
  ]);
  return { byClass, byTeacher };
}

/**
 * What the school assigned for a proposed lesson: the teacher's weekly JP of the subject in the class that
 * semester (undefined when the teacher is not assigned to it), and the lessons of it already placed.
 */
export async function assignmentLoad(
  db: Executor,
  p: ProposedSlot & { subjectId: number },
  exceptId?: number,
): Promise<{ hoursPerWeek: number | undefined; placed: number }> {
  const [assignment] = await db
    .select({ hours: sql<number>`sum(${teachingAssignments.hoursPerWeek})::int` })
    .from(teachingAssignments)
    .where(
      and(
        eq(teachingAssignments.employeeId, p.employeeId),
        eq(teachingAssignments.subjectId, p.subjectId),
        eq(teachingAssignments.classGroupId, p.classGroupId),
        eq(teachingAssignments.academicYearId, p.academicYearId),
        eq(teachingAssignments.semester, p.semester),
      ),
    );
  const [placed] = await db
    .select({ n: count() })
    .from(timetableSlots)
    .where(
      and(
        eq(timetableSlots.employeeId, p.employeeId),
        eq(timetableSlots.subjectId, p.subjectId),
        eq(timetableSlots.classGroupId, p.classGroupId),
        eq(timetableSlots.academicYearId, p.academicYearId),
        eq(timetableSlots.semester, p.semester),
        exceptId ? ne(timetableSlots.id, exceptId) : undefined,
      ),
    );
  return { hoursPerWeek: assignment?.hours ?? undefined, placed: placed?.n ?? 0 };
}

export async function insertSlot(db: Executor, values: typeof timetableSlots.$inferInsert) {
  const [row] = await db.insert(timetableSlots).values(values).returning({ id: timetableSlots.id });
  return row!.id;
}

export async function updateSlot(db: Executor, id: number, values: Partial<typeof timetableSlots.$inferInsert>) {
  await db
    .update(timetableSlots)
    .set({ ...values, updatedAt: sqlNow() })
    .where(eq(timetableSlots.id, id));
}

export async function deleteSlot(db: Executor, id: number) {
  await db.delete(timetableSlots).where(eq(timetableSlots.id, id));
}

export async function bellPeriodsOf(db: Executor, unitId: number) {
  const rows = await db.select({ period: bellPeriods.period }).from(bellPeriods).where(eq(bellPeriods.unitId, unitId));
  return rows.map((r) => r.period);
}

/**
 * JP per week per teacher: lessons in the timetable and hours of the teaching assignments, for
 * teachers with either in the year and semester (within a unit when given).
 */
export async function teachingHours(db: Executor, academicYearId: number, semester: Semester, unitId: number | null) {
  const unitSlot = unitId === null ? sql`true` : sql`s.unit_id = ${unitId}`;
  const unitAssignment = unitId === null ? sql`true` : sql`c.unit_id = ${unitId}`;
  const result = await db.execute<{
    employee_id: number;
    teacher_name: string;
    nip: string;
    scheduled: number;
    assigned: number;
  }>(sql`
    with sched as (
      select s.employee_id, count(*)::int as n from timetable_slots s
      where s.academic_year_id = ${academicYearId} and s.semester = ${semester} and ${unitSlot}
      group by s.employee_id
    ), assigned as (
      select a.employee_id, sum(a.hours_per_week)::int as n from teaching_assignments a
      join class_groups c on c.id = a.class_group_id
      where a.academic_year_id = ${academicYearId} and a.semester = ${semester} and ${unitAssignment}
      group by a.employee_id
    )
    select e.id as employee_id, e.name as teacher_name, e.nip,
      coalesce(sched.n, 0) as scheduled, coalesce(assigned.n, 0) as assigned
    from employees e
    left join sched on sched.employee_id = e.id
    left join assigned on assigned.employee_id = e.id
    where sched.n is not null or assigned.n is not null
    order by e.name, e.id`);
  return result.rows.map((r) => ({
    employeeId: r.employee_id,
    teacherName: r.teacher_name,
    nip: r.nip,
    scheduledPeriods: r.scheduled,
    assignedHours: r.assigned,
  }));
}
