import { eq } from 'drizzle-orm';
import type { VoucherType } from '@mms/shared';
import type { Transaction } from '../db/client.ts';
import { financeAccounts, vouchers } from '../db/schema/index.ts';
import type { AuditActor } from '../lib/audit.ts';
import { postVoucher } from '../modules/finance-books/finance-books.service.ts';

/** The default chart of accounts of every unit; the treasurer edits it on the books screen. */
export const DEFAULT_ACCOUNTS = [
  { code: '1-101', name: 'Kas', kind: 'CASH' },
  { code: '1-102', name: 'Bank Syariah', kind: 'BANK' },
  { code: '4-101', name: 'Pendapatan SPP', kind: 'INCOME' },
  { code: '4-102', name: 'Uang Pangkal', kind: 'INCOME' },
  { code: '4-103', name: 'Daftar Ulang', kind: 'INCOME' },
  { code: '4-109', name: 'Pendapatan Lain-lain', kind: 'INCOME' },
  { code: '5-101', name: 'Gaji dan Bisyaroh', kind: 'EXPENSE' },
  { code: '5-201', name: 'Operasional Sekolah', kind: 'EXPENSE' },
  { code: '5-202', name: 'Listrik, Air dan Internet', kind: 'EXPENSE' },
  { code: '5-203', name: 'Kegiatan Siswa', kind: 'EXPENSE' },
] as const;

type Code = (typeof DEFAULT_ACCOUNTS)[number]['code'];

/** A few vouchers of the current month: posted ones (maker the treasurer, approver the admin) and one draft. */
const DEMO_VOUCHERS: { day: number; type: VoucherType; account: Code; amount: number; description: string }[] = [
  { day: 1, type: 'BKM', account: '4-101', amount: 4_500_000, description: 'Setoran SPP tunai kelas 7' },
  { day: 2, type: 'BBM', account: '4-103', amount: 12_750_000, description: 'Transfer daftar ulang' },
  { day: 2, type: 'BKK', account: '5-201', amount: 350_000, description: 'Pembelian ATK kantor' },
  { day: 3, type: 'BBK', account: '5-202', amount: 1_250_000, description: 'Tagihan listrik dan internet' },
  { day: 3, type: 'BKK', account: '5-203', amount: 600_000, description: 'Konsumsi lomba kelas' },
];

export async function seedDemoFinanceBooks(
  tx: Transaction,
  input: { unitIds: number[]; smpUnitId: number; today: string; makerUserId: number; approverUserId: number },
) {
  const accounts = new Map<string, number>();
  for (const unitId of input.unitIds) {
    const rows = await tx
      .insert(financeAccounts)
      .values(DEFAULT_ACCOUNTS.map((a) => ({ unitId, ...a })))
      .returning({ id: financeAccounts.id, code: financeAccounts.code });
    if (unitId === input.smpUnitId) for (const r of rows) accounts.set(r.code, r.id);
  }
  const month = input.today.slice(0, 7);
  const lastDay = Number(input.today.slice(8, 10));
  const actor: AuditActor = { userId: null, username: 'seed', ip: null, requestId: null };
  for (const v of DEMO_VOUCHERS) {
    const day = String(Math.min(v.day, lastDay)).padStart(2, '0');
    const cash = v.type === 'BKM' || v.type === 'BKK';
    const { id } = await postVoucher(
      tx,
      {
        unitId: input.smpUnitId,
        type: v.type,
        date: `${month}-${day}`,
        accountId: accounts.get(v.account)!,
        moneyAccountId: accounts.get(cash ? '1-101' : '1-102')!,
        amount: v.amount,
        description: v.description,
        userId: input.approverUserId,
        source: null,
      },
      actor,
    );
    // the treasurer made them; the admin approved them
    await tx.update(vouchers).set({ makerUserId: input.makerUserId }).where(eq(vouchers.id, id));
  }
  await tx.insert(vouchers).values({
    unitId: input.smpUnitId,
    type: 'BKK',
    date: input.today,
    accountId: accounts.get('5-201')!,
    moneyAccountId: accounts.get('1-101')!,
    amount: 175_000,
    description: 'Fotokopi soal latihan (menunggu persetujuan)',
    makerUserId: input.makerUserId,
    state: 'DRAFT',
  });
}
