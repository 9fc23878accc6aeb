import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { seesOnlyOwnClasses, userCan } from '../../lib/scope.ts';
import { never, rowsOf, type RowRule } from '../access/row-rule.ts';
import * as school from '../school/school.service.ts';

/**
 * The subject and grade pairs the employee teaches this year (the school service's one rule) as a condition over
 * `lo.subject_id, lo.grade_id`; none taught: no row.
 */
async function taughtPairs(exec: Executor, actor: Actor): Promise<SQL> {
  if (!actor.employeeId) return never;
  const pairs = await school.subjectGradesTaught(exec, actor.employeeId);
  if (!pairs.length) return never;
  const subjects = `{${pairs.map((p) => p.subjectId).join(',')}}`;
  const grades = `{${pairs.map((p) => p.gradeId).join(',')}}`;
  return sql`exists (select 1 from unnest(${subjects}::int[], ${grades}::int[]) taught(subject_id, grade_id)
     where taught.subject_id = lo.subject_id and taught.grade_id = lo.grade_id)`;
}

/** Who writes every subject's TPs of the unit: the curriculum's WAKAKUR (and ADMIN). */
export const managesAllObjectives = (actor: Actor) => userCan(actor, 'learningObjectives.manage');

/**
 * The learning objective (TP) rule (issue 40). `read`: a teacher (TEACHER, TEACHERCASHIER) the TPs of a subject
 * they teach in that grade this year; everyone else of the unit with the route's permission every TP. `manage`
 * (add, edit, delete, and tag with it): WAKAKUR and ADMIN every TP of the unit (`learningObjectives.manage`);
 * anyone else only those of a subject they teach in that grade this year: in Kurikulum Merdeka the subject's
 * teachers write the TPs of their subject, and the WAKAKUR oversees and corrects them all.
 */
export const learningObjectiveRule: RowRule<'read' | 'manage'> = {
  noun: 'Tujuan pembelajaran',
  ...rowsOf('learning_objectives', 'lo', { label: 'code' }),
  async reach(exec, actor, action) {
    if (managesAllObjectives(actor)) return null;
    if (action === 'read' && !seesOnlyOwnClasses(actor)) return null;
    return taughtPairs(exec, actor);
  },
  denied: (action) =>
    action === 'manage'
      ? 'Hanya guru mapel tingkat ini atau wakakur yang dapat mengubah tujuan pembelajaran ini'
      : 'Anda hanya dapat membuka tujuan pembelajaran mapel yang Anda ajar di tingkat ini',
};
