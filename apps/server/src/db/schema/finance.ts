import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { grades, students, units } from './school.ts';
import { clockStamp } from './columns.ts';

/*
 * Fees and bills (issue 15). Money is whole rupiah in `integer` columns (up to Rp 2.147.483.647 a row):
 * never numeric, real or double, so no fraction can enter the money path.
 */

const timestamps = {
  createdAt: clockStamp(),
  updatedAt: clockStamp(),
};

/** A payment component of a unit (SPP, uang pangkal, daftar ulang...): how often it is billed and its default fee. */
export const paymentComponents = pgTable(
  'payment_components',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    code: text().notNull(),
    name: text().notNull(),
    frequency: text({ enum: ['MONTHLY', 'YEARLY', 'ONCE'] }).notNull(),
    /** the unit's fee when no more specific rule applies */
    defaultAmount: integer().notNull(),
    /** day of the month a monthly bill falls due (SPP by the 10th) */
    dueDay: integer().notNull().default(10),
    isActive: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payment_components_unit_code_uq').on(t.unitId, sql`lower(${t.code})`),
    check('payment_components_amount_ck', sql`${t.defaultAmount} >= 0`),
    check('payment_components_due_day_ck', sql`${t.dueDay} between 1 and 28`),
  ],
);

/**
 * A fee of a component for some of its students: one student, or a grade and/or program (jurusan), and
 * mukim or day students. The most specific matching rule wins (`resolveFee` in shared money.ts).
 */
export const feeRules = pgTable(
  'fee_rules',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    componentId: integer()
      .notNull()
      .references(() => paymentComponents.id, { onDelete: 'cascade' }),
    studentId: integer().references(() => students.id, { onDelete: 'cascade' }),
    gradeId: integer().references(() => grades.id, { onDelete: 'cascade' }),
    program: text(),
    boarding: text({ enum: ['MUKIM', 'NON_MUKIM'] }),
    amount: integer().notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('fee_rules_scope_uq').on(
      t.componentId,
      sql`coalesce(${t.studentId}, 0)`,
      sql`coalesce(${t.gradeId}, 0)`,
      sql`coalesce(lower(${t.program}), '')`,
      sql`coalesce(${t.boarding}, '')`,
    ),
    check('fee_rules_amount_ck', sql`${t.amount} >= 0`),
  ],
);

/**
 * A discount or scholarship of a student (yatim-piatu, sibling, teacher's child...): a percent or an amount,
 * on one component or all; it applies to bills only once approved.
 */
export const studentDiscounts = pgTable(
  'student_discounts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    componentId: integer().references(() => paymentComponents.id, { onDelete: 'cascade' }),
    kind: text({
      enum: ['YATIM_PIATU', 'YATIM', 'PIATU', 'SIBLING', 'TEACHER_CHILD', 'LOW_INCOME', 'OTHER'],
    }).notNull(),
    percent: integer(),
    amount: integer(),
    reason: text().notNull(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    approvedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('student_discounts_student_idx').on(t.studentId),
    check(
      'student_discounts_value_ck',
      sql`(${t.percent} is null) <> (${t.amount} is null) and coalesce(${t.percent}, 0) between 0 and 100 and coalesce(${t.amount}, 0) >= 0`,
    ),
  ],
);

/**
 * One bill of a student for a component and period: `YYYY-MM` (monthly), the tapel `2026/2027` (yearly)
 * or `ONCE`, split into numbered instalments for one-time fees. The unique key makes generating twice,
 * even at once, a no-op. `paid` is kept by the payments of a later session.
 */
export const bills = pgTable(
  'bills',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    componentId: integer()
      .notNull()
      .references(() => paymentComponents.id, { onDelete: 'restrict' }),
    period: text().notNull(),
    instalment: integer().notNull().default(1),
    amount: integer().notNull(),
    discount: integer().notNull().default(0),
    paid: integer().notNull().default(0),
    dueDate: date({ mode: 'string' }).notNull(),
    status: text({ enum: ['UNPAID', 'PARTIAL', 'PAID', 'CANCELLED'] })
      .notNull()
      .default('UNPAID'),
    cancelReason: text(),
    cancelledBy: integer().references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('bills_student_component_period_uq').on(t.studentId, t.componentId, t.period, t.instalment),
    index('bills_unit_period_idx').on(t.unitId, t.period),
    index('bills_status_idx').on(t.status),
    check('bills_amounts_ck', sql`${t.amount} >= 0 and ${t.discount} between 0 and ${t.amount} and ${t.paid} >= 0`),
  ],
);

/** An invoice: a student's open bills grouped under a number and a due date, printed or shared. */
export const invoices = pgTable(
  'invoices',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    number: text().notNull().unique(),
    dueDate: date({ mode: 'string' }).notNull(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('invoices_student_idx').on(t.studentId)],
);

export const invoiceBills = pgTable(
  'invoice_bills',
  {
    invoiceId: integer()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    billId: integer()
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('invoice_bills_uq').on(t.invoiceId, t.billId), index('invoice_bills_bill_idx').on(t.billId)],
);
