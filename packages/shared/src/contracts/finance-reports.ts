import { z } from 'zod';
import { dbId } from './common.ts';

/**
 * Finance reports (issue 15): arrears by class and age, collections of a month range, and the day's cash.
 * They read only bills, invoices and posted vouchers. Money is whole rupiah; the collection rate is a whole
 * percent rounded down with integer math.
 */

const isoDate = (label: string) => z.iso.date(`${label} harus berupa tanggal YYYY-MM-DD`);
const monthField = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Bulan harus berupa YYYY-MM');

/** The age buckets of an overdue bill, by days past its due date. */
export const ARREARS_BUCKETS = ['d0_30', 'd31_60', 'd61_90', 'd90'] as const;
export type ArrearsBucket = (typeof ARREARS_BUCKETS)[number];

/** The bucket of a bill `days` past due (1 day past due and up; 0 counts as the first bucket). */
export function arrearsBucket(days: number): ArrearsBucket {
  if (days <= 30) return 'd0_30';
  if (days <= 60) return 'd31_60';
  if (days <= 90) return 'd61_90';
  return 'd90';
}

/** Paid as a whole percent of what was to be paid (billed less discount), rounded down; null when nothing was due. */
export function collectionRate(paid: number, net: number): number | null {
  if (net <= 0) return null;
  const r = (paid * 100 - ((paid * 100) % net)) / net;
  return r > 100 ? 100 : r;
}

export const ArrearsQuery = z.object({
  unitId: dbId('Unit').optional(),
  classGroupId: dbId('Kelas').optional(),
  componentId: dbId('Komponen').optional(),
  /** default: today on the server's clock */
  asOf: isoDate('Tanggal').optional(),
});
export type ArrearsQuery = z.infer<typeof ArrearsQuery>;

const ageAmounts = {
  d0_30: z.number().int(),
  d31_60: z.number().int(),
  d61_90: z.number().int(),
  d90: z.number().int(),
  total: z.number().int(),
};
export const ArrearsTotals = z.object({ bills: z.number().int(), students: z.number().int(), ...ageAmounts });
export type ArrearsTotals = z.infer<typeof ArrearsTotals>;

export const ArrearsClassRow = z.object({
  classGroupId: z.number().int().nullable(),
  className: z.string().nullable(),
  unitCode: z.string(),
  bills: z.number().int(),
  students: z.number().int(),
  ...ageAmounts,
});
export type ArrearsClassRow = z.infer<typeof ArrearsClassRow>;

export const ArrearsStudentRow = z.object({
  studentId: z.number().int(),
  nis: z.string(),
  name: z.string(),
  className: z.string().nullable(),
  bills: z.number().int(),
  oldestDueDate: z.string(),
  ...ageAmounts,
});
export type ArrearsStudentRow = z.infer<typeof ArrearsStudentRow>;

export const ArrearsReport = z.object({
  asOf: z.string(),
  classes: z.array(ArrearsClassRow),
  /** filled when a class is chosen (the drill-down) */
  students: z.array(ArrearsStudentRow),
  totals: ArrearsTotals,
});
export type ArrearsReport = z.infer<typeof ArrearsReport>;

export const CollectionsQuery = z
  .object({
    unitId: dbId('Unit').optional(),
    classGroupId: dbId('Kelas').optional(),
    componentId: dbId('Komponen').optional(),
    fromMonth: monthField,
    toMonth: monthField,
  })
  .refine((q) => q.fromMonth <= q.toMonth, { message: 'Bulan awal harus sebelum bulan akhir', path: ['toMonth'] });
export type CollectionsQuery = z.infer<typeof CollectionsQuery>;

const collectionAmounts = {
  bills: z.number().int(),
  billed: z.number().int(),
  discount: z.number().int(),
  paid: z.number().int(),
  outstanding: z.number().int(),
  /** whole percent, rounded down; null when nothing was due */
  rate: z.number().int().nullable(),
};
export const CollectionsRow = z.object({ id: z.number().int().nullable(), label: z.string(), ...collectionAmounts });
export type CollectionsRow = z.infer<typeof CollectionsRow>;
export const CollectionsReport = z.object({
  fromMonth: z.string(),
  toMonth: z.string(),
  byComponent: z.array(CollectionsRow),
  byClass: z.array(CollectionsRow),
  totals: z.object(collectionAmounts),
});
export type CollectionsReport = z.infer<typeof CollectionsReport>;

export const DailyCashQuery = z.object({
  unitId: dbId('Unit').optional(),
  /** default: today on the server's clock */
  date: isoDate('Tanggal').optional(),
});
export type DailyCashQuery = z.infer<typeof DailyCashQuery>;

const cashAmounts = {
  opening: z.number().int(),
  in: z.number().int(),
  out: z.number().int(),
  closing: z.number().int(),
};
export const DailyCashAccount = z.object({
  moneyAccountId: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.string(),
  unitCode: z.string(),
  ...cashAmounts,
});
export type DailyCashAccount = z.infer<typeof DailyCashAccount>;
export const DailyCashMaker = z.object({
  makerName: z.string(),
  vouchers: z.number().int(),
  in: z.number().int(),
  out: z.number().int(),
});
export type DailyCashMaker = z.infer<typeof DailyCashMaker>;
export const DailyCashLine = z.object({
  voucherId: z.number().int(),
  number: z.string(),
  type: z.string(),
  moneyAccount: z.string(),
  account: z.string(),
  description: z.string(),
  makerName: z.string(),
  in: z.number().int(),
  out: z.number().int(),
});
export type DailyCashLine = z.infer<typeof DailyCashLine>;
export const DailyCashReport = z.object({
  date: z.string(),
  accounts: z.array(DailyCashAccount),
  makers: z.array(DailyCashMaker),
  lines: z.array(DailyCashLine),
  totals: z.object(cashAmounts),
});
export type DailyCashReport = z.infer<typeof DailyCashReport>;
