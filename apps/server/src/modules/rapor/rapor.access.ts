import { sql } from 'drizzle-orm';
import { seesOnlyOwnClasses } from '../../lib/scope.ts';
import { never, rowsOf, type RowRule } from '../access/row-rule.ts';

/**
 * The rapor rule, over a class (issue 40 §2): the class's homeroom teacher (wali kelas) reads the rapor of its
 * students; the leaders with `rapor.read` (principal, WAKAKUR, ADMIN) read every class of their unit. A subject
 * teacher who is not the homeroom does not, and a student never, until rapors are published (not built yet).
 */
export const raporClassRule: RowRule<'read'> = {
  noun: 'Kelas',
  ...rowsOf('class_groups', 'cg'),
  reach(_exec, actor) {
    if (actor.division === 'STUDENT') return Promise.resolve(never);
    if (!seesOnlyOwnClasses(actor)) return Promise.resolve(null);
    return Promise.resolve(actor.employeeId ? sql`cg.homeroom_employee_id = ${actor.employeeId}` : never);
  },
  denied: (_action, name) => `Hanya wali kelas ${name} yang dapat membuka rapor kelas ini`,
};
