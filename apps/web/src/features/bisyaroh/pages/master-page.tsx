import { Alert, Button, Group, Modal, Skeleton, Table, Tabs, Text, TextInput } from '@mantine/core';
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
            <Table.ScrollContainer minWidth={800}>
              <Table striped withTableBorder mt="md" aria-label={t('bisyaroh.master.rates')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('bisyaroh.master.forWhom')}</Table.Th>
                    <Table.Th>{t('bisyaroh.master.validFrom')}</Table.Th>
                    <Table.Th ta="right">{t('bisyaroh.master.perJp')}</Table.Th>
                    <Table.Th ta="right">{t('bisyaroh.master.perDay')}</Table.Th>
                    <Table.Th ta="right">{t('bisyaroh.master.onTimePerDay')}</Table.Th>
                    <Table.Th ta="right">{t('bisyaroh.master.transportPerDay')}</Table.Th>
                    <Table.Th ta="right">{t('bisyaroh.master.absencePerDay')}</Table.Th>
                    <Table.Th>{t('bisyaroh.master.allowances')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shownRates.map((r) => (
                    <Table.Tr key={r.id}>
                      <Table.Td>{r.employeeName ?? r.position}</Table.Td>
                      <Table.Td>{longMonth(r.validFrom, lang)}</Table.Td>
                      <Table.Td ta="right">{formatRupiah(r.perJp)}</Table.Td>
                      <Table.Td ta="right">{formatRupiah(r.perDay)}</Table.Td>
                      <Table.Td ta="right">{formatRupiah(r.onTimePerDay)}</Table.Td>
                      <Table.Td ta="right">{formatRupiah(r.transportPerDay)}</Table.Td>
                      <Table.Td ta="right">{formatRupiah(r.absencePerDay)}</Table.Td>
                      <Table.Td>{r.allowances.map((a) => `${a.name} ${formatRupiah(a.amount)}`).join(', ')}</Table.Td>
                      <Table.Td>
                        <Button size="xs" variant="default" onClick={() => setEditing({ kind: 'rate', rate: r })}>
                          {t('bisyaroh.master.editRate')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                  {shownRates.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={9}>{t('bisyaroh.common.empty')}</Table.Td>
                    </Table.Tr>
                  )}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
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
            <Table striped withTableBorder mt="md" aria-label={t('bisyaroh.master.loans')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('bisyaroh.common.employee')}</Table.Th>
                  <Table.Th>{t('bisyaroh.master.loanName')}</Table.Th>
                  <Table.Th ta="right">{t('bisyaroh.master.principal')}</Table.Th>
                  <Table.Th ta="right">{t('bisyaroh.master.instalment')}</Table.Th>
                  <Table.Th>{t('bisyaroh.master.startMonth')}</Table.Th>
                  <Table.Th ta="right">{t('bisyaroh.master.remaining')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shownLoans.map((l) => (
                  <Table.Tr key={l.id}>
                    <Table.Td>{l.employeeName}</Table.Td>
                    <Table.Td>{l.name}</Table.Td>
                    <Table.Td ta="right">{formatRupiah(l.principal)}</Table.Td>
                    <Table.Td ta="right">{formatRupiah(l.instalment)}</Table.Td>
                    <Table.Td>{longMonth(l.startMonth, lang)}</Table.Td>
                    <Table.Td ta="right">{formatRupiah(l.remaining)}</Table.Td>
                    <Table.Td>
                      <Button size="xs" variant="default" onClick={() => setEditing({ kind: 'loan', loan: l })}>
                        {t('bisyaroh.master.editLoan')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
                {shownLoans.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={7}>{t('bisyaroh.common.empty')}</Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
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
