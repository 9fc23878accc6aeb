import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, date } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { vouchers } from './finance-books.ts';
import { employees, timetableSlots, units } from './school.ts';
import { clockStamp } from './columns.ts';

const timestamps = {
  createdAt: clockStamp(),
  updatedAt: clockStamp(),
};

/**
 * Bisyaroh rates of a position (jabatan, as written on `employees.position`) or of one employee, valid from a month
 * (YYYY-MM) until the next row of the same position or employee. Integer rupiah; allowances are named lines.
 */
export const bisyarohRates = pgTable(
  'bisyaroh_rates',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id),
    position: text(),
    employeeId: integer().references(() => employees.id, { onDelete: 'cascade' }),
    validFrom: text().notNull(),
    perJp: integer().notNull().default(0),
    perDay: integer().notNull().default(0),
    onTimePerDay: integer().notNull().default(0),
    transportPerDay: integer().notNull().default(0),
    absencePerDay: integer().notNull().default(0),
    allowances: jsonb().$type<{ name: string; amount: number }[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [
    check('bisyaroh_rates_subject_ck', sql`(${t.position} is null) <> (${t.employeeId} is null)`),
    uniqueIndex('bisyaroh_rates_position_uq')
      .on(t.unitId, sql`lower(${t.position})`, t.validFrom)
      .where(sql`${t.position} is not null`),
    uniqueIndex('bisyaroh_rates_employee_uq')
      .on(t.employeeId, t.validFrom)
      .where(sql`${t.employeeId} is not null`),
  ],
);

/** A loan of an employee paid back by an instalment deducted from each month's bisyaroh from `startMonth`. */
export const bisyarohLoans = pgTable(
  'bisyaroh_loans',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id),
    employeeId: integer()
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    principal: integer().notNull(),
    instalment: integer().notNull(),
    startMonth: text().notNull(),
    ...timestamps,
  },
  (t) => [index('bisyaroh_loans_employee_idx').on(t.employeeId)],
);

/** The bisyaroh process of one unit and month: OPEN (computed again at will) -> LOCKED (never changed) -> paid. */
export const bisyarohMonths = pgTable(
  'bisyaroh_months',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id),
    month: text().notNull(),
    status: text({ enum: ['OPEN', 'LOCKED'] })
      .notNull()
      .default('OPEN'),
    computedAt: timestamp({ withTimezone: true }),
    lockedAt: timestamp({ withTimezone: true }),
    lockedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    paidAt: timestamp({ withTimezone: true }),
    voucherId: integer().references(() => vouchers.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('bisyaroh_months_unit_month_uq').on(t.unitId, t.month),
    uniqueIndex('bisyaroh_months_voucher_uq').on(t.voucherId),
  ],
);

/** One employee's slip of a month. */
export const bisyarohSlips = pgTable(
  'bisyaroh_slips',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    monthId: integer()
      .notNull()
      .references(() => bisyarohMonths.id, { onDelete: 'cascade' }),
    employeeId: integer()
      .notNull()
      .references(() => employees.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('bisyaroh_slips_month_employee_uq').on(t.monthId, t.employeeId),
    index('bisyaroh_slips_employee_idx').on(t.employeeId),
  ],
);

/**
 * A line of a slip, integer rupiah (a deduction is negative). Computed lines are replaced when an open month is
 * computed again; ADJUSTMENT and CORRECTION lines (with their reason) are kept.
 */
export const bisyarohLines = pgTable(
  'bisyaroh_lines',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    slipId: integer()
      .notNull()
      .references(() => bisyarohSlips.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    label: text().notNull(),
    quantity: integer().notNull().default(1),
    rate: integer().notNull().default(0),
    amount: integer().notNull(),
    reason: text(),
    loanId: integer().references(() => bisyarohLoans.id, { onDelete: 'set null' }),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('bisyaroh_lines_slip_idx').on(t.slipId), index('bisyaroh_lines_loan_idx').on(t.loanId)],
);

/** A lesson without a journal that the principal approved for the JP count (with a reason). */
export const bisyarohJournalApprovals = pgTable(
  'bisyaroh_journal_approvals',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    timetableSlotId: integer()
      .notNull()
      .references(() => timetableSlots.id, { onDelete: 'cascade' }),
    date: date({ mode: 'string' }).notNull(),
    reason: text().notNull(),
    approvedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('bisyaroh_journal_approvals_slot_date_uq').on(t.timetableSlotId, t.date)],
);
