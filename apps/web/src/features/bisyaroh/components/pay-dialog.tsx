import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { formatRupiah } from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-fields.tsx';
import { serverToday } from '../../../lib/clock.ts';
import { useFinanceAccounts } from '../../finance-books/api.ts';

/** Pays a locked month: the expense account (default "Gaji dan Bisyaroh"), the cash account and the date. */
export function PayDialog(props: {
  unitId: number;
  total: number;
  pending: boolean;
  onSubmit: (v: { accountId: number; moneyAccountId: number; date: string }) => void;
}) {
  const { t } = useTranslation();
  const accounts = useFinanceAccounts(props.unitId).data?.items.filter((a) => a.active) ?? [];
  const expenses = accounts.filter((a) => a.kind === 'EXPENSE');
  const cash = accounts.filter((a) => a.kind === 'CASH');
  const [accountId, setAccountId] = useState<string | null>(null);
  const [moneyAccountId, setMoneyAccountId] = useState<string | null>(null);
  const [date, setDate] = useState(serverToday());
  const fallbackExpense = expenses.find((a) => /bisyaroh/i.test(a.name)) ?? expenses[0];
  const expense = accountId ?? (fallbackExpense ? String(fallbackExpense.id) : null);
  const money = moneyAccountId ?? (cash[0] ? String(cash[0].id) : null);
  const option = (a: { id: number; code: string; name: string }) => ({
    value: String(a.id),
    label: `${a.code} ${a.name}`,
  });
  return (
    <Stack>
      <Text>{t('bisyaroh.process.payText', { amount: formatRupiah(props.total) })}</Text>
      <Select
        label={t('bisyaroh.process.expenseAccount')}
        data={expenses.map(option)}
        value={expense}
        onChange={setAccountId}
        required
      />
      <Select
        label={t('bisyaroh.process.cashAccount')}
        data={cash.map(option)}
        value={money}
        onChange={setMoneyAccountId}
        required
      />
      <DateField label={t('bisyaroh.process.payDate')} value={date} onChange={setDate} required />
      <Group justify="flex-end">
        <Button
          loading={props.pending}
          disabled={!expense || !money}
          onClick={() => props.onSubmit({ accountId: Number(expense), moneyAccountId: Number(money), date })}
        >
          {t('bisyaroh.process.pay')}
        </Button>
      </Group>
    </Stack>
  );
}
