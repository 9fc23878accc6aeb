import { z } from 'zod';
import { dbId, pageOf } from './common.ts';

/**
 * Cash and bank vouchers and books (issue 15): a small chart of accounts per unit, vouchers BKM (bukti kas masuk),
 * BKK (bukti kas keluar), BBM (bukti bank masuk), BBK (bukti bank keluar) numbered per unit, type and month without
 * gaps, and the cash and bank books with running balances; a closed month takes no voucher.
 */

export const FINANCE_ACCOUNT_KINDS = ['CASH', 'BANK', 'INCOME', 'EXPENSE', 'ASSET', 'LIABILITY', 'EQUITY'] as const;
export type FinanceAccountKind = (typeof FINANCE_ACCOUNT_KINDS)[number];
/** The kinds a voucher moves money in or out of: the cash box or a bank account. */
export const MONEY_KINDS = ['CASH', 'BANK'] as const;

export const VOUCHER_TYPES = ['BKM', 'BKK', 'BBM', 'BBK'] as const;
export type VoucherType = (typeof VOUCHER_TYPES)[number];
export const VOUCHER_STATES = ['DRAFT', 'POSTED'] as const;
export type VoucherState = (typeof VOUCHER_STATES)[number];

/** What a voucher type moves: cash or bank, in or out. */
export const VOUCHER_TYPE_RULES: Record<VoucherType, { money: 'CASH' | 'BANK'; direction: 'IN' | 'OUT' }> = {
  BKM: { money: 'CASH', direction: 'IN' },
  BKK: { money: 'CASH', direction: 'OUT' },
  BBM: { money: 'BANK', direction: 'IN' },
  BBK: { money: 'BANK', direction: 'OUT' },
};
/** The type of the voucher that reverses one: money back the other way, in the same cash box or bank. */
export const REVERSAL_TYPE: Record<VoucherType, VoucherType> = { BKM: 'BKK', BKK: 'BKM', BBM: 'BBK', BBK: 'BBM' };

/** The largest amount one voucher carries (a trillion rupiah): far above a school's, far below float trouble. */
export const MAX_VOUCHER_AMOUNT = 1_000_000_000_000;

const isoDate = (label: string) => z.iso.date(`${label} harus berupa tanggal YYYY-MM-DD`);
const monthField = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Bulan harus berupa YYYY-MM');
const unitField = { unitId: dbId('Unit').optional() };

/** Integer rupiah, more than zero: a fraction such as 1000.5 is refused, never rounded. */
export const voucherAmount = z
  .number({ error: 'Jumlah harus berupa angka' })
  .int('Jumlah harus rupiah bulat')
  .positive('Jumlah harus lebih dari 0')
  .max(MAX_VOUCHER_AMOUNT, 'Jumlah terlalu besar');

// ---------- chart of accounts ----------

export const FinanceAccountInput = z.object({
  ...unitField,
  code: z
    .string()
    .trim()
    .min(1, 'Kode akun wajib diisi')
    .max(20, 'Kode akun maksimal 20 karakter')
    .regex(/^[A-Za-z0-9.-]+$/, 'Kode akun hanya huruf, angka, titik dan tanda hubung'),
  name: z.string().trim().min(1, 'Nama akun wajib diisi').max(100, 'Nama akun maksimal 100 karakter'),
  kind: z.enum(FINANCE_ACCOUNT_KINDS, 'Jenis akun tidak valid'),
  active: z.boolean().default(true),
});
export type FinanceAccountInput = z.infer<typeof FinanceAccountInput>;

export const FinanceAccount = z.object({
  id: z.number().int(),
  unitId: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(FINANCE_ACCOUNT_KINDS),
  active: z.boolean(),
  used: z.boolean(),
});
export type FinanceAccount = z.infer<typeof FinanceAccount>;
export const FinanceAccountList = z.object({ items: z.array(FinanceAccount) });
export type FinanceAccountList = z.infer<typeof FinanceAccountList>;

// the unit query of lists (`FinanceUnitQuery`) is the one of contracts/finance.ts

// ---------- vouchers ----------

export const VoucherInput = z.object({
  ...unitField,
  type: z.enum(VOUCHER_TYPES, 'Jenis bukti tidak valid'),
  date: isoDate('Tanggal'),
  /** the account the money comes from or goes to (income, expense, ...) */
  accountId: dbId('Akun'),
  /** the cash box or bank account the money moves in */
  moneyAccountId: dbId('Akun kas/bank'),
  amount: voucherAmount,
  description: z.string().trim().min(1, 'Uraian wajib diisi').max(500, 'Uraian maksimal 500 karakter'),
});
export type VoucherInput = z.infer<typeof VoucherInput>;

