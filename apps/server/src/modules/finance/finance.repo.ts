import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { BillQuery, BillStatus } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import {
  academicYears,
  bills,
  classGroups,
  feeRules,
  grades,
  invoiceBills,
  invoices,
  paymentComponents,
  studentDiscounts,
  students,
  units,
} from '../../db/schema/index.ts';
import { escapeLike, offsetOf, sqlNow } from '../../lib/sql.ts';
import { currentClassNameSql, inClassNowSql } from '../school/school.service.ts';

// ---------- components ----------

const componentColumns = {
  id: paymentComponents.id,
  unitId: paymentComponents.unitId,
  code: paymentComponents.code,
  name: paymentComponents.name,
  frequency: paymentComponents.frequency,
  defaultAmount: paymentComponents.defaultAmount,
  dueDay: paymentComponents.dueDay,
  isActive: paymentComponents.isActive,
};
export type ComponentRow = Awaited<ReturnType<typeof findComponent>> & object;

export const listComponents = (exec: Executor, unitId: number | null) =>
  exec
    .select(componentColumns)
    .from(paymentComponents)
    .where(unitId === null ? undefined : eq(paymentComponents.unitId, unitId))
    .orderBy(asc(paymentComponents.unitId), asc(paymentComponents.name));

export const findComponent = async (exec: Executor, id: number) =>
  (await exec.select(componentColumns).from(paymentComponents).where(eq(paymentComponents.id, id)))[0];

export type ComponentValues = typeof paymentComponents.$inferInsert;
export const insertComponent = async (exec: Executor, values: ComponentValues) =>
  (await exec.insert(paymentComponents).values(values).returning({ id: paymentComponents.id }))[0]!.id;
export const updateComponent = (exec: Executor, id: number, values: Partial<ComponentValues>) =>
  exec
    .update(paymentComponents)
    .set({ ...values, updatedAt: sqlNow() })
    .where(eq(paymentComponents.id, id));
export const deleteComponent = (exec: Executor, id: number) =>
  exec.delete(paymentComponents).where(eq(paymentComponents.id, id));

// ---------- fee rules ----------

const ruleColumns = {
  id: feeRules.id,
  componentId: feeRules.componentId,
  componentName: paymentComponents.name,
  unitId: paymentComponents.unitId,
  studentId: feeRules.studentId,
  studentName: students.name,
  gradeId: feeRules.gradeId,
  gradeName: grades.name,
  program: feeRules.program,
  boarding: feeRules.boarding,
  amount: feeRules.amount,
};

function rulesQuery(exec: Executor, where: SQL | undefined) {
  return exec
    .select(ruleColumns)
    .from(feeRules)
    .innerJoin(paymentComponents, eq(paymentComponents.id, feeRules.componentId))
    .leftJoin(students, eq(students.id, feeRules.studentId))
    .leftJoin(grades, eq(grades.id, feeRules.gradeId))
    .where(where)
    .orderBy(asc(paymentComponents.name), asc(feeRules.gradeId), asc(feeRules.program), asc(feeRules.id));
}

export const listRules = (
  exec: Executor,
  f: { unitId: number | null; componentId?: number | undefined; studentId?: number | undefined },
) =>
  rulesQuery(
    exec,
    and(
      f.unitId === null ? undefined : eq(paymentComponents.unitId, f.unitId),
      f.componentId === undefined ? undefined : eq(feeRules.componentId, f.componentId),
      f.studentId === undefined ? undefined : eq(feeRules.studentId, f.studentId),
    ),
  );
export const findRule = async (exec: Executor, id: number) => (await rulesQuery(exec, eq(feeRules.id, id)))[0];

export type RuleValues = typeof feeRules.$inferInsert;
export const insertRule = async (exec: Executor, values: RuleValues) =>
  (await exec.insert(feeRules).values(values).returning({ id: feeRules.id }))[0]!.id;
export const updateRule = (exec: Executor, id: number, values: RuleValues) =>
  exec
    .update(feeRules)
    .set({ ...values, updatedAt: sqlNow() })
    .where(eq(feeRules.id, id));
export const deleteRule = (exec: Executor, id: number) => exec.delete(feeRules).where(eq(feeRules.id, id));

// ---------- discounts ----------

