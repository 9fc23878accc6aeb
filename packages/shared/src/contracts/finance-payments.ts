import { z } from 'zod';
import { dbId, PageQuery, pageOf } from './common.ts';

/**
 * Payments (issue 15): the cashier's counter, receipts (kwitansi) numbered `KWT/<unit>/<YYYY>/<MM>/<0001>`,
 * allocation to bills (oldest due first unless the cashier says otherwise), the student's credit from an
 * overpayment, reversals approved by a second person, and the payment gateway boundary.
 */

export const PAYMENT_METHODS = ['CASH', 'TRANSFER', 'GATEWAY'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_STATUSES = ['POSTED', 'REVERSAL_REQUESTED', 'REVERSED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Bea meterai: a receipt for more than Rp 5.000.000 carries a Rp 10.000 stamp (UU 10/2020 on stamp duty,
 * in force since 2021). Kept here so a change of the rule is one line.
 */
export const STAMP_DUTY_THRESHOLD = 5_000_000;
export const STAMP_DUTY_AMOUNT = 10_000;
export const needsStampDuty = (amount: number) => amount > STAMP_DUTY_THRESHOLD;

/** The largest single payment: the `integer` column's range. */
export const MAX_PAYMENT_AMOUNT = 2_000_000_000;

const isoDate = (label: string) => z.iso.date(`${label} harus berupa tanggal YYYY-MM-DD`);
const unitField = { unitId: dbId('Unit').optional() };

/** Integer rupiah > 0: a fraction such as 1000.5 or a string is refused, never rounded. */
export const paymentAmount = z
  .number({ error: 'Jumlah harus berupa angka' })
  .int('Jumlah harus rupiah bulat')
  .positive('Jumlah harus lebih dari 0')
  .max(MAX_PAYMENT_AMOUNT, 'Jumlah terlalu besar');

export const AllocationInput = z.object({ billId: dbId('Tagihan'), amount: paymentAmount });
export type AllocationInput = z.infer<typeof AllocationInput>;

export const PaymentInput = z.object({
  studentId: dbId('Siswa'),
  method: z.enum(['CASH', 'TRANSFER'], 'Cara bayar tidak valid'),
  amount: paymentAmount,
  payerName: z.string().trim().max(100, 'Nama penyetor maksimal 100 karakter').optional(),
  note: z.string().trim().max(300, 'Catatan maksimal 300 karakter').optional(),
  /** use the student's credit for the bills too (default yes) */
  useCredit: z.boolean().default(true),
  /** the cashier's own split; without it, oldest due first */
  allocations: z.array(AllocationInput).max(100).optional(),
});
export type PaymentInput = z.infer<typeof PaymentInput>;

export const OpenBill = z.object({
  id: z.number().int(),
  componentId: z.number().int(),
  componentName: z.string(),
  period: z.string(),
  instalment: z.number().int(),
  dueDate: z.string(),
  amount: z.number().int(),
  discount: z.number().int(),
  paid: z.number().int(),
  outstanding: z.number().int(),
  status: z.string(),
});
export type OpenBill = z.infer<typeof OpenBill>;

export const StudentAccount = z.object({
  student: z.object({
    id: z.number().int(),
    name: z.string(),
    nis: z.string(),
    className: z.string().nullable(),
    unitId: z.number().int(),
  }),
  bills: z.array(OpenBill),
  credit: z.number().int(),
  outstanding: z.number().int(),
});
export type StudentAccount = z.infer<typeof StudentAccount>;

export const StudentSearchQuery = z.object({
  ...unitField,
  q: z.string().trim().min(1, 'Ketik nama atau NIS').max(100),
});
export const StudentHit = z.object({
  id: z.number().int(),
  name: z.string(),
  nis: z.string(),
  className: z.string().nullable(),
});
export const StudentHitList = z.object({ items: z.array(StudentHit) });
export type StudentHit = z.infer<typeof StudentHit>;

export const PaymentAllocation = z.object({
  billId: z.number().int(),
  componentName: z.string(),
  period: z.string(),
  amount: z.number().int(),
});
export type PaymentAllocation = z.infer<typeof PaymentAllocation>;

export const Payment = z.object({
  id: z.number().int(),
  unitId: z.number().int(),
  number: z.string(),
  date: z.string(),
  student: z.object({ id: z.number().int(), name: z.string(), nis: z.string(), className: z.string().nullable() }),
  method: z.enum(PAYMENT_METHODS),
  amount: z.number().int(),
  creditAdded: z.number().int(),
  creditUsed: z.number().int(),
  payerName: z.string().nullable(),
  note: z.string().nullable(),
  cashierName: z.string().nullable(),
  voucherNumbers: z.array(z.string()),
  status: z.enum(PAYMENT_STATUSES),
  reversalReason: z.string().nullable(),
  reversalRequestedBy: z.string().nullable(),
  reversalRequestedById: z.number().int().nullable(),
  reversalApprovedBy: z.string().nullable(),
  reversedAt: z.string().nullable(),
  allocations: z.array(PaymentAllocation),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof Payment>;
export const PaymentPage = pageOf(Payment);
export type PaymentPage = z.infer<typeof PaymentPage>;
export const PaymentList = z.object({ items: z.array(Payment) });
export type PaymentList = z.infer<typeof PaymentList>;

export const PaymentQuery = PageQuery.extend({
  ...unitField,
  from: isoDate('Dari tanggal').optional(),
  to: isoDate('Sampai tanggal').optional(),
  method: z.enum(PAYMENT_METHODS, 'Cara bayar tidak valid').optional(),
  cashierId: dbId('Kasir').optional(),
  status: z.enum(PAYMENT_STATUSES, 'Status tidak valid').optional(),
});
export type PaymentQuery = z.infer<typeof PaymentQuery>;

export const RecapMonth = z.object({
  month: z.string(),
  billed: z.number().int(),
  paid: z.number().int(),
  status: z.enum(['PAID', 'PARTIAL', 'UNPAID', 'NONE']),
});
export const Receipt = z.object({
  payment: Payment,
  unitName: z.string(),
  terbilang: z.string(),
  stampDuty: z.boolean(),
  schoolYear: z.string().nullable(),
  /** the 12 months of the school year's SPP (or the first monthly component) */
  recap: z.array(RecapMonth),
  recapComponent: z.string().nullable(),
});
export type Receipt = z.infer<typeof Receipt>;

export const ReversalRequestInput = z.object({
  reason: z.string().trim().min(3, 'Alasan pembatalan wajib diisi').max(300, 'Alasan maksimal 300 karakter'),
});
export type ReversalRequestInput = z.infer<typeof ReversalRequestInput>;

export const MyPayments = z.object({
  payments: z.array(Payment),
  bills: z.array(OpenBill),
  credit: z.number().int(),
  charges: z.array(
    z.object({
      id: z.number().int(),
      provider: z.string(),
      providerRef: z.string(),
      vaNumber: z.string().nullable(),
      qris: z.string().nullable(),
      amount: z.number().int(),
      /** EXPIRED: past `expiresAt` unpaid; it can no longer be paid, a new charge can be started */
      status: z.enum(['PENDING', 'PAID', 'EXPIRED']),
      createdAt: z.string(),
      expiresAt: z.string(),
    }),
  ),
});
export type MyPayments = z.infer<typeof MyPayments>;
export type GatewayChargeOut = MyPayments['charges'][number];

export const ChargeInput = z.object({ billIds: z.array(dbId('Tagihan')).min(1, 'Pilih tagihan').max(50) });
export type ChargeInput = z.infer<typeof ChargeInput>;
export const GatewayCharge = MyPayments.shape.charges.element;

export const ProviderParams = z.object({ provider: z.string().regex(/^[a-z0-9-]{1,30}$/, 'Penyedia tidak valid') });

/** The local provider's callback: `x-signature` = hex HMAC-SHA256 of `reference|amount|status` (see docs). */
export const LocalCallbackBody = z.object({
  reference: z.string().min(1).max(100),
  amount: paymentAmount,
  status: z.enum(['PAID', 'FAILED']),
});
/** `expired`: the charge was past its expiry; the callback was recorded and no payment was made. */
export const CallbackResult = z.object({
  ok: z.literal(true),
  paymentId: z.number().int().nullable(),
  expired: z.boolean().optional(),
});

// ---------- the income account of each payment component ----------
export const IncomeAccountRef = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type IncomeAccountRef = z.infer<typeof IncomeAccountRef>;
/**
 * Which income account a component's payments are booked to. `source`: MAPPED (the treasurer chose it), NAME
 * (the default: the unit's INCOME account whose name contains the component's name), FALLBACK (the default: the
 * unit's last INCOME account by code), NONE (no INCOME account: a payment for it is refused).
 */
export const ComponentIncomeAccount = z.object({
  componentId: z.number().int(),
  code: z.string(),
  name: z.string(),
  isActive: z.boolean(),
  mappedAccountId: z.number().int().nullable(),
  account: IncomeAccountRef.nullable(),
  source: z.enum(['MAPPED', 'NAME', 'FALLBACK', 'NONE']),
});
export type ComponentIncomeAccount = z.infer<typeof ComponentIncomeAccount>;
export const ComponentIncomeAccounts = z.object({
  items: z.array(ComponentIncomeAccount),
  /** the unit's active INCOME accounts a component may be mapped to */
  accounts: z.array(IncomeAccountRef),
});
export type ComponentIncomeAccounts = z.infer<typeof ComponentIncomeAccounts>;
/** null: back to the default rule */
export const ComponentIncomeAccountInput = z.object({ accountId: dbId('Akun').nullable() });
export type ComponentIncomeAccountInput = z.infer<typeof ComponentIncomeAccountInput>;
