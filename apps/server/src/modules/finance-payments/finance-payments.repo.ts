import { and, asc, desc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PaymentMethod, PaymentStatus } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import {
  academicYears,
  bills,
  componentIncomeAccounts,
  financeAccounts,
  gatewayCharges,
  paymentAllocations,
  paymentComponents,
  paymentCounters,
  payments,
  studentCredits,
  students,
  units,
  users,
  vouchers,
} from '../../db/schema/index.ts';
import { escapeLike, offsetOf, sqlNow } from '../../lib/sql.ts';
import { currentClassNameSql } from '../school/school.service.ts';

/** The student's current class; `studentId` is a qualified column (drizzle leaves the table off in one-table selects). */
const classOf = (studentId: '"students"."id"' | '"payments"."student_id"') => currentClassNameSql(sql.raw(studentId));

// ---------- students and their bills ----------

export async function searchStudents(exec: Executor, unitId: number | null, q: string) {
  const like = `%${escapeLike(q)}%`;
  return exec
    .select({ id: students.id, name: students.name, nis: students.nis, className: classOf('"students"."id"') })
    .from(students)
    .where(
      and(
        unitId === null ? undefined : eq(students.unitId, unitId),
        eq(students.status, 'ACTIVE'),
        or(sql`${students.name} ilike ${like}`, sql`${students.nis} ilike ${like}`),
      ),
    )
    .orderBy(asc(students.name))
    .limit(20);
}

export const findStudent = async (exec: Executor, id: number) =>
  (
    await exec
      .select({
        id: students.id,
        name: students.name,
        nis: students.nis,
        unitId: students.unitId,
        userId: students.userId,
        className: classOf('"students"."id"'),
      })
      .from(students)
      .where(eq(students.id, id))
  )[0];

/** Locks the student's row: payments and reversals of one student (and their credit) run one at a time. */
export async function lockStudent(exec: Executor, id: number) {
  await exec.execute(sql`select id from students where id = ${id} for no key update`);
}

const openBillColumns = {
  id: bills.id,
  componentId: bills.componentId,
  componentName: paymentComponents.name,
  period: bills.period,
  instalment: bills.instalment,
  dueDate: bills.dueDate,
  amount: bills.amount,
  discount: bills.discount,
  paid: bills.paid,
  outstanding: sql<number>`case when ${bills.status} = 'CANCELLED' then 0 else ${bills.amount} - ${bills.discount} - ${bills.paid} end`,
  status: bills.status,
};

/** The student's bills (open ones only, or all), oldest due first. */
export const billsOfStudent = (exec: Executor, studentId: number, open: boolean) =>
  exec
    .select(openBillColumns)
    .from(bills)
    .innerJoin(paymentComponents, eq(paymentComponents.id, bills.componentId))
    .where(
      and(eq(bills.studentId, studentId), open ? inArray(bills.status, ['UNPAID', 'PARTIAL'] as const) : undefined),
    )
    .orderBy(asc(bills.dueDate), asc(bills.period), asc(bills.id));

/** Locks bills (in id order, so two transactions never wait on each other crosswise). */
export async function lockBills(exec: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return exec.select().from(bills).where(inArray(bills.id, ids)).orderBy(asc(bills.id)).for('update');
}

export async function lockOpenBillsOf(exec: Executor, studentId: number) {
  return exec
    .select()
    .from(bills)
    .where(and(eq(bills.studentId, studentId), inArray(bills.status, ['UNPAID', 'PARTIAL'] as const)))
    .orderBy(asc(bills.id))
    .for('update');
}

export const setBillPaid = (exec: Executor, id: number, paid: number, status: 'UNPAID' | 'PARTIAL' | 'PAID') =>
  exec.update(bills).set({ paid, status, updatedAt: sqlNow() }).where(eq(bills.id, id));

export async function creditBalance(exec: Executor, studentId: number) {
  const [row] = await exec
    .select({ n: sql<number>`coalesce(sum(${studentCredits.amount}), 0)::int` })
    .from(studentCredits)
    .where(eq(studentCredits.studentId, studentId));
  return row!.n;
}

