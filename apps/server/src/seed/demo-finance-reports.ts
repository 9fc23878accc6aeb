import { and, eq } from 'drizzle-orm';
import type { VoucherType } from '@mms/shared';
import type { Transaction } from '../db/client.ts';
import { financeAccounts } from '../db/schema/index.ts';
import type { AuditActor } from '../lib/audit.ts';
import { postVoucher } from '../modules/finance-books/finance-books.service.ts';

/** Today's cash at the SMP, so the daily cash tab of report-finance shows a day with money in and out. */
const TODAY: { type: VoucherType; account: string; money: string; amount: number; description: string }[] = [
  { type: 'BKM', account: '4-101', money: '1-101', amount: 1_050_000, description: 'SPP tunai tiga siswa kelas 7A' },
  { type: 'BBM', account: '4-102', money: '1-102', amount: 2_500_000, description: 'Transfer uang pangkal' },
  { type: 'BKK', account: '5-203', money: '1-101', amount: 225_000, description: 'Konsumsi rapat wali murid' },
];

/**
 * The finance reports read the bills (the SMP 7A SPP bills of demo-finance give the arrears and collections) and
 * the posted vouchers (demo-finance-books); this adds the treasurer's vouchers of today for the daily cash.
 */
export async function seedDemoFinanceReports(
  tx: Transaction,
  input: { smpUnitId: number; today: string; cashierUserId: number },
) {
  const actor: AuditActor = { userId: null, username: 'seed', ip: null, requestId: null };
  const accountId = async (code: string) => {
    const [row] = await tx
      .select({ id: financeAccounts.id })
      .from(financeAccounts)
      .where(and(eq(financeAccounts.unitId, input.smpUnitId), eq(financeAccounts.code, code)));
    return row?.id;
  };
  for (const v of TODAY) {
    const [account, money] = [await accountId(v.account), await accountId(v.money)];
    if (!account || !money) continue;
    await postVoucher(
      tx,
      {
        unitId: input.smpUnitId,
        type: v.type,
        date: input.today,
        accountId: account,
        moneyAccountId: money,
        amount: v.amount,
        description: v.description,
        userId: input.cashierUserId,
        source: 'demo:kas-harian',
      },
      actor,
    );
  }
}