const approver = sql<string | null>`(select u.display_name from users u where u.id = ${studentDiscounts.approvedBy})`;
const discountColumns = {
  id: studentDiscounts.id,
  studentId: studentDiscounts.studentId,
  studentName: students.name,
  unitId: students.unitId,
  componentId: studentDiscounts.componentId,
  componentName: paymentComponents.name,
  kind: studentDiscounts.kind,
  percent: studentDiscounts.percent,
  amount: studentDiscounts.amount,
  reason: studentDiscounts.reason,
  approvedBy: approver,
  approvedAt: sql<
    string | null
  >`to_char(${studentDiscounts.approvedAt} at time zone 'Asia/Jakarta', 'YYYY-MM-DD HH24:MI')`,
};
function discountsQuery(exec: Executor, where: SQL | undefined) {
  return exec
    .select(discountColumns)
    .from(studentDiscounts)
    .innerJoin(students, eq(students.id, studentDiscounts.studentId))
    .leftJoin(paymentComponents, eq(paymentComponents.id, studentDiscounts.componentId))
    .where(where)
    .orderBy(asc(students.name), asc(studentDiscounts.id));
}
export const listDiscounts = (exec: Executor, f: { unitId: number | null; studentId?: number | undefined }) =>
  discountsQuery(
    exec,
    and(
      f.unitId === null ? undefined : eq(students.unitId, f.unitId),
      f.studentId === undefined ? undefined : eq(studentDiscounts.studentId, f.studentId),
    ),
  );
export const findDiscount = async (exec: Executor, id: number) =>
  (await discountsQuery(exec, eq(studentDiscounts.id, id)))[0];
export const insertDiscount = async (exec: Executor, values: typeof studentDiscounts.$inferInsert) =>
  (await exec.insert(studentDiscounts).values(values).returning({ id: studentDiscounts.id }))[0]!.id;
export const approveDiscount = (exec: Executor, id: number, userId: number) =>
  exec
    .update(studentDiscounts)
    .set({ approvedBy: userId, approvedAt: sqlNow(), updatedAt: sqlNow() })
    .where(eq(studentDiscounts.id, id));
export const deleteDiscount = (exec: Executor, id: number) =>
  exec.delete(studentDiscounts).where(eq(studentDiscounts.id, id));

/** The approved discounts of some students that apply to a component (its own or every component). */
export const approvedDiscounts = (exec: Executor, studentIds: number[], componentId: number) =>
  studentIds.length === 0
    ? Promise.resolve([])
    : exec
        .select({
          studentId: studentDiscounts.studentId,
          percent: studentDiscounts.percent,
          amount: studentDiscounts.amount,
        })
        .from(studentDiscounts)
        .where(
          and(
            inArray(studentDiscounts.studentId, studentIds),
            sql`${studentDiscounts.approvedAt} is not null`,
            or(isNull(studentDiscounts.componentId), eq(studentDiscounts.componentId, componentId)),
          ),
        );

// ---------- students ----------

export const findStudent = async (exec: Executor, id: number) =>
  (
    await exec
      .select({ id: students.id, unitId: students.unitId, name: students.name })
      .from(students)
      .where(eq(students.id, id))
  )[0];

export const activeYear = async (exec: Executor) =>
  (await exec.select().from(academicYears).where(eq(academicYears.isActive, true)))[0];

export const findClassGroup = async (exec: Executor, id: number) =>
  (await exec.select().from(classGroups).where(eq(classGroups.id, id)))[0];
export const findGrade = async (exec: Executor, id: number) =>
  (await exec.select().from(grades).where(eq(grades.id, id)))[0];

// ---------- bills ----------

export type BillValues = typeof bills.$inferInsert;

/** Inserts the bills that do not exist yet; the unique key skips the rest, even against a parallel run. */
export async function insertBills(exec: Executor, rows: BillValues[]): Promise<number> {
  let created = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const done = await exec
      .insert(bills)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing()
      .returning({ id: bills.id });
    created += done.length;
  }
  return created;
}

/** How many of the keys already have a bill. */
export async function existingBillKeys(exec: Executor, componentId: number, studentIds: number[], periods: string[]) {
  if (studentIds.length === 0 || periods.length === 0) return new Set<string>();
  const rows = await exec
    .select({ studentId: bills.studentId, period: bills.period, instalment: bills.instalment })
    .from(bills)
    .where(
      and(eq(bills.componentId, componentId), inArray(bills.studentId, studentIds), inArray(bills.period, periods)),
    );
  return new Set(rows.map((r) => `${r.studentId}|${r.period}|${r.instalment}`));
}

const currentClass = currentClassNameSql(sql`${bills.studentId}`);
const billColumns = {
  id: bills.id,
  unitId: bills.unitId,
  studentId: bills.studentId,
  studentName: students.name,
  nis: students.nis,
  className: currentClass,
  componentId: bills.componentId,
  componentName: paymentComponents.name,
  period: bills.period,
  instalment: bills.instalment,
  amount: bills.amount,
  discount: bills.discount,
  paid: bills.paid,
  outstanding: sql<number>`case when ${bills.status} = 'CANCELLED' then 0 else ${bills.amount} - ${bills.discount} - ${bills.paid} end`,
  dueDate: bills.dueDate,
  status: bills.status,
  cancelReason: bills.cancelReason,
};