export const insertCredit = (
  exec: Executor,
  v: { studentId: number; paymentId: number; amount: number; kind: 'OVERPAYMENT' | 'USED' | 'REVERSAL' },
) => exec.insert(studentCredits).values(v);

// ---------- accounts ----------

/** The unit's first active account of a kind (by code): its cash box, its bank, its liability for credits. */
export const firstAccount = async (exec: Executor, unitId: number, kind: string) =>
  (
    await exec
      .select({ id: financeAccounts.id })
      .from(financeAccounts)
      .where(and(eq(financeAccounts.unitId, unitId), eq(financeAccounts.kind, kind), eq(financeAccounts.active, true)))
      .orderBy(asc(financeAccounts.code))
      .limit(1)
  )[0]?.id;

export const incomeAccounts = (exec: Executor, unitId: number) =>
  exec
    .select({ id: financeAccounts.id, code: financeAccounts.code, name: financeAccounts.name })
    .from(financeAccounts)
    .where(
      and(eq(financeAccounts.unitId, unitId), eq(financeAccounts.kind, 'INCOME'), eq(financeAccounts.active, true)),
    )
    .orderBy(asc(financeAccounts.code));

export const mappedIncome = (exec: Executor, componentIds: number[]) =>
  componentIds.length === 0
    ? Promise.resolve([])
    : exec
        .select({ componentId: componentIncomeAccounts.componentId, accountId: componentIncomeAccounts.accountId })
        .from(componentIncomeAccounts)
        .where(inArray(componentIncomeAccounts.componentId, componentIds));

