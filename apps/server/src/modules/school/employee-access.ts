import { sql } from 'drizzle-orm';
import { userCan } from '../../lib/scope.ts';
import { never, rowsOf, type RowRule } from '../access/row-rule.ts';

/**
 * The employee rule (an employee's record). `read`: the unit's employees, every unit's for YAYASAN and ADMIN,
 * and foundation-wide staff (of no unit) for everyone allowed to read employees. `change` (the record, its
 * account): holders of school.employee.manage, their unit's employees; foundation-wide staff only for those who
 * see every unit (YAYASAN, ADMIN), as for a new employee of no unit.
 */
export const employeeRule: RowRule<'read' | 'change'> = {
  noun: 'Pegawai',
  ...rowsOf('employees', 'e'),
  everyUnit: () => sql`e.unit_id is null`,
  reach(_exec, actor, action) {
    if (action === 'read') return Promise.resolve(null);
    if (!userCan(actor, 'school.employee.manage')) return Promise.resolve(never);
    return Promise.resolve(actor.allUnits ? null : sql`e.unit_id is not null`);
  },
  denied: (_action, _label, actor) =>
    userCan(actor, 'school.employee.manage')
      ? 'Pegawai tanpa unit hanya dapat diatur oleh YAYASAN atau ADMIN'
      : 'Anda tidak berhak mengubah data pegawai',
};
