import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatRupiah, type StudentHit } from '@mms/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePhone } from '../../../components/data-list/responsive-table.tsx';
import { ROUTES } from '../../../lib/route-names.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { dateText, periodText } from '../../../lib/display.ts';
import { notifyError } from '../../../lib/notify.ts';
import { usePay, useStudentAccount, useStudentSearch } from '../api.ts';
import { allocationsToSend, previewAllocation } from './allocation-preview.ts';

export const receiptPath = (id: number) => ROUTES['treasurer-receipt'].replace(':id', String(id));

/** Finds a student by name or NIS as the cashier types (debounced server search). */
function StudentFinder({ value, onChange }: { value: StudentHit | null; onChange: (s: StudentHit | null) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const found = useStudentSearch(q);
  const items = found.data?.items ?? [];
  const label = (s: StudentHit) => `${s.name} – ${s.nis}${s.className ? ` (${s.className})` : ''}`;
  const all = [...(value && !items.some((s) => s.id === value.id) ? [value] : []), ...items];
  return (
    <Select
      label={t('financePayments.counter.find')}
      placeholder={t('financePayments.counter.findHint')}
      searchable
      clearable
      filter={({ options }) => options}
      searchValue={search}
      onSearchChange={setSearch}
      data={all.map((s) => ({ value: String(s.id), label: label(s) }))}
      value={value ? String(value.id) : null}
      onChange={(v) => onChange(all.find((s) => String(s.id) === v) ?? null)}
      nothingFoundMessage={q.length >= 2 && !found.isFetching ? '–' : undefined}
      data-testid="counter-student"
    />
  );
}

/** The cashier's counter: student, open bills, amount, the editable allocation preview, confirm, then the receipt. */
export function Counter() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const phone = usePhone();
  const [student, setStudent] = useState<StudentHit | null>(null);
  const account = useStudentAccount(student?.id ?? null);
  const [amount, setAmount] = useState(0);
  const [method, setMethod] = useState<'CASH' | 'TRANSFER'>('CASH');
  const [useCredit, setUseCredit] = useState(true);
  const [payerName, setPayerName] = useState('');
  const [note, setNote] = useState('');
  const [overrides, setOverrides] = useState<Map<number, number>>(new Map());
  const pay = usePay();
  const bills = useMemo(() => account.data?.bills ?? [], [account.data]);
  const credit = useCredit ? (account.data?.credit ?? 0) : 0;
  const preview = useMemo(
    () => previewAllocation(bills, amount, credit, overrides),
    [bills, amount, credit, overrides],
  );

  const choose = (s: StudentHit | null) => {
    setStudent(s);
    setOverrides(new Map());
    setAmount(0);
  };
  const submit = () => {
    if (!student) return;
    confirmDialog({
      title: t('financePayments.counter.confirmTitle'),
      text: t('financePayments.counter.confirmText', { amount: formatRupiah(amount), student: student.name }),
      confirm: t('financePayments.counter.confirm'),
      onConfirm: () =>
        pay.mutate(
          {
            studentId: student.id,
            method,
            amount,
            useCredit,
            payerName: payerName.trim() || undefined,
            note: note.trim() || undefined,
            allocations: allocationsToSend(preview, overrides.size > 0),
          },
          {
            onSuccess: (p) => {
              choose(null);
              void navigate(receiptPath(p.id));
            },
            onError: notifyError,
          },
        ),
    });
  };

  /** The amount of one bill paid now: a field in the bill's row (a PC) or card (a phone, full width with its label). */
  const allocationInput = (r: (typeof preview.rows)[number], label?: string) => (
    <NumberInput
      label={label}
      aria-label={t('financePayments.counter.allocationFor', {
        bill: `${r.bill.componentName} ${periodText(r.bill)}`,
      })}
      value={r.amount}
      min={0}
      max={r.bill.outstanding}
      allowDecimal={false}
      allowNegative={false}
      thousandSeparator="."
      decimalSeparator=","
      w={label ? '100%' : 140}
      onChange={(v) => {
        const next = new Map(overrides);
        next.set(r.bill.id, typeof v === 'number' ? v : 0);
        setOverrides(next);
      }}
    />
  );

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <Stack>
        <StudentFinder value={student} onChange={choose} />
        {!student ? (
          <Text>{t('financePayments.counter.noStudent')}</Text>
        ) : account.isPending ? (
          <Skeleton height={160} />
        ) : account.isError ? (
          <Alert color="red">{String(account.error)}</Alert>
        ) : (
          <>
            <Group gap="lg">
              <Text fw={600} data-testid="counter-outstanding">
                {t('financePayments.counter.totalOutstanding', { amount: formatRupiah(account.data.outstanding) })}
              </Text>
              <Text data-testid="counter-credit">
                {t('financePayments.counter.credit', { amount: formatRupiah(account.data.credit) })}
              </Text>
            </Group>
            <Title order={2} fz="h4">
              {t('financePayments.counter.bills')}
            </Title>
            {bills.length === 0 ? (
              <Text>{t('financePayments.counter.noBills')}</Text>
            ) : phone ? (
              // a phone: one card per bill, every figure on its own line and the amount to pay full width (the
              // six-column table was 595 px wide on a 360 px screen)
              <Stack
                gap="xs"
                component="ul"
                m={0}
                p={0}
                style={{ listStyle: 'none' }}
                aria-label={t('financePayments.counter.bills')}
                data-testid="counter-bills"
              >
                {preview.rows.map((r) => (
                  <Paper component="li" key={r.bill.id} withBorder radius="md" p="sm">
                    <Text fw={600}>
                      {r.bill.componentName} · {periodText(r.bill)}
                    </Text>
                    <Text size="sm">
                      {t('financePayments.counter.due')}: {dateText(r.bill.dueDate, 'short')}
                    </Text>
                    <Group justify="space-between" wrap="nowrap">
                      <Text size="sm">{t('financePayments.counter.outstanding')}</Text>
                      <Text size="sm" className="mms-nowrap">
                        {formatRupiah(r.bill.outstanding)}
                      </Text>
                    </Group>
                    {allocationInput(r, t('financePayments.counter.pay'))}
                    <Group justify="space-between" wrap="nowrap" mt={4}>
                      <Text size="sm">{t('financePayments.counter.after')}</Text>
                      <Text size="sm" className="mms-nowrap">
                        {formatRupiah(r.after)}
                      </Text>
                    </Group>
                  </Paper>
                ))}
              </Stack>
            ) : (
              <Table withTableBorder aria-label={t('financePayments.counter.bills')} data-testid="counter-bills">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('financePayments.counter.component')}</Table.Th>
                    <Table.Th>{t('financePayments.counter.period')}</Table.Th>
                    <Table.Th>{t('financePayments.counter.due')}</Table.Th>
                    <Table.Th ta="right">{t('financePayments.counter.outstanding')}</Table.Th>
                    <Table.Th ta="right">{t('financePayments.counter.pay')}</Table.Th>
                    <Table.Th ta="right">{t('financePayments.counter.after')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.rows.map((r) => (
                    <Table.Tr key={r.bill.id}>
                      <Table.Td>{r.bill.componentName}</Table.Td>
                      <Table.Td>{periodText(r.bill)}</Table.Td>
                      <Table.Td>{dateText(r.bill.dueDate, 'short')}</Table.Td>
                      <Table.Td ta="right">{formatRupiah(r.bill.outstanding)}</Table.Td>
                      <Table.Td ta="right">{allocationInput(r)}</Table.Td>
                      <Table.Td ta="right">{formatRupiah(r.after)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            <Group align="flex-end">
              <NumberInput
                label={t('financePayments.counter.amount')}
                value={amount}
                onChange={(v) => setAmount(typeof v === 'number' ? v : 0)}
                min={0}
                allowDecimal={false}
                allowNegative={false}
                thousandSeparator="."
                decimalSeparator=","
                required
                w={200}
              />
              <SegmentedControl
                aria-label={t('financePayments.counter.method')}
                value={method}
                onChange={(v) => setMethod(v as 'CASH' | 'TRANSFER')}
                data={[
                  { value: 'CASH', label: t('financePayments.methods.CASH') },
                  { value: 'TRANSFER', label: t('financePayments.methods.TRANSFER') },
                ]}
              />
              <Checkbox
                label={t('financePayments.counter.useCredit')}
                checked={useCredit}
                onChange={(e) => setUseCredit(e.currentTarget.checked)}
                disabled={account.data.credit === 0}
              />
              {overrides.size > 0 && (
                <Button variant="default" onClick={() => setOverrides(new Map())}>
                  {t('financePayments.counter.reset')}
                </Button>
              )}
            </Group>
            <Group grow>
              <TextInput
                label={t('financePayments.counter.payer')}
                value={payerName}
                onChange={(e) => setPayerName(e.currentTarget.value)}
                maxLength={100}
              />
              <TextInput
                label={t('financePayments.counter.note')}
                value={note}
                onChange={(e) => setNote(e.currentTarget.value)}
                maxLength={300}
              />
            </Group>
            <Group gap="lg" data-testid="counter-summary">
              <Text>{t('financePayments.counter.allocated', { amount: formatRupiah(preview.allocated) })}</Text>
              {preview.creditUsed > 0 && (
                <Text>{t('financePayments.counter.creditUsed', { amount: formatRupiah(preview.creditUsed) })}</Text>
              )}
              {preview.creditAdded > 0 && (
                <Text>{t('financePayments.counter.creditAdded', { amount: formatRupiah(preview.creditAdded) })}</Text>
              )}
            </Group>
            {preview.error && <Alert color="red">{t(`financePayments.counter.errors.${preview.error.code}`)}</Alert>}
            <Group justify="flex-end">
              <Button onClick={submit} disabled={amount <= 0 || preview.error !== null} loading={pay.isPending}>
                {t('financePayments.counter.confirm')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
