import { sql } from 'drizzle-orm';
import { userCan } from '../../lib/scope.ts';
import { never, rowsOf, type RowRule } from '../access/row-rule.ts';

/**
 * The promotion rule, over a class of the source year (issue 40 §4). `decide` (change its students' decisions while
 * the run is a draft): the principal, WAKAKUR and ADMIN (`promotion.manage`) every class of their unit; anyone else
 * only a class they lead as homeroom teacher (wali kelas), from the class row itself.
 */
export const promotionClassRule: RowRule<'decide'> = {
  noun: 'Kelas',
  ...rowsOf('class_groups', 'cg'),
  reach(_exec, actor) {
    if (userCan(actor, 'promotion.manage')) return Promise.resolve(null);
    return Promise.resolve(actor.employeeId ? sql`cg.homeroom_employee_id = ${actor.employeeId}` : never);
  },
  denied: (_action, name) =>
    `Hanya wali kelas ${name}, kepala sekolah atau wakakur yang dapat mengubah kenaikan kelas ini`,
};
