import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { units } from './school.ts';
import { clockStamp } from './columns.ts';

/** An account of a unit's small chart of accounts (kas, bank, pendapatan SPP, gaji/bisyaroh, ...). */
export const financeAccounts = pgTable(
  'finance_accounts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    code: text().notNull(),
    name: text().notNull(),
    /** CASH, BANK, INCOME, EXPENSE, ASSET, LIABILITY, EQUITY */
    kind: text().notNull(),
    active: boolean().notNull().default(true),
    createdAt: clockStamp(),
    updatedAt: clockStamp(),
  },
  (t) => [
    uniqueIndex('finance_accounts_unit_code_uq').on(t.unitId, sql`lower(${t.code})`),
    check(
      'finance_accounts_kind_ck',
      sql`${t.kind} in ('CASH', 'BANK', 'INCOME', 'EXPENSE', 'ASSET', 'LIABILITY', 'EQUITY')`,
    ),
  ],
);

/**
 * A cash or bank voucher (BKM, BKK, BBM, BBK). A draft has no number; posting gives it the next number of its
 * unit, type and month from `voucher_counters` in the same transaction. A posted voucher is never changed or
 * deleted (the service refuses it); a mistake is undone by a reversal voucher (`reversesId`, with its reason).
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    unitId: integer()
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    type: text().notNull(),
    /** the sequence within unit, type and month of `date`; null while a draft */
    seq: integer(),
    number: text(),
    date: date({ mode: 'string' }).notNull(),
    accountId: integer()
      .notNull()
      .references(() => financeAccounts.id, { onDelete: 'restrict' }),
    moneyAccountId: integer()
      .notNull()
      .references(() => financeAccounts.id, { onDelete: 'restrict' }),
    amount: bigint({ mode: 'number' }).notNull(),
    description: text().notNull(),
    state: text().notNull().default('DRAFT'),
    makerUserId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    approverUserId: integer().references(() => users.id, { onDelete: 'restrict' }),
    approvedAt: timestamp({ withTimezone: true }),
    reversesId: integer().references((): AnyPgColumn => vouchers.id, { onDelete: 'restrict' }),
    reversalReason: text(),
    /** what created it when not a person on the voucher screen (e.g. `payment:42`) */
    source: text(),
    createdAt: clockStamp(),
    updatedAt: clockStamp(),
  },
  (t) => [
    uniqueIndex('vouchers_number_uq').on(t.unitId, t.number),
    uniqueIndex('vouchers_reverses_uq').on(t.reversesId),
    index('vouchers_unit_date_idx').on(t.unitId, t.date),
    check('vouchers_type_ck', sql`${t.type} in ('BKM', 'BKK', 'BBM', 'BBK')`),
    check('vouchers_state_ck', sql`${t.state} in ('DRAFT', 'POSTED')`),
    check('vouchers_amount_ck', sql`${t.amount} > 0`),
    check(
      'vouchers_posted_ck',
      sql`(${t.state} = 'DRAFT' and ${t.number} is null) or (${t.state} = 'POSTED' and ${t.number} is not null and ${t.approverUserId} is not null)`,
    ),
    check('vouchers_accounts_ck', sql`${t.accountId} <> ${t.moneyAccountId}`),
  ],
);

/** The last number given per unit, voucher type and month; its row is locked while a voucher is posted. */
export const voucherCounters = pgTable(
  'voucher_counters',
  {
    unitId: integer()
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    type: text().notNull(),
    /** YYYY-MM */
    month: text().notNull(),
    last: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.unitId, t.type, t.month] })],
);

/** A closed month of a unit's books: no voucher may be dated in it until an ADMIN reopens it. */
export const bookClosings = pgTable(
  'book_closings',
  {
    unitId: integer()
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    /** YYYY-MM */
    month: text().notNull(),
    closedByUserId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    closedAt: clockStamp(),
  },
  (t) => [primaryKey({ columns: [t.unitId, t.month] })],
);
