import { Badge, Box, Select, Text, Title } from '@mantine/core';
import type { ComponentIncomeAccount, IncomeAccountRef } from '@mms/shared';
import { useTranslation } from 'react-i18next';
import '../../../i18n/finance-payments/index.ts';
import { errorText } from '../../../i18n/index.ts';
import { DataList } from '../../../components/data-list/data-list.tsx';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { useComponentAccounts, useSetComponentAccount } from '../../finance-payments/api.ts';

const accountLabel = (a: IncomeAccountRef) => `${a.code} ${a.name}`;
const SOURCE_COLOR = { MAPPED: 'blue', NAME: 'gray', FALLBACK: 'gray', NONE: 'red' } as const;

/**
 * A section of treasurer/payment-components: the income account of the chart of accounts each component's
 * payments are booked to (the BKM/BBM a payment makes). A manager chooses one per component or leaves the
 * default rule; a reader sees the accounts.
 */
export function ComponentIncomeAccounts({ unitId, canManage }: { unitId: number | null; canManage: boolean }) {
  const { t } = useTranslation();
  const list = useComponentAccounts(unitId);
  const set = useSetComponentAccount();
  const accounts = list.data?.accounts ?? [];
  const choose = (c: ComponentIncomeAccount, value: string | null) =>
    set.mutate(
      { componentId: c.componentId, accountId: value === null ? null : Number(value) },
      { onSuccess: () => notifyDone('saved', c.name), onError: notifyError },
    );
  return (
    <Box component="section" mt="xl" aria-labelledby="income-accounts">
      <Title order={2} fz="h4" id="income-accounts">
        {t('financePayments.incomeAccounts.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('financePayments.incomeAccounts.help')}
      </Text>
      {unitId === null ? (
        <Text size="sm">{t('financePayments.incomeAccounts.pickUnit')}</Text>
      ) : list.isError ? (
        <Text c="red">{errorText(list.error)}</Text>
      ) : (
        <DataList<ComponentIncomeAccount>
          label={t('financePayments.incomeAccounts.title')}
          records={list.data?.items}
          fetching={list.isFetching}
          idAccessor="componentId"
          emptyText={t('financePayments.incomeAccounts.empty')}
          columns={[
            {
              accessor: 'name',
              title: t('financePayments.incomeAccounts.component'),
              render: (c) => `${c.code} · ${c.name}`,
            },
            {
              accessor: 'account',
              title: t('financePayments.incomeAccounts.account'),
              render: (c) =>
                canManage ? (
                  <Select
                    aria-label={t('financePayments.incomeAccounts.choose', { name: c.name })}
                    data={accounts.map((a) => ({ value: String(a.id), label: accountLabel(a) }))}
                    value={c.source === 'MAPPED' && c.account ? String(c.account.id) : null}
                    placeholder={
                      c.account
                        ? t('financePayments.incomeAccounts.default', { account: accountLabel(c.account) })
                        : t('financePayments.incomeAccounts.none')
                    }
                    clearable
                    searchable
                    disabled={set.isPending}
                    onChange={(value) => choose(c, value)}
                  />
                ) : (
                  <Text>{c.account ? accountLabel(c.account) : t('financePayments.incomeAccounts.none')}</Text>
                ),
            },
            {
              accessor: 'source',
              title: t('financePayments.incomeAccounts.rule'),
              render: (c) => (
                <Badge variant="light" color={SOURCE_COLOR[c.source]}>
                  {t(`financePayments.incomeAccounts.source.${c.source}`)}
                </Badge>
              ),
            },
          ]}
        />
      )}
    </Box>
  );
}
