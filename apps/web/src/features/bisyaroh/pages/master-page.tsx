import { Alert, Button, Group, Modal, Skeleton, Tabs, Text, TextInput } from '@mantine/core';
import { formatRupiah, longMonth, type BisyarohLoan, type BisyarohRate } from '@mms/shared';
import { IconFileSpreadsheet, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title.tsx';
import { UnitSelect, useDefaultUnitId } from '../../../components/pickers.tsx';
import { errorText } from '../../../i18n/index.ts';
import { serverToday } from '../../../lib/clock.ts';
import { BASE, useLoans, useRates } from '../api.ts';
import { LoanForm } from '../components/loan-form.tsx';
import { RateForm } from '../components/rate-form.tsx';
import { DataList } from '../../../components/data-list/data-list.tsx';
import { amountColumn } from '../../../components/data-list/columns.ts';

type Editing = { kind: 'rate'; rate?: BisyarohRate } | { kind: 'loan'; loan?: BisyarohLoan } | null;

/** principal/bisyaroh-master: rates per position and employee (valid from a month) and loans. */
export function MasterPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const [unitId, setUnitId] = useState<number | null>(useDefaultUnitId());
  const [q, setQ] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const rates = useRates(unitId);
  const loans = useLoans(unitId);
  const month = serverToday().slice(0, 7);
  const needle = q.trim().toLowerCase();
  const shownRates = (rates.data?.items ?? []).filter(
    (r) => !needle || `${r.position ?? ''} ${r.employeeName ?? ''}`.toLowerCase().includes(needle),
  );
  const shownLoans = (loans.data?.items ?? []).filter(
    (l) => !needle || `${l.employeeName} ${l.name}`.toLowerCase().includes(needle),
  );
  const exportHref = `/api/v1${BASE}/rates/export?${new URLSearchParams(unitId ? { unitId: String(unitId) } : {})}`;

  return (
    <>
      <PageTitle>{t('bisyaroh.master.title')}</PageTitle>
      <Text size="sm" mb="sm">
        {t('bisyaroh.master.hint')}
      </Text>
      <Group align="flex-end" mb="md">
        <UnitSelect value={unitId} onChange={setUnitId} />
        <TextInput label={t('bisyaroh.common.search')} value={q} onChange={(e) => setQ(e.currentTarget.value)} />
        <Button
          component="a"
          href={exportHref}
          variant="default"
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
        >
          {t('bisyaroh.common.export')}
        </Button>
      </Group>
      <Tabs defaultValue="rates">
        <Tabs.List>
          <Tabs.Tab value="rates">{t('bisyaroh.master.rates')}</Tabs.Tab>
          <Tabs.Tab value="loans">{t('bisyaroh.master.loans')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="rates" pt="md">
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={unitId === null}
            onClick={() => setEditing({ kind: 'rate' })}
          >
            {t('bisyaroh.master.addRate')}
          </Button>
          {rates.isPending && <Skeleton height={160} mt="md" />}
          {rates.isError && <Alert color="red">{errorText(rates.error)}</Alert>}
          {rates.data && (
            <DataList
              label={t('bisyaroh.master.rates')}
              records={shownRates}
              emptyText={t('bisyaroh.common.empty')}
              columns={[
                {
                  accessor: 'employeeName',
                  title: t('bisyaroh.master.forWhom'),
                  render: (r) => r.employeeName ?? r.position,
                },
                {
                  accessor: 'validFrom',
                  title: t('bisyaroh.master.validFrom'),
                  render: (r) => longMonth(r.validFrom, lang),
                },
                amountColumn('perJp', t('bisyaroh.master.perJp')),
                amountColumn('perDay', t('bisyaroh.master.perDay')),
                amountColumn('onTimePerDay', t('bisyaroh.master.onTimePerDay')),
                amountColumn('transportPerDay', t('bisyaroh.master.transportPerDay')),
                amountColumn('absencePerDay', t('bisyaroh.master.absencePerDay')),
                {
                  accessor: 'allowances',
                  title: t('bisyaroh.master.allowances'),
                  render: (r) => <>{r.allowances.map((a) => `${a.name} ${formatRupiah(a.amount)}`).join(', ')}</>,
                },
                {
                  accessor: '_actions',
                  title: '',
                  render: (r) => (
                    <>
                      <Button size="xs" variant="default" onClick={() => setEditing({ kind: 'rate', rate: r })}>
                        {t('bisyaroh.master.editRate')}
                      </Button>
                    </>
                  ),
                },
              ]}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="loans" pt="md">
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={unitId === null}
            onClick={() => setEditing({ kind: 'loan' })}
          >
            {t('bisyaroh.master.addLoan')}
          </Button>
          {loans.isPending && <Skeleton height={160} mt="md" />}
          {loans.isError && <Alert color="red">{errorText(loans.error)}</Alert>}
          {loans.data && (
            <DataList
              label={t('bisyaroh.master.loans')}
              records={shownLoans}
              emptyText={t('bisyaroh.common.empty')}
              columns={[
                { accessor: 'employeeName', title: t('bisyaroh.common.employee') },
                { accessor: 'name', title: t('bisyaroh.master.loanName') },
                amountColumn('principal', t('bisyaroh.master.principal')),
                amountColumn('instalment', t('bisyaroh.master.instalment')),
                {
                  accessor: 'startMonth',
                  title: t('bisyaroh.master.startMonth'),
                  render: (l) => longMonth(l.startMonth, lang),
                },
                amountColumn('remaining', t('bisyaroh.master.remaining')),
                {
                  accessor: '_actions',
                  title: '',
                  render: (l) => (
                    <>
                      <Button size="xs" variant="default" onClick={() => setEditing({ kind: 'loan', loan: l })}>
                        {t('bisyaroh.master.editLoan')}
                      </Button>
                    </>
                  ),
                },
              ]}
            />
          )}
        </Tabs.Panel>
      </Tabs>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        size="lg"
        title={
          editing?.kind === 'rate'
            ? t(editing.rate ? 'bisyaroh.master.editRate' : 'bisyaroh.master.addRate')
            : t(editing?.loan ? 'bisyaroh.master.editLoan' : 'bisyaroh.master.addLoan')
        }
      >
        {editing?.kind === 'rate' && unitId !== null && (
          <RateForm unitId={unitId} rate={editing.rate} month={month} onDone={() => setEditing(null)} />
        )}
        {editing?.kind === 'loan' && unitId !== null && (
          <LoanForm unitId={unitId} loan={editing.loan} month={month} onDone={() => setEditing(null)} />
        )}
      </Modal>
    </>
  );
}