function billsWhere(unitId: number | null, q: Omit<BillQuery, 'page' | 'pageSize'> & { studentId?: number }) {
  const search = q.q ? `%${escapeLike(q.q)}%` : null;
  return and(
    unitId === null ? undefined : eq(bills.unitId, unitId),
    q.studentId === undefined ? undefined : eq(bills.studentId, q.studentId),
    q.componentId === undefined ? undefined : eq(bills.componentId, q.componentId),
    q.period ? eq(bills.period, q.period) : undefined,
    q.status === undefined ? undefined : eq(bills.status, q.status),
    q.classGroupId === undefined ? undefined : inClassNowSql(sql`${bills.studentId}`, sql`${q.classGroupId}`),
    search ? or(sql`${students.name} ilike ${search}`, sql`${students.nis} ilike ${search}`) : undefined,
  );
}

export async function pageBills(
  exec: Executor,
  unitId: number | null,
  q: Omit<BillQuery, 'page' | 'pageSize'> & { page: number; pageSize: number; studentId?: number },
) {
  const where = billsWhere(unitId, q);
  const [items, [count]] = await Promise.all([
    exec
      .select(billColumns)
      .from(bills)
      .innerJoin(students, eq(students.id, bills.studentId))
      .innerJoin(paymentComponents, eq(paymentComponents.id, bills.componentId))
      .where(where)
      .orderBy(asc(students.name), asc(bills.period), asc(paymentComponents.name), asc(bills.instalment))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    exec
      .select({ n: sql<number>`count(*)::int` })
      .from(bills)
      .innerJoin(students, eq(students.id, bills.studentId))
      .where(where),
  ]);
  return { items, total: count!.n, page: q.page, pageSize: q.pageSize };
}

export const billsOfStudent = (exec: Executor, studentId: number, open: boolean) =>
  exec
    .select(billColumns)
    .from(bills)
    .innerJoin(students, eq(students.id, bills.studentId))
    .innerJoin(paymentComponents, eq(paymentComponents.id, bills.componentId))
    .where(
      and(
        eq(bills.studentId, studentId),
        open ? inArray(bills.status, ['UNPAID', 'PARTIAL'] as BillStatus[]) : undefined,
      ),
    )
    .orderBy(asc(bills.dueDate), asc(paymentComponents.name), asc(bills.instalment));

export const findBill = async (exec: Executor, id: number, lock = false) => {
  const q = exec.select().from(bills).where(eq(bills.id, id));
  return (await (lock ? q.for('update') : q))[0];
};
export const cancelBill = (exec: Executor, id: number, reason: string, userId: number) =>
  exec
    .update(bills)
    .set({
      status: 'CANCELLED',
      cancelReason: reason,
      cancelledBy: userId,
      cancelledAt: sqlNow(),
      updatedAt: sqlNow(),
    })
    .where(eq(bills.id, id));

// ---------- invoices ----------

export async function insertInvoice(
  exec: Executor,
  values: { unitId: number; studentId: number; dueDate: string; createdBy: number; prefix: string },
  billIds: number[],
) {
  const [row] = await exec
    .insert(invoices)
    .values({
      ...values,
      number: sql`${values.prefix} || lpad(currval(pg_get_serial_sequence('invoices', 'id'))::text, 5, '0')`,
    })
    .returning({ id: invoices.id });
  await exec.insert(invoiceBills).values(billIds.map((billId) => ({ invoiceId: row!.id, billId })));
  return row!.id;
}

export const findInvoice = async (exec: Executor, id: number) =>
  (
    await exec
      .select({
        id: invoices.id,
        number: invoices.number,
        unitId: invoices.unitId,
        unitName: units.name,
        studentId: invoices.studentId,
        studentName: students.name,
        nis: students.nis,
        dueDate: invoices.dueDate,
        createdAt: sql<string>`to_char(${invoices.createdAt} at time zone 'Asia/Jakarta', 'YYYY-MM-DD')`,
      })
      .from(invoices)
      .innerJoin(students, eq(students.id, invoices.studentId))
      .innerJoin(units, eq(units.id, invoices.unitId))
      .where(eq(invoices.id, id))
  )[0];

export const billsOfInvoice = (exec: Executor, invoiceId: number) =>
  exec
    .select(billColumns)
    .from(invoiceBills)
    .innerJoin(bills, eq(bills.id, invoiceBills.billId))
    .innerJoin(students, eq(students.id, bills.studentId))
    .innerJoin(paymentComponents, eq(paymentComponents.id, bills.componentId))
    .where(eq(invoiceBills.invoiceId, invoiceId))
    .orderBy(asc(bills.dueDate), asc(paymentComponents.name), asc(bills.instalment));

export const invoicesOfStudent = (exec: Executor, studentId: number) =>
  exec
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.studentId, studentId))
    .orderBy(sql`${invoices.id} desc`);

export const unitCode = async (exec: Executor, unitId: number) =>
  (await exec.select({ code: units.code }).from(units).where(eq(units.id, unitId)))[0]?.code ?? 'U';
