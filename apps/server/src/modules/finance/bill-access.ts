import { sql } from 'drizzle-orm';
import { userCan } from '../../lib/scope.ts';
import { never, rowsOf, type RowRule } from '../access/row-rule.ts';
import { ownStudent } from '../school/class-access.ts';

/**
 * The bill rule (a student's bill, of the student's unit; an invoice and a payment are read by their bills).
 * `read`: a student only their own bills (their account's student, or the student row linked to their user);
 * finance readers (`finance.read`: TEACHERCASHIER, PRINCIPAL, YAYASAN, ADMIN) the unit's; no one else.
 */
export const billRule: RowRule<'read'> = {
  noun: 'Tagihan',
  ...rowsOf('bills', 'b', { label: 'period' }),
  reach(_exec, actor) {
    if (actor.division === 'STUDENT') {
      return Promise.resolve(sql`b.student_id = ${ownStudent(actor)}`);
    }
    return Promise.resolve(userCan(actor, 'finance.read') ? null : never);
  },
  denied: () => 'Anda tidak berhak melakukan tindakan ini',
  // a student hears the same of another unit's bill as of another student's
  unitDenied: (_action, actor) => (actor.division === 'STUDENT' ? 'reach' : 'unit'),
};
