import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  academicYears,
  auditLog,
  bills,
  classGroups,
  paymentComponents,
  studentDiscounts,
  students,
} from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { attendanceFixture } from '../attendance/test-fixtures.ts';

/* Enrolling a student in a class of the active year bills them from their entry month to now (issue 15). */

let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let wakakur: Session;
const comp = { spp: 0, keg: 0, pangkal: 0, old: 0 };
let n = 0;

const newStudent = async (entryDate: string | null) => {
  const [s] = await ctx.db
    .insert(students)
    .values({ unitId: f.unitId, nis: `B${++n}`, name: `Baru ${n}`, entryDate })
    .returning();
  return s!.id;
};
const billsOf = (studentId: number) =>
  ctx.db
    .select({
      componentId: bills.componentId,
      period: bills.period,
      amount: bills.amount,
      discount: bills.discount,
      dueDate: bills.dueDate,
    })
    .from(bills)
    .where(eq(bills.studentId, studentId))
    .orderBy(bills.componentId, bills.period);
const enrol = (studentIds: number[], classGroupId = f.classA.id) =>
  ctx.call(wakakur, 'POST', '/api/v1/enrollments', { classGroupId, studentIds });

beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx); // clock 18 November 2026, tapel 2026/2027 active
  wakakur = await ctx.as('WAKAKUR');
  const rows = await ctx.db
    .insert(paymentComponents)
    .values([
      { unitId: f.unitId, code: 'SPP', name: 'SPP', frequency: 'MONTHLY', defaultAmount: 350_000, dueDay: 10 },
      { unitId: f.unitId, code: 'KEG', name: 'Kegiatan', frequency: 'YEARLY', defaultAmount: 500_000 },
      { unitId: f.unitId, code: 'PANGKAL', name: 'Uang pangkal', frequency: 'ONCE', defaultAmount: 5_000_000 },
      { unitId: f.unitId, code: 'LAMA', name: 'Lama', frequency: 'MONTHLY', defaultAmount: 1, isActive: false },
    ])
    .returning();
  [comp.spp, comp.keg, comp.pangkal, comp.old] = rows.map((r) => r.id) as [number, number, number, number];
});
afterAll(() => ctx.close());

describe('bills on enrolment', () => {
  it('bills the active monthly components from the entry month to now and the yearly ones, not one-time fees', async () => {
    const id = await newStudent('2026-09-15');
    const res = await enrol([id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await billsOf(id)).toEqual([
      { componentId: comp.spp, period: '2026-09', amount: 350_000, discount: 0, dueDate: '2026-09-10' },
      { componentId: comp.spp, period: '2026-10', amount: 350_000, discount: 0, dueDate: '2026-10-10' },
      { componentId: comp.spp, period: '2026-11', amount: 350_000, discount: 0, dueDate: '2026-11-10' },
      { componentId: comp.keg, period: '2026/2027', amount: 500_000, discount: 0, dueDate: '2026-11-18' },
    ]);
    const [logged] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.action, 'finance.bills.enrolment'));
    expect(logged!.n).toBe(1);
  });

  it('bills a student without an entry date from the month of enrolment, with their approved discount', async () => {
    const id = await newStudent(null);
    await ctx.db.insert(studentDiscounts).values({
      studentId: id,
      componentId: comp.spp,
      kind: 'YATIM',
      percent: 50,
      reason: 'yatim',
      approvedAt: new Date(),
    });
    expect((await enrol([id], f.classB.id)).statusCode).toBe(200);
    expect((await billsOf(id)).map((b) => [b.period, b.amount, b.discount])).toEqual([
      ['2026-11', 350_000, 175_000],
      ['2026/2027', 500_000, 0],
    ]);
  });

  it('never duplicates a bill that exists and keeps it as it was', async () => {
    const id = await newStudent('2026-10-01');
    await ctx.db.insert(bills).values({
      unitId: f.unitId,
      studentId: id,
      componentId: comp.spp,
      period: '2026-10',
      amount: 300_000,
      dueDate: '2026-10-10',
    });
    expect((await enrol([id])).statusCode).toBe(200);
    expect((await billsOf(id)).map((b) => [b.period, b.amount])).toEqual([
      ['2026-10', 300_000],
      ['2026-11', 350_000],
      ['2026/2027', 500_000],
    ]);
  });

  it('bills nobody when the enrolment is refused, or the class is not of the active year', async () => {
    const id = await newStudent('2026-07-01');
    // already enrolled this year: the second enrolment is refused and makes no bill
    expect((await enrol([id])).statusCode).toBe(200);
    const before = (await billsOf(id)).length;
    expect(before).toBe(6); // Jul..Nov + KEG
    expect((await enrol([id], f.classB.id)).statusCode).toBe(409);
    expect((await billsOf(id)).length).toBe(before);

    const [next] = await ctx.db
      .insert(academicYears)
      .values({ name: '2027/2028', startDate: '2027-07-01', endDate: '2028-06-30', isActive: false })
      .returning();
    const [cls] = await ctx.db
      .insert(classGroups)
      .values({ unitId: f.unitId, academicYearId: next!.id, gradeId: f.classA.gradeId, name: '8A' })
      .returning();
    const later = await newStudent(null);
    expect((await enrol([later], cls!.id)).statusCode).toBe(200);
    expect(await billsOf(later)).toEqual([]);
    const [none] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(bills)
      .where(and(eq(bills.componentId, comp.pangkal)));
    expect(none!.n).toBe(0);
  });
});
