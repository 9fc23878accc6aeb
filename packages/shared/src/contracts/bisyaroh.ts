import { z } from 'zod';
import { BISYAROH_LINE_KINDS } from '../domain/bisyaroh.ts';
import { dbId } from './common.ts';

/**
 * Bisyaroh (the staff honorarium, issue 15): rates per position or employee valid from a month, loans, the
 * month's process per unit (compute, adjust, approve missing journals, lock, correct into the next month, pay
 * with one BKK voucher), slips and "Bisyaroh saya".
 */

const monthField = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Bulan harus berupa YYYY-MM');
const unitField = { unitId: dbId('Unit').optional() };
/** Integer rupiah from 0 up to a hundred million: a fraction is refused, never rounded. */
const rupiah = z
  .number({ error: 'Jumlah harus berupa angka' })
  .int('Jumlah harus rupiah bulat')
  .min(0, 'Jumlah tidak boleh negatif')
  .max(100_000_000, 'Jumlah terlalu besar');
const reason = z.string().trim().min(3, 'Alasan wajib diisi').max(500, 'Alasan maksimal 500 karakter');

export const BisyarohUnitQuery = z.object(unitField);
export type BisyarohUnitQuery = z.infer<typeof BisyarohUnitQuery>;

// ---------- master ----------

export const BisyarohAllowanceInput = z.object({
  name: z.string().trim().min(1, 'Nama tunjangan wajib diisi').max(100, 'Nama tunjangan maksimal 100 karakter'),
  amount: rupiah,
});

export const BisyarohRateInput = z
  .object({
    ...unitField,
    /** a position (jabatan) as written on the employee, or null with an employee */
    position: z.string().trim().max(100, 'Jabatan maksimal 100 karakter').nullish(),
    employeeId: dbId('Pegawai').nullish(),
    validFrom: monthField,
    perJp: rupiah,
    perDay: rupiah,
    onTimePerDay: rupiah,
    transportPerDay: rupiah,
    absencePerDay: rupiah,
    allowances: z.array(BisyarohAllowanceInput).max(20, 'Tunjangan maksimal 20 baris').default([]),
  })
  .refine((v) => !v.position !== !v.employeeId, {
    message: 'Isi jabatan atau pegawai (salah satu)',
    path: ['position'],
  });
export type BisyarohRateInput = z.infer<typeof BisyarohRateInput>;

export const BisyarohRate = z.object({
  id: z.number().int(),
  unitId: z.number().int(),
  position: z.string().nullable(),
  employeeId: z.number().int().nullable(),
  employeeName: z.string().nullable(),
  validFrom: z.string(),
  perJp: z.number().int(),
  perDay: z.number().int(),
  onTimePerDay: z.number().int(),
  transportPerDay: z.number().int(),
  absencePerDay: z.number().int(),
  allowances: z.array(z.object({ name: z.string(), amount: z.number().int() })),
});
export type BisyarohRate = z.infer<typeof BisyarohRate>;
export const BisyarohRateList = z.object({ items: z.array(BisyarohRate) });
export type BisyarohRateList = z.infer<typeof BisyarohRateList>;

export const BisyarohLoanInput = z.object({
  employeeId: dbId('Pegawai'),
  name: z.string().trim().min(1, 'Nama pinjaman wajib diisi').max(100, 'Nama pinjaman maksimal 100 karakter'),
  principal: rupiah.refine((v) => v > 0, 'Jumlah harus lebih dari 0'),
  instalment: rupiah.refine((v) => v > 0, 'Jumlah harus lebih dari 0'),
  startMonth: monthField,
});
export type BisyarohLoanInput = z.infer<typeof BisyarohLoanInput>;

export const BisyarohLoan = z.object({
  id: z.number().int(),
  unitId: z.number().int(),
  employeeId: z.number().int(),
  employeeName: z.string(),
  name: z.string(),
  principal: z.number().int(),
  instalment: z.number().int(),
  startMonth: z.string(),
  /** principal minus the instalments of locked months */
  remaining: z.number().int(),
});
export type BisyarohLoan = z.infer<typeof BisyarohLoan>;
export const BisyarohLoanList = z.object({ items: z.array(BisyarohLoan) });
export type BisyarohLoanList = z.infer<typeof BisyarohLoanList>;

export const BisyarohEmployee = z.object({
  id: z.number().int(),
  name: z.string(),
  nip: z.string(),
  position: z.string().nullable(),
});
export const BisyarohEmployeeList = z.object({ items: z.array(BisyarohEmployee) });
export type BisyarohEmployeeList = z.infer<typeof BisyarohEmployeeList>;
export type BisyarohEmployee = z.infer<typeof BisyarohEmployee>;

// ---------- the month ----------

export const BISYAROH_MONTH_STATES = ['OPEN', 'LOCKED'] as const;

export const BisyarohComputeInput = z.object({ ...unitField, month: monthField });
export type BisyarohComputeInput = z.infer<typeof BisyarohComputeInput>;
export const BisyarohMonthQuery = z.object({ ...unitField, month: monthField });
export type BisyarohMonthQuery = z.infer<typeof BisyarohMonthQuery>;
export const BisyarohListQuery = z.object({
  ...unitField,
  year: z.coerce.number().int().min(2000, 'Tahun tidak valid').max(2100, 'Tahun tidak valid').optional(),
});
export type BisyarohListQuery = z.infer<typeof BisyarohListQuery>;

