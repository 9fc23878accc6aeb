import { beforeAll, describe } from 'vitest';
import { employees } from '../../db/schema/index.ts';
import {
  NONE,
  UNIT_BUT_STUDENT_OWN,
  matrixTables,
  ok,
  useMatrixFixture,
  type ExpectedTables,
} from '../access/test-fixtures.ts';

/**
 * The row-access matrix of the employee kind (issue 38, part 1), on the fixture of access/test-fixtures.ts. An
 * employee has no class: the rows are TEACHER's own record (unit SMP), a foundation-wide employee (of no unit) in
 * the middle, and an employee of the other unit (SD).
 */
const EXPECTED: ExpectedTables = {
  employee: {
    // the unit's and the foundation-wide staff; YAYASAN and ADMIN every unit's (the route keeps students out)
    read: { ...UNIT_BUT_STUDENT_OWN, STUDENT: [ok, ok, 403] },
    // school.employee.manage (PRINCIPAL, WAKAKUR, ADMIN) their unit's; foundation-wide staff only ADMIN
    change: { ...NONE, PRINCIPAL: [ok, 403, 403], WAKAKUR: [ok, 403, 403], ADMIN: [ok, ok, ok] },
  },
};

const fx = useMatrixFixture();
let rows: readonly [number, number, number];

beforeAll(async () => {
  const [foundation, sd] = await fx.ctx.db
    .insert(employees)
    .values([
      { nip: 'M-YAYASAN', name: 'Staf yayasan', unitId: null },
      { nip: 'M-SD', name: 'Guru SD', unitId: fx.sd },
    ])
    .returning({ id: employees.id });
  rows = [fx.signedIn.get('TEACHER')!.employeeId!, foundation!.id, sd!.id];
});

describe('the row-access matrix of the employee kind: every action x every division x own unit, no unit, other unit', () => {
  matrixTables(fx, EXPECTED, () => rows);
});
