import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * The school's rows as the ministry's Dapodik sheets list them (issue 40 §5): the ministry module builds the files,
 * the school module reads its own tables (students, enrollments, classes, grades, staff).
 */

export type DapodikStudentRow = {
  nisn: string | null;
  nik: string | null;
  nis: string | null;
  name: string;
  birth_place: string | null;
  birth_date: string | null;
  gender: 'L' | 'P' | null;
  level: number | null;
  class_name: string | null;
};

/** The unit's active students with their class in the year, in class order. */
export async function dapodikStudentRows(exec: Executor, unitId: number, yearId: number) {
  const result = await exec.execute<DapodikStudentRow>(sql`
    select s.nisn, s.nik, s.nis, s.name, s.birth_place, s.birth_date::text as birth_date, s.gender,
      g.level, cg.name as class_name
    from students s
    left join enrollments e on e.student_id = s.id and e.academic_year_id = ${yearId} and e.ended_at is null
    left join class_groups cg on cg.id = e.class_group_id
    left join grades g on g.id = cg.grade_id
    where s.unit_id = ${unitId} and s.status = 'ACTIVE'
    order by g.level nulls last, cg.name nulls last, s.name, s.id`);
  return result.rows;
}

/** The unit's classes (rombel) of the year with their homeroom and their current number of students. */
export async function dapodikRombelRows(exec: Executor, unitId: number, yearId: number) {
  const result = await exec.execute<{ name: string; level: number; homeroom: string | null; students: number }>(sql`
    select cg.name, g.level, emp.name as homeroom,
      (select count(*)::int from enrollments e where e.class_group_id = cg.id and e.ended_at is null) as students
    from class_groups cg
    join grades g on g.id = cg.grade_id
    left join employees emp on emp.id = cg.homeroom_employee_id
    where cg.unit_id = ${unitId} and cg.academic_year_id = ${yearId}
    order by g.level, cg.name`);
  return result.rows;
}

/** The NISN of each of these students (those without one are absent from the map). */
export async function nisnOfStudents(exec: Executor, ids: readonly number[]): Promise<Map<number, string | null>> {
  if (ids.length === 0) return new Map();
  const result = await exec.execute<{ id: number; nisn: string | null }>(
    sql`select id, nisn from students where id in (${sql.join([...ids], sql`, `)})`,
  );
  return new Map(result.rows.map((r) => [r.id, r.nisn]));
}
