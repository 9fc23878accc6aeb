import { z } from 'zod';
import { dbId, PageQuery, pageOf } from './common.ts';

/**
 * Fees and bills of the finance module (issue 15): payment components, fee rules, discounts and
 * scholarships, bills per period and invoices. Every amount is whole rupiah (an integer).
 */

const isoDate = (label: string) => z.iso.date(`${label} harus berupa tanggal YYYY-MM-DD`);
/** Whole rupiah, 0 to Rp 2.000.000.000 (the integer column's room with margin). */
const rupiah = (label: string) =>
  z.coerce
    .number({
      error: (issue) => (Number.isNaN(issue.input) ? `${label} wajib diisi` : `${label} harus berupa angka`),
    })
    .int(`${label} harus bilangan bulat rupiah`)
    .min(0, `${label} tidak boleh negatif`)
    .max(2_000_000_000, `${label} terlalu besar`);
const unitField = { unitId: dbId('Unit').optional() };

export const FREQUENCIES = ['MONTHLY', 'YEARLY', 'ONCE'] as const;
export const Frequency = z.enum(FREQUENCIES, 'Frekuensi tidak valid');
export type Frequency = z.infer<typeof Frequency>;
export const Boarding = z.enum(['MUKIM', 'NON_MUKIM'], 'Status mukim tidak valid');
export const DISCOUNT_KINDS = [
  'YATIM_PIATU',
  'YATIM',
  'PIATU',
  'SIBLING',
  'TEACHER_CHILD',
  'LOW_INCOME',
  'OTHER',
] as const;
export const DiscountKind = z.enum(DISCOUNT_KINDS, 'Jenis potongan tidak valid');
export const BILL_STATUSES = ['UNPAID', 'PARTIAL', 'PAID', 'CANCELLED'] as const;
export const BillStatus = z.enum(BILL_STATUSES, 'Status tagihan tidak valid');
export type BillStatus = z.infer<typeof BillStatus>;

/** `YYYY-MM` */
export const Month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Periode harus berupa bulan YYYY-MM');

// ---------- components ----------
export const PaymentComponentInput = z.object({
  ...unitField,
  code: z
    .string()
    .trim()
    .min(1, 'Kode komponen wajib diisi')
    .max(20, 'Kode komponen maksimal 20 karakter')
    .regex(/^[A-Za-z0-9_-]+$/, 'Kode hanya huruf, angka, - dan _'),
  name: z.string().trim().min(1, 'Nama komponen wajib diisi').max(80, 'Nama komponen maksimal 80 karakter'),
  frequency: Frequency,
  defaultAmount: rupiah('Nominal'),
  dueDay: z.coerce
    .number()
    .int('Tanggal jatuh tempo 1 sampai 28')
    .min(1, 'Tanggal jatuh tempo 1 sampai 28')
    .max(28, 'Tanggal jatuh tempo 1 sampai 28')
    .default(10),
  isActive: z.boolean().default(true),
});
export type PaymentComponentInput = z.infer<typeof PaymentComponentInput>;

export const PaymentComponent = z.object({
  id: z.number().int(),
  unitId: z.number().int(),
  code: z.string(),
  name: z.string(),
  frequency: Frequency,
  defaultAmount: z.number().int(),
  dueDay: z.number().int(),
  isActive: z.boolean(),
});
export type PaymentComponent = z.infer<typeof PaymentComponent>;
export const PaymentComponentList = z.object({ items: z.array(PaymentComponent) });
export const FinanceUnitQuery = z.object(unitField);
export type FinanceUnitQuery = z.infer<typeof FinanceUnitQuery>;

// ---------- fee rules ----------
export const FeeRuleInput = z.object({
  componentId: dbId('Komponen'),
  studentId: dbId('Siswa').nullable().default(null),
  gradeId: dbId('Tingkat').nullable().default(null),
  program: z.string().trim().max(60, 'Program maksimal 60 karakter').nullable().default(null),
  boarding: Boarding.nullable().default(null),
  amount: rupiah('Nominal'),
});
export type FeeRuleInput = z.infer<typeof FeeRuleInput>;

export const FeeRule = z.object({
  id: z.number().int(),
  componentId: z.number().int(),
  componentName: z.string(),
  studentId: z.number().int().nullable(),
  studentName: z.string().nullable(),
  gradeId: z.number().int().nullable(),
  gradeName: z.string().nullable(),
  program: z.string().nullable(),
  boarding: Boarding.nullable(),
  amount: z.number().int(),
});
export type FeeRule = z.infer<typeof FeeRule>;
export const FeeRuleQuery = z.object({
  ...unitField,
  componentId: dbId('Komponen').optional(),
  studentId: dbId('Siswa').optional(),
});
export type FeeRuleQuery = z.infer<typeof FeeRuleQuery>;
export const FeeRuleList = z.object({ items: z.array(FeeRule) });

