import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { arrayParam } from '../../lib/sql.ts';

/* The student record's card and the rapor's student identity; other modules call them through school.service.ts. */

export type StudentCardRow = {
  id: number;
  unitId: number;
  name: string;
  nis: string;
  nisn: string | null;
  gender: 'L' | 'P' | null;
  boarding: 'MUKIM' | 'NON_MUKIM' | null;
  status: string;
  entryDate: string | null;
  unitName: string;
  classId: number | null;
  className: string | null;
  homeroomEmployeeId: number | null;
  homeroomTeacher: string | null;
};

/** The student with their unit and the class of their open enrolment in the active year. */
export async function findStudentCard(db: Executor, studentId: number): Promise<StudentCardRow | undefined> {
  const r = await db.execute<StudentCardRow>(sql`
    select s.id, s.unit_id as "unitId", s.name, s.nis, s.nisn, s.gender, s.boarding, s.status,
           s.entry_date as "entryDate", u.name as "unitName",
           cg.id as "classId", cg.name as "className", cg.homeroom_employee_id as "homeroomEmployeeId",
           e.name as "homeroomTeacher"
      from students s
      join units u on u.id = s.unit_id
      left join lateral (
        select en.class_group_id from enrollments en
          join academic_years ay on ay.id = en.academic_year_id and ay.is_active
         where en.student_id = s.id and en.ended_at is null
         limit 1
      ) en on true
      left join class_groups cg on cg.id = en.class_group_id
      left join employees e on e.id = cg.homeroom_employee_id
     where s.id = ${studentId}`);
  return r.rows[0];
}

export type StudentRef = { id: number; name: string; nis: string; nisn: string | null; entryDate: string | null };

/** The identity of some students (what the rapor takes of the student card), by id: one query for any number. */
export async function studentRefsOf(db: Executor, studentIds: readonly number[]): Promise<Map<number, StudentRef>> {
  if (studentIds.length === 0) return new Map();
  const r = await db.execute<StudentRef>(sql`
    select s.id, s.name, s.nis, s.nisn, s.entry_date as "entryDate"
      from students s where s.id = any(${arrayParam(studentIds)}::int[])`);
  return new Map(r.rows.map((s) => [s.id, s]));
}
