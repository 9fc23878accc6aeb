import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import type { Actor } from '../../../lib/actor.ts';
import { userCan } from '../../../lib/scope.ts';
import { never, type RowRule } from '../../access/row-rule.ts';
import { taughtPairSql } from '../../assessment/assessment.access.ts';

/**
 * Who may watch and act on an exam's takers (issue 13), one rule in two views: `attemptRule` over one attempt, and
 * `examReach` over the whole exam (which classes of it). The unit's controllers (TEACHERCASHIER, WAKAKUR, ADMIN:
 * `assessment.control`) every taker; the author and the teachers of its subject and grade every taker; a proctor
 * the takers of the classes of the exam slots they proctor.
 */

/** The exam `alias` is the employee's: they wrote it, or teach its subject in its grade this year. */
const leadsExam = async (exec: Executor, employeeId: number, alias: string): Promise<SQL> =>
  sql`(${sql.raw(alias)}.author_employee_id = ${employeeId} or ${await taughtPairSql(exec, employeeId, alias)})`;

/** The class the student takes the exam in: of its classes, the one of the student's open enrolment first. */
const takerClass = (assessment: SQL, student: SQL) => sql`(select ac.class_group_id from assessment_classes ac
    join enrollments e on e.class_group_id = ac.class_group_id and e.student_id = ${student}
   where ac.assessment_id = ${assessment} order by e.ended_at is null desc limit 1)`;

/**
 * The attempt rule. `control` (see a taker's attempt, and act on it: extend, reopen, let another device in, end):
 * as above, for a proctor only a student of a class they proctor.
 */
export const attemptRule: RowRule<'control'> = {
  noun: 'Percobaan',
  from: sql`attempts t`,
  id: sql`t.id`,
  unit: sql`(select x.unit_id from assessments x where x.id = t.assessment_id)`,
  label: sql`coalesce((select s.name from students s where s.id = t.student_id), '')`,
  async reach(exec, actor) {
    if (userCan(actor, 'assessment.control')) return null;
    const me = actor.employeeId;
    if (!me) return never;
    return sql`(exists (select 1 from assessments x where x.id = t.assessment_id and ${await leadsExam(exec, me, 'x')})
      or exists (select 1 from exam_slots es where es.assessment_id = t.assessment_id
        and es.proctor_employee_id = ${me} and es.class_group_id = ${takerClass(sql`t.assessment_id`, sql`t.student_id`)}))`;
  },
  denied: () => 'Siswa ini bukan peserta ruang yang Anda awasi',
};

/**
 * The rule over a whole exam: every class (`classIds` null), the classes the actor proctors, or null (no one's
 * business: another unit's, or not theirs).
 */
export async function examReach(
  exec: Executor,
  actor: Actor,
  a: { id: number; unitId: number },
): Promise<{ classIds: number[] | null } | null> {
  if (!actor.allUnits && a.unitId !== actor.unit?.id) return null;
  if (userCan(actor, 'assessment.control')) return { classIds: null };
  const me = actor.employeeId;
  if (!me) return null;
  const result = await exec.execute<{ whole: boolean; proctored: number[] }>(sql`
    select ${await leadsExam(exec, me, 'x')} as whole,
           array(select es.class_group_id from exam_slots es
                  where es.assessment_id = x.id and es.proctor_employee_id = ${me}) as proctored
      from assessments x where x.id = ${a.id}`);
  const row = result.rows[0];
  if (!row) return null;
  if (row.whole) return { classIds: null };
  return row.proctored.length ? { classIds: row.proctored } : null;
}
