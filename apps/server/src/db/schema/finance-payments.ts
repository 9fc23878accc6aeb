import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { bills, paymentComponents } from './finance.ts';
import { financeAccounts, vouchers } from './finance-books.ts';
import { students, units } from './school.ts';
import { clockStamp } from './columns.ts';

/*
 * Payments at the cashier's counter and through the payment gateway (issue 15). Whole rupiah in `integer`
 * columns. A posted payment is never changed or deleted: a reversal (asked by one person, approved by another
 * with finance.approve) undoes its allocations, its credit and its voucher, and marks it REVERSED.
 */

/** A payment (kwitansi): `KWT/<unit>/<YYYY>/<MM>/<0001>`, numbered per unit and month without gaps. */
export const payments = pgTable(
  'payments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'restrict' }),
    seq: integer().notNull(),
    number: text().notNull().unique(),
    /** the Jakarta date of the server's clock when it was taken */
    date: date({ mode: 'string' }).notNull(),
    method: text({ enum: ['CASH', 'TRANSFER', 'GATEWAY'] }).notNull(),
    /** the money received (integer rupiah > 0) */
    amount: integer().notNull(),
    /** of `amount`, what went to a new credit of the student (an overpayment) */
    creditAdded: integer().notNull().default(0),
    /** the student's credit used by this payment's allocations (besides `amount`) */
    creditUsed: integer().notNull().default(0),
    payerName: text(),
    note: text(),
    cashierUserId: integer().references(() => users.id, { onDelete: 'restrict' }),
    voucherId: integer().references(() => vouchers.id, { onDelete: 'restrict' }),
    /** gateway payments: provider and its reference (unique: a repeated callback changes nothing) */
    provider: text(),
    providerRef: text(),
    status: text({ enum: ['POSTED', 'REVERSAL_REQUESTED', 'REVERSED'] })
      .notNull()
      .default('POSTED'),
    reversalReason: text(),
    reversalRequestedBy: integer().references(() => users.id, { onDelete: 'restrict' }),
    reversalRequestedAt: timestamp({ withTimezone: true }),
    reversalApprovedBy: integer().references(() => users.id, { onDelete: 'restrict' }),
    reversedAt: timestamp({ withTimezone: true }),
    reversalVoucherId: integer().references(() => vouchers.id, { onDelete: 'restrict' }),
    createdAt: clockStamp(),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_uq').on(t.provider, t.providerRef),
    index('payments_student_idx').on(t.studentId),
    index('payments_unit_date_idx').on(t.unitId, t.date),
    check('payments_amount_ck', sql`${t.amount} > 0 and ${t.creditAdded} >= 0 and ${t.creditUsed} >= 0`),
  ],
);

/** What a payment paid of which bill. */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    paymentId: integer()
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    billId: integer()
      .notNull()
      .references(() => bills.id, { onDelete: 'restrict' }),
    amount: integer().notNull(),
  },
  (t) => [
    uniqueIndex('payment_allocations_uq').on(t.paymentId, t.billId),
    index('payment_allocations_bill_idx').on(t.billId),
    check('payment_allocations_amount_ck', sql`${t.amount} > 0`),
  ],
);

/**
 * The student's credit ledger: +amount from an overpayment, -amount used by a later payment's allocation, and the
 * opposite rows when a payment is reversed. The balance (sum) is never negative (checked under a row lock).
 */
export const studentCredits = pgTable(
  'student_credits',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'restrict' }),
    paymentId: integer().references(() => payments.id, { onDelete: 'restrict' }),
    amount: integer().notNull(),
    kind: text({ enum: ['OVERPAYMENT', 'USED', 'REVERSAL'] }).notNull(),
    createdAt: clockStamp(),
  },
  (t) => [index('student_credits_student_idx').on(t.studentId), check('student_credits_ck', sql`${t.amount} <> 0`)],
);

/** The last receipt number per unit and month; its row is locked while a payment is posted. */
export const paymentCounters = pgTable(
  'payment_counters',
  {
    unitId: integer()
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    /** YYYY-MM */
    month: text().notNull(),
    last: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.unitId, t.month] })],
);

/**
 * The income account a component's payments are booked to (one per component), chosen by the treasurer. Without a
 * row the default rule of `resolveIncome` applies (documented in docs/finance-payments.md).
 */
export const componentIncomeAccounts = pgTable('component_income_accounts', {
  componentId: integer()
    .primaryKey()
    .references(() => paymentComponents.id, { onDelete: 'cascade' }),
  accountId: integer()
    .notNull()
    .references(() => financeAccounts.id, { onDelete: 'restrict' }),
});

/** A charge started through the gateway for some open bills: VA number / QRIS payload and provider reference. */
export const gatewayCharges = pgTable(
  'gateway_charges',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    studentId: integer()
      .notNull()
      .references(() => students.id, { onDelete: 'restrict' }),
    provider: text().notNull(),
    providerRef: text().notNull(),
    vaNumber: text(),
    qris: text(),
    amount: integer().notNull(),
    billIds: integer().array().notNull(),
    /** EXPIRED: a callback came after `expiresAt` and was recorded, not paid (a pending one past it reads as expired) */
    status: text({ enum: ['PENDING', 'PAID', 'EXPIRED'] })
      .notNull()
      .default('PENDING'),
    paymentId: integer().references(() => payments.id, { onDelete: 'restrict' }),
    /** after this instant the charge cannot be paid (MMS_GATEWAY_CHARGE_HOURS after it was started, default 24) */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** the user who started it (the student); the gateway payment's vouchers are booked by them */
    createdBy: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: clockStamp(),
  },
  (t) => [uniqueIndex('gateway_charges_ref_uq').on(t.provider, t.providerRef)],
);