export const componentNames = (exec: Executor, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : exec
        .select({ id: paymentComponents.id, name: paymentComponents.name, code: paymentComponents.code })
        .from(paymentComponents)
        .where(inArray(paymentComponents.id, ids));

// ---------- payments ----------

export async function nextSeq(exec: Executor, unitId: number, month: string): Promise<number> {
  const [row] = await exec
    .insert(paymentCounters)
    .values({ unitId, month, last: 1 })
    .onConflictDoUpdate({
      target: [paymentCounters.unitId, paymentCounters.month],
      set: { last: sql`${paymentCounters.last} + 1` },
    })
    .returning({ last: paymentCounters.last });
  return row!.last;
}

export const unitCode = async (exec: Executor, unitId: number) =>
  (await exec.select({ code: units.code, name: units.name }).from(units).where(eq(units.id, unitId)))[0]!;

export async function insertPayment(exec: Executor, values: typeof payments.$inferInsert) {
  const [row] = await exec.insert(payments).values(values).returning({ id: payments.id });
  return row!.id;
}

export const insertAllocations = (exec: Executor, rows: { paymentId: number; billId: number; amount: number }[]) =>
  rows.length === 0 ? Promise.resolve() : exec.insert(paymentAllocations).values(rows);

export const updatePayment = (exec: Executor, id: number, values: Partial<typeof payments.$inferInsert>) =>
  exec.update(payments).set(values).where(eq(payments.id, id));

export const lockPayment = async (exec: Executor, id: number) =>
  (await exec.select().from(payments).where(eq(payments.id, id)).for('update'))[0];

export const allocationsOfPayment = (exec: Executor, paymentId: number) =>
  exec.select().from(paymentAllocations).where(eq(paymentAllocations.paymentId, paymentId));

/** The vouchers a payment (or its reversal) posted: `source` = `payment:<id>` / `payment-reversal:<id>`. */
export const vouchersBySource = (exec: Executor, source: string) =>
  exec
    .select({
      id: vouchers.id,
      number: vouchers.number,
      type: vouchers.type,
      amount: vouchers.amount,
      accountId: vouchers.accountId,
      moneyAccountId: vouchers.moneyAccountId,
    })
    .from(vouchers)
    .where(eq(vouchers.source, source))
    .orderBy(asc(vouchers.id));

const cashier = alias(users, 'cashier');
const asker = alias(users, 'asker');
const approver = alias(users, 'approver');

const paymentColumns = {
  id: payments.id,
  unitId: payments.unitId,
  number: payments.number,
  date: payments.date,
  studentId: payments.studentId,
  studentName: students.name,
  nis: students.nis,
  className: classOf('"payments"."student_id"'),
  method: payments.method,
  amount: payments.amount,
  creditAdded: payments.creditAdded,
  creditUsed: payments.creditUsed,
  payerName: payments.payerName,
  note: payments.note,
  cashierName: cashier.displayName,
  status: payments.status,
  reversalReason: payments.reversalReason,
  reversalRequestedBy: asker.displayName,
  reversalRequestedById: payments.reversalRequestedBy,
  reversalApprovedBy: approver.displayName,
  reversedAt: payments.reversedAt,
  createdAt: payments.createdAt,
};
export type PaymentRow = Awaited<ReturnType<typeof findPayment>> & {};

function paymentQuery(exec: Executor) {
  return exec
    .select(paymentColumns)
    .from(payments)
    .innerJoin(students, eq(students.id, payments.studentId))
    .leftJoin(cashier, eq(cashier.id, payments.cashierUserId))
    .leftJoin(asker, eq(asker.id, payments.reversalRequestedBy))
    .leftJoin(approver, eq(approver.id, payments.reversalApprovedBy));
}

export const findPayment = async (exec: Executor, id: number) =>
  (await paymentQuery(exec).where(eq(payments.id, id)))[0];

export interface PaymentFilter {
  unitId: number | null;
  studentId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  method?: PaymentMethod | undefined;
  cashierId?: number | undefined;
  status?: PaymentStatus | undefined;
  q?: string | undefined;
}

function paymentWhere(f: PaymentFilter) {
  const like = f.q ? `%${escapeLike(f.q)}%` : null;
  return and(
    f.unitId === null ? undefined : eq(payments.unitId, f.unitId),
    f.studentId === undefined ? undefined : eq(payments.studentId, f.studentId),
    f.from ? gte(payments.date, f.from) : undefined,
    f.to ? lte(payments.date, f.to) : undefined,
    f.method ? eq(payments.method, f.method) : undefined,
    f.cashierId === undefined ? undefined : eq(payments.cashierUserId, f.cashierId),
    f.status ? eq(payments.status, f.status) : undefined,
    like
      ? or(
          sql`${students.name} ilike ${like}`,
          sql`${students.nis} ilike ${like}`,
          sql`${payments.number} ilike ${like}`,
        )
      : undefined,
  );
}

export async function listPayments(exec: Executor, f: PaymentFilter, page: number, pageSize: number) {
  const where = paymentWhere(f);
  const [items, [count]] = await Promise.all([
    paymentQuery(exec)
      .where(where)
      .orderBy(desc(payments.date), desc(payments.id))
      .limit(pageSize)
      .offset(offsetOf({ page, pageSize })),
    exec
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .innerJoin(students, eq(students.id, payments.studentId))
      .where(where),
  ]);
  return { items, total: count!.n };
}

export const allocationDetails = (exec: Executor, paymentIds: number[]) =>
  paymentIds.length === 0
    ? Promise.resolve([])
    : exec
        .select({
          paymentId: paymentAllocations.paymentId,
          billId: paymentAllocations.billId,
          componentName: paymentComponents.name,
          period: bills.period,
          amount: paymentAllocations.amount,
        })
        .from(paymentAllocations)
        .innerJoin(bills, eq(bills.id, paymentAllocations.billId))
        .innerJoin(paymentComponents, eq(paymentComponents.id, bills.componentId))
        .where(inArray(paymentAllocations.paymentId, paymentIds))
        .orderBy(asc(bills.dueDate), asc(bills.id));

export const voucherNumbersOf = (exec: Executor, paymentIds: number[]) =>
  paymentIds.length === 0
    ? Promise.resolve([])
    : exec
        .select({ source: vouchers.source, number: vouchers.number })
        .from(vouchers)
        .where(
          inArray(
            vouchers.source,
            paymentIds.map((id) => `payment:${id}`),
          ),
        )
        .orderBy(asc(vouchers.id));

// ---------- receipt recap ----------

export const yearOf = async (exec: Executor, date: string) =>
  (
    await exec
      .select({ name: academicYears.name, startDate: academicYears.startDate })
      .from(academicYears)
      .where(and(lte(academicYears.startDate, date), gte(academicYears.endDate, date)))
      .limit(1)
  )[0];

/** The monthly component a recap shows: the unit's SPP, else its first monthly component. */
export const recapComponent = async (exec: Executor, unitId: number) =>
  (
    await exec
      .select({ id: paymentComponents.id, name: paymentComponents.name })
      .from(paymentComponents)
      .where(and(eq(paymentComponents.unitId, unitId), eq(paymentComponents.frequency, 'MONTHLY')))
      .orderBy(sql`case when lower(${paymentComponents.code}) = 'spp' then 0 else 1 end`, asc(paymentComponents.id))
      .limit(1)
  )[0];

export const monthlyBills = (exec: Executor, studentId: number, componentId: number, months: string[]) =>
  exec
    .select({ period: bills.period, amount: bills.amount, discount: bills.discount, paid: bills.paid })
    .from(bills)
    .where(
      and(
        eq(bills.studentId, studentId),
        eq(bills.componentId, componentId),
        inArray(bills.period, months),
        sql`${bills.status} <> 'CANCELLED'`,
      ),
    );

// ---------- gateway charges ----------

export async function insertCharge(exec: Executor, values: typeof gatewayCharges.$inferInsert) {
  const [row] = await exec.insert(gatewayCharges).values(values).returning();
  return row!;
}
export const updateCharge = (exec: Executor, id: number, values: Partial<typeof gatewayCharges.$inferInsert>) =>
  exec.update(gatewayCharges).set(values).where(eq(gatewayCharges.id, id));
export const lockChargeByRef = async (exec: Executor, provider: string, ref: string) =>
  (
    await exec
      .select()
      .from(gatewayCharges)
      .where(and(eq(gatewayCharges.provider, provider), eq(gatewayCharges.providerRef, ref)))
      .for('update')
  )[0];
export const findCharge = async (exec: Executor, id: number) =>
  (await exec.select().from(gatewayCharges).where(eq(gatewayCharges.id, id)))[0];
export const chargesOfStudent = (exec: Executor, studentId: number) =>
  exec
    .select()
    .from(gatewayCharges)
    .where(eq(gatewayCharges.studentId, studentId))
    .orderBy(desc(gatewayCharges.id))
    .limit(20);

/** The unit's payment components (active first, then by code) with their mapped income account, if any. */
export const componentsWithMapping = (exec: Executor, unitId: number) =>
  exec
    .select({
      componentId: paymentComponents.id,
      code: paymentComponents.code,
      name: paymentComponents.name,
      isActive: paymentComponents.isActive,
      mappedAccountId: componentIncomeAccounts.accountId,
    })
    .from(paymentComponents)
    .leftJoin(componentIncomeAccounts, eq(componentIncomeAccounts.componentId, paymentComponents.id))
    .where(eq(paymentComponents.unitId, unitId))
    .orderBy(desc(paymentComponents.isActive), asc(paymentComponents.code));

/** The component's row locked for the rest of the transaction (its mapping is being changed). */
export const lockComponent = async (exec: Executor, id: number) =>
  (
    await exec
      .select({ id: paymentComponents.id, unitId: paymentComponents.unitId, name: paymentComponents.name })
      .from(paymentComponents)
      .where(eq(paymentComponents.id, id))
      .for('update')
  )[0];

export const findAccount = async (exec: Executor, id: number) =>
  (await exec.select().from(financeAccounts).where(eq(financeAccounts.id, id)))[0];

export async function setComponentIncome(exec: Executor, componentId: number, accountId: number | null) {
  if (accountId === null) {
    await exec.delete(componentIncomeAccounts).where(eq(componentIncomeAccounts.componentId, componentId));
    return;
  }
  await exec
    .insert(componentIncomeAccounts)
    .values({ componentId, accountId })
    .onConflictDoUpdate({ target: componentIncomeAccounts.componentId, set: { accountId } });
}
