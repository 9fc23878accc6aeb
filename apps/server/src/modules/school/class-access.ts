import { sql } from 'drizzle-orm';
import type { AuthUser } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import { cached, dependsOn } from '../../lib/read-cache.ts';
import { seesOnlyOwnClasses } from '../../lib/scope.ts';

/**
 * The one definition of "the employee teaches or leads the class": homeroom teacher, a teaching
 * assignment, or a timetable slot in it. SQL that needs the rule inside its own statement (the
 * register save, attendance.repo.ts) embeds this fragment; everything else asks `ownClassIds`.
 * `employee` and `cls` are SQL expressions: the employee id and the class_groups alias.
 */
export const teachesClassSql = (employee: string, cls: string) => `(${cls}.homeroom_employee_id = ${employee}
      or exists (select 1 from teaching_assignments t where t.employee_id = ${employee} and t.class_group_id = ${cls}.id)
      or exists (select 1 from timetable_slots s where s.employee_id = ${employee} and s.class_group_id = ${cls}.id))`;

const TAUGHT_OR_LED = dependsOn('class_groups', 'teaching_assignments', 'timetable_slots');

/** The classes an employee teaches or leads (by `teachesClassSql`), from the read cache. */
export function classIdsOfEmployee(db: Executor, employeeId: number): Promise<number[]> {
  return cached(db, `classIdsOfEmployee:${employeeId}`, TAUGHT_OR_LED, async () => {
    const result = await db.execute<{ id: number }>(
      sql`select cg.id from class_groups cg, (select ${employeeId}::int as employee_id) p
          where ${sql.raw(teachesClassSql('p.employee_id', 'cg'))} order by cg.id`,
    );
    return result.rows.map((r) => r.id);
  });
}

/**
 * The classes a caller is limited to: a teacher's own (taught or led), or null for the divisions
 * that see every class of their unit (principal, wakakur, BK, admin...).
 */
export async function ownClassIds(db: Executor, user: AuthUser): Promise<number[] | null> {
  if (!seesOnlyOwnClasses(user)) return null;
  if (!user.employeeId) return [];
  return classIdsOfEmployee(db, user.employeeId);
}
