import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { addDays, startOfJakartaDay } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import { classGroups, enrollments, students } from '../../db/schema/index.ts';
import { cached, dependsOn } from '../../lib/read-cache.ts';

/*
 * Class membership (enrollments) as the other features ask it: who is in a class, and whose class is
 * which. School owns the enrollments table; other modules call these through school.service.ts, the
 * SQL fragments inside their own queries.
 */

export type ClassStudentRow = { id: number; nis: string; name: string; phone: string | null; userId: number | null };

/** The active students with an open enrolment in the class, by id or by name. */
export async function activeStudentsOfClass(
  exec: Executor,
  classGroupId: number,
  order: 'id' | 'name',
): Promise<ClassStudentRow[]> {
  const result = await exec.execute<ClassStudentRow>(sql`
    select s.id, s.nis, s.name, s.phone, s.user_id as "userId"
    from enrollments e join students s on s.id = e.student_id
    where e.class_group_id = ${classGroupId} and e.ended_at is null and s.status = 'ACTIVE'
    order by ${order === 'id' ? sql`s.id` : sql`s.name`}`);
  return result.rows;
}

/** How a year ended for a student, marked by the year-end promotion on the old enrolment it leaves open. */
const YEAR_END_REASONS = ['PROMOTED', 'RETAINED', 'GRADUATED'] as const;

/**
 * The students of a class's rapor, by name: an open enrolment in the class, and the student active or the enrolment
 * marked with how the year ended (the promotion's `end_reason`: a graduate, GRADUATED since, keeps the old class's
 * rapor). Who left during the year (status MOVED or DROPPED, or the enrolment ended) is not listed. A graduate carried
 * into another unit (ACTIVE again) is listed once, by the old enrolment: a class is of one year, and a student has at
 * most one open enrolment a year.
 */
export async function raporStudentsOfClass(exec: Executor, classGroupId: number): Promise<ClassStudentRow[]> {
  const reasons = `{${YEAR_END_REASONS.join(',')}}`;
  const result = await exec.execute<ClassStudentRow>(sql`
    select s.id, s.nis, s.name, s.phone, s.user_id as "userId"
    from enrollments e join students s on s.id = e.student_id
    where e.class_group_id = ${classGroupId} and e.ended_at is null
      and (s.status = 'ACTIVE' or e.end_reason = any(${reasons}::text[]))
    order by s.name, s.id`);
  return result.rows;
}

export type ClassMemberRow = { studentId: number; nis: string | null; name: string; gender: 'L' | 'P' | null };

/** The students in the class on `date` (enrolled by then, not left before it, on Jakarta days), by name. */
export async function classMembersOn(exec: Executor, classGroupId: number, date: string): Promise<ClassMemberRow[]> {
  const start = startOfJakartaDay(date).toISOString();
  const end = startOfJakartaDay(addDays(date, 1)).toISOString();
  const result = await exec.execute<ClassMemberRow>(sql`
    select distinct s.id as "studentId", s.nis, s.name, s.gender
    from enrollments e join students s on s.id = e.student_id
    where e.class_group_id = ${classGroupId} and e.started_at < ${end}::timestamptz
      and (e.ended_at is null or e.ended_at > ${start}::timestamptz)
    order by s.name, s.id`);
  return result.rows;
}

/** The number of students in each class on `date` (as classMembersOn counts them). */
export async function classMemberCounts(
  exec: Executor,
  classIds: number[],
  date: string,
): Promise<Map<number, number>> {
  if (classIds.length === 0) return new Map();
  const start = startOfJakartaDay(date).toISOString();
  const end = startOfJakartaDay(addDays(date, 1)).toISOString();
  const result = await exec.execute<{ id: number; n: number }>(sql`
    select e.class_group_id as id, count(distinct e.student_id)::int as n from enrollments e
    where e.class_group_id = any(${`{${classIds.join(',')}}`}::int[]) and e.started_at < ${end}::timestamptz
      and (e.ended_at is null or e.ended_at > ${start}::timestamptz)
    group by e.class_group_id`);
  return new Map(result.rows.map((r) => [r.id, r.n]));
}

/** SQL: whether the student (an SQL expression) has an open enrolment in the class (an SQL expression). */
export const inClassNowSql = (student: SQL, classGroup: SQL): SQL =>
  sql`exists (select 1 from enrollments m where m.class_group_id = ${classGroup} and m.student_id = ${student} and m.ended_at is null)`;

/**
 * SQL: a `left join lateral` giving `<alias>.class_group_id`, the student's (an SQL expression) current
 * class: the latest open enrolment.
 */