export const ReverseInput = z.object({
  reason: z.string().trim().min(5, 'Alasan pembalikan minimal 5 karakter').max(500, 'Alasan maksimal 500 karakter'),
});
export type ReverseInput = z.infer<typeof ReverseInput>;

const accountRef = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

export const Voucher = z.object({
  id: z.number().int(),
  unitId: z.number().int(),
  type: z.enum(VOUCHER_TYPES),
  /** `BKM/2026/11/0001`; null while a draft */
  number: z.string().nullable(),
  date: z.string(),
  account: accountRef,
  moneyAccount: accountRef,
  amount: z.number().int(),
  description: z.string(),
  state: z.enum(VOUCHER_STATES),
  makerName: z.string(),
  approverName: z.string().nullable(),
  approvedAt: z.string().nullable(),
  /** the voucher this one reverses, with the reason */
  reverses: z.object({ id: z.number().int(), number: z.string().nullable() }).nullable(),
  reversalReason: z.string().nullable(),
  /** the voucher that reverses this one, once there is one */
  reversedBy: z
    .object({ id: z.number().int(), number: z.string().nullable(), state: z.enum(VOUCHER_STATES) })
    .nullable(),
  source: z.string().nullable(),
  createdAt: z.string(),
});
export type Voucher = z.infer<typeof Voucher>;

export const VoucherQuery = z.object({
  ...unitField,
  type: z.enum(VOUCHER_TYPES).optional(),
  month: monthField.optional(),
  accountId: dbId('Akun').optional(),
  state: z.enum(VOUCHER_STATES).optional(),
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000, 'Halaman terlalu jauh').default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});
export type VoucherQuery = z.infer<typeof VoucherQuery>;
export const VoucherPage = pageOf(Voucher);
export type VoucherPage = z.infer<typeof VoucherPage>;

// ---------- books ----------

export const BookQuery = z.object({
  ...unitField,
  kind: z.enum(MONEY_KINDS, 'Jenis buku tidak valid'),
  month: monthField,
});
export type BookQuery = z.infer<typeof BookQuery>;

export const BookLine = z.object({
  voucherId: z.number().int(),
  date: z.string(),
  number: z.string(),
  type: z.enum(VOUCHER_TYPES),
  moneyAccount: z.string(),
  account: z.string(),
  description: z.string(),
  debit: z.number().int(),
  credit: z.number().int(),
  balance: z.number().int(),
});
export type BookLine = z.infer<typeof BookLine>;

export const BookDay = z.object({
  date: z.string(),
  debit: z.number().int(),
  credit: z.number().int(),
  balance: z.number().int(),
});
export type BookDay = z.infer<typeof BookDay>;

export const Book = z.object({
  unitId: z.number().int(),
  kind: z.enum(MONEY_KINDS),
  month: z.string(),
  opening: z.number().int(),
  lines: z.array(BookLine),
  days: z.array(BookDay),
  debit: z.number().int(),
  credit: z.number().int(),
  closing: z.number().int(),
  closed: z.boolean(),
});
export type Book = z.infer<typeof Book>;

// ---------- month closing ----------

export const CloseMonthInput = z.object({ ...unitField, month: monthField });
export type CloseMonthInput = z.infer<typeof CloseMonthInput>;
export const ReopenMonthInput = CloseMonthInput.extend({
  reason: z
    .string()
    .trim()
    .min(5, 'Alasan membuka kembali minimal 5 karakter')
    .max(500, 'Alasan maksimal 500 karakter'),
});
export type ReopenMonthInput = z.infer<typeof ReopenMonthInput>;

export const MonthClosing = z.object({
  unitId: z.number().int(),
  month: z.string(),
  closedAt: z.string(),
  closedByName: z.string(),
});
export type MonthClosing = z.infer<typeof MonthClosing>;
export const MonthClosingList = z.object({ items: z.array(MonthClosing) });
export type MonthClosingList = z.infer<typeof MonthClosingList>;

// ---------- leaders' report ----------

export const VoucherReportQuery = z.object({ ...unitField, month: monthField });
export type VoucherReportQuery = z.infer<typeof VoucherReportQuery>;
export const VoucherReport = z.object({
  month: z.string(),
  rows: z.array(z.object({ type: z.enum(VOUCHER_TYPES), count: z.number().int(), total: z.number().int() })),
  cashIn: z.number().int(),
  cashOut: z.number().int(),
  bankIn: z.number().int(),
  bankOut: z.number().int(),
});
export type VoucherReport = z.infer<typeof VoucherReport>;
