import { Alert, Badge, Button, Checkbox, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { formatRupiah } from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../../lib/route-names.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorText } from '../../../i18n/index.ts';
import { dateText, periodText } from '../../../lib/display.ts';
import { formatJakartaDate, formatJakartaTime } from '../../../lib/system-api.ts';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { useMyPayments, usePayLocal, useStartCharge } from '../api.ts';

const studentReceiptPath = (id: number) => ROUTES['student-receipt'].replace(':id', String(id));

/** students/student/payment: the student's payments (with their receipts), bills, credit and virtual accounts. */
export function StudentPaymentPage() {
  const { t, i18n } = useTranslation();
  const mine = useMyPayments();
  const start = useStartCharge();
  const payLocal = usePayLocal();
  const [chosen, setChosen] = useState<number[]>([]);
  if (mine.isPending) return <Skeleton height={320} />;
  if (mine.isError) return <Alert color="red">{errorText(mine.error)}</Alert>;
  const { payments, bills, credit, charges } = mine.data;
  const open = bills.filter((b) => b.status === 'UNPAID' || b.status === 'PARTIAL');
  return (
    <Stack>
      <PageTitle>{t('financePayments.student.title')}</PageTitle>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
        <Title order={2} fz="h4" mb="sm">
          {t('financePayments.student.payments')}
        </Title>
        {payments.length === 0 ? (
          <Text>{t('financePayments.student.noPayments')}</Text>
        ) : (
          // two columns (number over date, amount over status), so a 360 px phone shows every payment whole
          <Table withTableBorder aria-label={t('financePayments.student.payments')} data-testid="my-payments">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  {t('financePayments.list.number')} · {t('financePayments.list.date')}
                </Table.Th>
                <Table.Th ta="right">
                  {t('financePayments.list.amount')} · {t('financePayments.list.status')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payments.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Link to={studentReceiptPath(p.id)}>{p.number}</Link>
                    <Text size="sm" c="dimmed">
                      {dateText(p.date, 'short')}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatRupiah(p.amount)}
                    </Text>
                    <Badge variant="light" color={p.status === 'REVERSED' ? 'red' : 'green'}>
                      {t(`financePayments.statuses.${p.status}`)}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="h4">
            {t('financePayments.student.bills')}
          </Title>
          <Text>{t('financePayments.counter.credit', { amount: formatRupiah(credit) })}</Text>
        </Group>
        {open.length === 0 ? (
          <Text>{t('financePayments.counter.noBills')}</Text>
        ) : (
          <Stack>
            <Table.ScrollContainer minWidth={300}>
              <Table withTableBorder aria-label={t('financePayments.student.bills')}>
                <Table.Tbody>
                  {open.map((b) => (
                    <Table.Tr key={b.id}>
                      <Table.Td>
                        <Checkbox
                          aria-label={t('financePayments.student.choose', {
                            bill: `${b.componentName} ${periodText(b)}`,
                          })}
                          checked={chosen.includes(b.id)}
                          onChange={(e) =>
                            setChosen(e.currentTarget.checked ? [...chosen, b.id] : chosen.filter((x) => x !== b.id))
                          }
                        />
                      </Table.Td>
                      <Table.Td>{b.componentName}</Table.Td>
                      <Table.Td>{periodText(b)}</Table.Td>
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        {formatRupiah(b.outstanding)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="flex-end">
              <Button
                disabled={chosen.length === 0}
                loading={start.isPending}
                onClick={() =>
                  start.mutate(chosen, {
                    onSuccess: () => {
                      setChosen([]);
                      notifyDone('saved');
                    },
                    onError: notifyError,
                  })
                }
              >
                {t('financePayments.student.payOnline')}
              </Button>
            </Group>
          </Stack>
        )}
      </Paper>
      {charges.length > 0 && (
        <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
          <Title order={2} fz="h4" mb="sm">
            {t('financePayments.student.charges')}
          </Title>
          <Stack>
            {charges.map((c) => (
              <Group key={c.id} justify="space-between">
                <Stack gap={0}>
                  <Text data-testid="charge-va">
                    {t('financePayments.student.charge', {
                      va: c.vaNumber ?? c.providerRef,
                      amount: formatRupiah(c.amount),
                    })}
                  </Text>
                  {c.status !== 'PAID' && (
                    <Text size="sm" c="dimmed" data-testid="charge-expiry">
                      {t(
                        c.status === 'EXPIRED' ? 'financePayments.student.expired' : 'financePayments.student.expires',
                        {
                          date: formatJakartaDate(new Date(c.expiresAt), i18n.language),
                          time: formatJakartaTime(new Date(c.expiresAt)).slice(0, 5),
                        },
                      )}
                    </Text>
                  )}
                </Stack>
                <Group>
                  <Badge variant="light" color={{ PAID: 'green', PENDING: 'yellow', EXPIRED: 'gray' }[c.status]}>
                    {t(`financePayments.student.status.${c.status}`)}
                  </Badge>
                  {c.status === 'PENDING' && c.provider === 'local' && (
                    <Button
                      variant="default"
                      size="xs"
                      loading={payLocal.isPending}
                      onClick={() =>
                        payLocal.mutate(c.id, { onSuccess: () => notifyDone('saved'), onError: notifyError })
                      }
                    >
                      {t('financePayments.student.payLocal')}
                    </Button>
                  )}
                </Group>
              </Group>
            ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