// ---------- discounts ----------
export const StudentDiscountInput = z
  .object({
    studentId: dbId('Siswa'),
    componentId: dbId('Komponen').nullable().default(null),
    kind: DiscountKind,
    percent: z.coerce
      .number()
      .int('Persen harus bilangan bulat')
      .min(1, 'Persen 1 sampai 100')
      .max(100, 'Persen 1 sampai 100')
      .nullable()
      .default(null),
    amount: rupiah('Nominal potongan').nullable().default(null),
    reason: z.string().trim().min(3, 'Alasan wajib diisi').max(300, 'Alasan maksimal 300 karakter'),
  })
  .refine((v) => (v.percent === null) !== (v.amount === null), {
    message: 'Isi persen atau nominal, salah satu saja',
    path: ['percent'],
  });
export type StudentDiscountInput = z.infer<typeof StudentDiscountInput>;

export const StudentDiscount = z.object({
  id: z.number().int(),
  studentId: z.number().int(),
  studentName: z.string(),
  componentId: z.number().int().nullable(),
  componentName: z.string().nullable(),
  kind: DiscountKind,
  percent: z.number().int().nullable(),
  amount: z.number().int().nullable(),
  reason: z.string(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
});
export type StudentDiscount = z.infer<typeof StudentDiscount>;
export const StudentDiscountQuery = z.object({ ...unitField, studentId: dbId('Siswa').optional() });
export type StudentDiscountQuery = z.infer<typeof StudentDiscountQuery>;
export const StudentDiscountList = z.object({ items: z.array(StudentDiscount) });

// ---------- bills ----------
export const Instalment = z.object({
  percent: z.coerce.number().int('Persen cicilan harus bilangan bulat').min(1).max(100),
  dueDate: isoDate('Jatuh tempo cicilan'),
});

/**
 * Bills of one component for the students of a unit, grade or class. MONTHLY: every month from `fromMonth`
 * to `toMonth` (a student enrolled mid-year from their entry month). YEARLY: the active tapel. ONCE: one bill,
 * or the instalments given (60% then 40%). `dryRun` counts what would be made and writes nothing.
 */
export const GenerateBillsInput = z
  .object({
    ...unitField,
    componentId: dbId('Komponen'),
    gradeId: dbId('Tingkat').optional(),
    classGroupId: dbId('Kelas').optional(),
    fromMonth: Month.optional(),
    toMonth: Month.optional(),
    dueDate: isoDate('Jatuh tempo').optional(),
    instalments: z.array(Instalment).max(12, 'Maksimal 12 cicilan').optional(),
    dryRun: z.boolean().default(false),
  })
  .refine((v) => !v.fromMonth || !v.toMonth || v.fromMonth <= v.toMonth, {
    message: 'Bulan akhir harus setelah bulan awal',
    path: ['toMonth'],
  })
  .refine((v) => !v.instalments || v.instalments.reduce((a, b) => a + b.percent, 0) === 100, {
    message: 'Jumlah persen cicilan harus 100',
    path: ['instalments'],
  });
export type GenerateBillsInput = z.infer<typeof GenerateBillsInput>;
export const GenerateBillsResult = z.object({
  students: z.number().int(),
  created: z.number().int(),
  existing: z.number().int(),
  dryRun: z.boolean(),
});
export type GenerateBillsResult = z.infer<typeof GenerateBillsResult>;

export const Bill = z.object({
  id: z.number().int(),
  studentId: z.number().int(),
  studentName: z.string(),
  nis: z.string(),
  className: z.string().nullable(),
  componentId: z.number().int(),
  componentName: z.string(),
  period: z.string(),
  instalment: z.number().int(),
  amount: z.number().int(),
  discount: z.number().int(),
  paid: z.number().int(),
  /** amount - discount - paid */
  outstanding: z.number().int(),
  dueDate: z.string(),
  status: BillStatus,
  cancelReason: z.string().nullable(),
});
export type Bill = z.infer<typeof Bill>;
export const BillQuery = PageQuery.extend({
  ...unitField,
  classGroupId: dbId('Kelas').optional(),
  componentId: dbId('Komponen').optional(),
  period: z.string().trim().max(20).optional(),
  status: BillStatus.optional(),
});
export type BillQuery = z.infer<typeof BillQuery>;
export const BillPage = pageOf(Bill);
export type BillPage = z.infer<typeof BillPage>;
export const BillList = z.object({ items: z.array(Bill) });
export type BillList = z.infer<typeof BillList>;

export const CancelBillInput = z.object({
  reason: z.string().trim().min(3, 'Alasan pembatalan wajib diisi').max(300, 'Alasan maksimal 300 karakter'),
});
export type CancelBillInput = z.infer<typeof CancelBillInput>;

// ---------- invoices ----------
export const CreateInvoiceInput = z.object({
  studentId: dbId('Siswa'),
  dueDate: isoDate('Jatuh tempo'),
});
export type CreateInvoiceInput = z.infer<typeof CreateInvoiceInput>;
export const Invoice = z.object({
  id: z.number().int(),
  number: z.string(),
  studentId: z.number().int(),
  studentName: z.string(),
  nis: z.string(),
  className: z.string().nullable(),
  unitId: z.number().int(),
  unitName: z.string(),
  dueDate: z.string(),
  createdAt: z.string(),
  bills: z.array(Bill),
  total: z.number().int(),
});
export type Invoice = z.infer<typeof Invoice>;
export const InvoiceSummary = Invoice.omit({ bills: true });
export const InvoiceList = z.object({ items: z.array(InvoiceSummary) });
export type InvoiceList = z.infer<typeof InvoiceList>;
