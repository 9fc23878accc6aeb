import { beforeAll, describe } from 'vitest';
import { bills, paymentComponents } from '../../db/schema/index.ts';
import { syncReadCache } from '../../lib/read-cache.ts';
import { NONE, matrixTables, ok, useMatrixFixture, type Row, type Who } from '../access/test-fixtures.ts';

/**
 * The bill rule in the row-access matrix (issue 38, part 1), on the fixture of `access/test-fixtures.ts`. The rows:
 * an SPP bill of the STUDENT (7X), of 7Y's student, of SD's 1Z student.
 */

// a student their own; finance readers (finance.read: TEACHERCASHIER, PRINCIPAL, YAYASAN, ADMIN) the unit's; a
// token without finance.read nothing
const READ: Record<Who, Row> = {
  ...NONE,
  STUDENT: [ok, 403, 403],
  TEACHERCASHIER: [ok, ok, 403],
  PRINCIPAL: [ok, ok, 403],
  YAYASAN: [ok, ok, ok],
  ADMIN: [ok, ok, ok],
};

const fx = useMatrixFixture();
let rows: [number, number, number];

beforeAll(async () => {
  const db = fx.ctx.db;
  const bill = async (unitId: number, studentId: number) => {
    const [component] = await db
      .insert(paymentComponents)
      .values({ unitId, code: `SPP-${studentId}`, name: 'SPP', frequency: 'MONTHLY', defaultAmount: 250_000 })
      .returning();
    const [row] = await db
      .insert(bills)
      .values({
        unitId,
        studentId,
        componentId: component!.id,
        period: '2030-07',
        amount: 250_000,
        dueDate: '2030-07-10',
      })
      .returning({ id: bills.id });
    return row!.id;
  };
  rows = [await bill(fx.smp, fx.students[0]), await bill(fx.smp, fx.students[1]), await bill(fx.sd, fx.students[2])];
  await syncReadCache(db);
});

describe('the bill rule: read x every division x own, other class, other unit', () => {
  matrixTables(fx, { bill: { read: READ } }, () => rows);
});