export const currentClassJoinSql = (student: SQL, alias: string): SQL => sql`left join lateral (
    select e.class_group_id from enrollments e
    where e.student_id = ${student} and e.ended_at is null
    order by e.started_at desc, e.id desc limit 1
  ) ${sql.raw(alias)} on true`;

/** SQL: whether the student (an SQL expression) has an open enrolment in one of the classes. */
export const inAnyClassNowSql = (student: SQL, classIds: number[]): SQL =>
  sql`exists (select 1 from enrollments m where m.student_id = ${student}
        and m.ended_at is null and m.class_group_id in ${classIds})`;

/** SQL: the name of the student's (an SQL expression) current class (the latest open enrolment), or null. */
export const currentClassNameSql = (student: SQL) => sql<string | null>`(
  select cg.name from enrollments e join class_groups cg on cg.id = e.class_group_id
  where e.student_id = ${student} and e.ended_at is null
  order by e.started_at desc limit 1)`;

/**
 * SQL: a `left join lateral` giving the class of the student's (an SQL expression) open enrolment in the
 * active year as `<alias>.id`, `<alias>.name` and `<alias>.grade_name`.
 */
export const activeYearClassJoinSql = (student: SQL, alias = 'cls'): SQL => sql`left join lateral (
    select cg.id, cg.name, g.name as grade_name from enrollments e
      join academic_years y on y.id = e.academic_year_id and y.is_active
      join class_groups cg on cg.id = e.class_group_id
      join grades g on g.id = cg.grade_id
     where e.student_id = ${student} and e.ended_at is null
     order by e.id desc limit 1) ${sql.raw(alias)} on true`;

/** SQL: how many students were ever enrolled in the classes of a grade in a year (SQL expressions). */
export const gradeStudentCountSql = (grade: SQL, academicYear: SQL) => sql<number>`(
    select count(distinct e.student_id)::int from enrollments e
    join class_groups cg on cg.id = e.class_group_id
    where cg.grade_id = ${grade} and cg.academic_year_id = ${academicYear})`;

/**
 * The students a class's score sheet lists: everyone enrolled in the class at some time of its year (a student
 * who moved keeps the scores earned here), by name.
 */
export async function studentsEverInClass(exec: Executor, classGroupId: number) {
  const result = await exec.execute<{ id: number; nis: string; name: string }>(sql`
    select s.id, s.nis, s.name from students s
    where exists (select 1 from enrollments e where e.student_id = s.id and e.class_group_id = ${classGroupId})
    order by s.name, s.id`);
  return result.rows;
}

const STUDENT_CLASS_IN = dependsOn('enrollments', 'class_groups');
/** The student's open class group in a year (cached; dropped when enrollments or class_groups change). */
export function studentClassIn(exec: Executor, studentId: number, academicYearId: number) {
  return cached(exec, `studentClassIn:${studentId}:${academicYearId}`, STUDENT_CLASS_IN, async () => {
    const [row] = await exec
      .select({ classGroupId: classGroups.id, className: classGroups.name })
      .from(enrollments)
      .innerJoin(classGroups, eq(classGroups.id, enrollments.classGroupId))
      .where(
        and(
          eq(enrollments.studentId, studentId),
          eq(enrollments.academicYearId, academicYearId),
          sql`${enrollments.endedAt} is null`,
        ),
      );
    return row;
  });
}

/**
 * The active students of a unit with an open enrolment in a class of the year (optionally one grade or
 * class), with what fee rules look at (grade, programme: the student's else the class's, boarding) and
 * their entry date (null: from the start of the year); by id.
 */
export const activeStudentsEnrolledIn = (
  exec: Executor,
  f: { unitId: number; academicYearId: number; gradeId?: number | undefined; classGroupId?: number | undefined },
) =>
  exec
    .select({
      id: students.id,
      gradeId: classGroups.gradeId,
      program: sql<string | null>`coalesce(${students.program}, ${classGroups.program})`,
      boarding: students.boarding,
      entryDate: students.entryDate,
    })
    .from(students)
    .innerJoin(enrollments, and(eq(enrollments.studentId, students.id), isNull(enrollments.endedAt)))
    .innerJoin(classGroups, eq(classGroups.id, enrollments.classGroupId))
    .where(
      and(
        eq(students.unitId, f.unitId),
        eq(students.status, 'ACTIVE'),
        eq(enrollments.academicYearId, f.academicYearId),
        f.gradeId === undefined ? undefined : eq(classGroups.gradeId, f.gradeId),
        f.classGroupId === undefined ? undefined : eq(classGroups.id, f.classGroupId),
      ),
    )
    .orderBy(asc(students.id));