export const BisyarohLine = z.object({
  id: z.number().int(),
  kind: z.enum(BISYAROH_LINE_KINDS),
  label: z.string(),
  quantity: z.number().int(),
  rate: z.number().int(),
  amount: z.number().int(),
  reason: z.string().nullable(),
});
export type BisyarohLine = z.infer<typeof BisyarohLine>;

export const BisyarohSlipSummary = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  employeeName: z.string(),
  nip: z.string(),
  position: z.string().nullable(),
  total: z.number().int(),
  lines: z.array(BisyarohLine),
});
export type BisyarohSlipSummary = z.infer<typeof BisyarohSlipSummary>;

export const BisyarohMonthSummary = z.object({
  id: z.number().int(),
  unitId: z.number().int(),
  unitName: z.string(),
  month: z.string(),
  status: z.enum(BISYAROH_MONTH_STATES),
  computedAt: z.string().nullable(),
  lockedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  voucherId: z.number().int().nullable(),
  voucherNumber: z.string().nullable(),
  employees: z.number().int(),
  total: z.number().int(),
});
export type BisyarohMonthSummary = z.infer<typeof BisyarohMonthSummary>;

export const BisyarohMonth = BisyarohMonthSummary.extend({ slips: z.array(BisyarohSlipSummary) });
export type BisyarohMonth = z.infer<typeof BisyarohMonth>;

export const BisyarohMonthList = z.object({
  items: z.array(BisyarohMonthSummary),
  /** per unit: the total of the listed months */
  unitTotals: z.array(z.object({ unitId: z.number().int(), unitName: z.string(), total: z.number().int() })),
});
export type BisyarohMonthList = z.infer<typeof BisyarohMonthList>;

export const MissingJournal = z.object({
  timetableSlotId: z.number().int(),
  date: z.string(),
  period: z.number().int(),
  employeeId: z.number().int(),
  employeeName: z.string(),
  className: z.string(),
  subjectName: z.string(),
  approved: z.boolean(),
  reason: z.string().nullable(),
});
export type MissingJournal = z.infer<typeof MissingJournal>;
export const MissingJournalList = z.object({ items: z.array(MissingJournal) });
export type MissingJournalList = z.infer<typeof MissingJournalList>;

export const MissingJournalApproval = z.object({
  timetableSlotId: dbId('Jadwal'),
  date: z.iso.date('Tanggal harus berupa tanggal YYYY-MM-DD'),
  reason,
});
export type MissingJournalApproval = z.infer<typeof MissingJournalApproval>;

const signedRupiah = z
  .number({ error: 'Jumlah harus berupa angka' })
  .int('Jumlah harus rupiah bulat')
  .min(-100_000_000, 'Jumlah terlalu besar')
  .max(100_000_000, 'Jumlah terlalu besar')
  .refine((v) => v !== 0, 'Jumlah tidak boleh 0');

export const BisyarohAdjustmentInput = z.object({
  employeeId: dbId('Pegawai'),
  label: z.string().trim().min(1, 'Uraian wajib diisi').max(100, 'Uraian maksimal 100 karakter'),
  /** integer rupiah, negative for a deduction */
  amount: signedRupiah,
  reason,
});
export type BisyarohAdjustmentInput = z.infer<typeof BisyarohAdjustmentInput>;

export const BisyarohCorrectionInput = z.object({ employeeId: dbId('Pegawai'), amount: signedRupiah, reason });
export type BisyarohCorrectionInput = z.infer<typeof BisyarohCorrectionInput>;

export const BisyarohPayInput = z.object({
  /** the expense account (e.g. "Gaji dan Bisyaroh") */
  accountId: dbId('Akun beban'),
  /** the cash account the money leaves */
  moneyAccountId: dbId('Akun kas'),
  date: z.iso.date('Tanggal harus berupa tanggal YYYY-MM-DD'),
});
export type BisyarohPayInput = z.infer<typeof BisyarohPayInput>;

// ---------- slips ----------

export const BisyarohSlip = z.object({
  id: z.number().int(),
  monthId: z.number().int(),
  month: z.string(),
  status: z.enum(BISYAROH_MONTH_STATES),
  unitId: z.number().int(),
  unitName: z.string(),
  employeeId: z.number().int(),
  employeeName: z.string(),
  nip: z.string(),
  position: z.string().nullable(),
  lines: z.array(BisyarohLine),
  total: z.number().int(),
  paidAt: z.string().nullable(),
});
export type BisyarohSlip = z.infer<typeof BisyarohSlip>;

export const MyBisyarohList = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      month: z.string(),
      unitName: z.string(),
      total: z.number().int(),
      paidAt: z.string().nullable(),
    }),
  ),
});
export type MyBisyarohList = z.infer<typeof MyBisyarohList>;

/** The month of a unit, or null while it was never computed. */
export const BisyarohMonthFound = z.object({ month: BisyarohMonth.nullable() });
export type BisyarohMonthFound = z.infer<typeof BisyarohMonthFound>;
