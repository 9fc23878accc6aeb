import { Alert, Badge, Group, SimpleGrid, Skeleton, Table, Text } from '@mantine/core';
import { formatRupiah, longDate, longMonth, type Receipt } from '@mms/shared';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title.tsx';
import { PrintButton, PrintedPaper } from '../../../components/print/printed-paper.tsx';
import { errorText } from '../../../i18n/index.ts';
import { periodText } from '../../../lib/display.ts';
import { useReceipt } from '../api.ts';

const RECAP_COLOR = { PAID: 'green', PARTIAL: 'yellow', UNPAID: 'red', NONE: 'gray' } as const;

/** The receipt (kwitansi) on the letterhead: number, student, bills paid, amount and terbilang, SPP recap. */
export function ReceiptView({ receipt }: { receipt: Receipt }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const p = receipt.payment;
  const reversed = p.status === 'REVERSED';
  const rows: [string, string][] = [
    [t('financePayments.receipt.number'), p.number],
    [t('financePayments.receipt.date'), longDate(p.date, lang)],
    [t('financePayments.receipt.student'), `${p.student.name} (${p.student.nis})`],
    [t('financePayments.receipt.className'), p.student.className ?? '–'],
    [t('financePayments.receipt.amount'), formatRupiah(p.amount)],
    [t('financePayments.receipt.words'), receipt.terbilang],
    [t('financePayments.receipt.method'), t(`financePayments.methods.${p.method}`)],
    ...(p.payerName ? [[t('financePayments.receipt.payer'), p.payerName] as [string, string]] : []),
    ...(p.creditUsed > 0
      ? [[t('financePayments.receipt.creditUsed'), formatRupiah(p.creditUsed)] as [string, string]]
      : []),
    ...(p.creditAdded > 0
      ? [[t('financePayments.receipt.creditAdded'), formatRupiah(p.creditAdded)] as [string, string]]
      : []),
    [t('financePayments.receipt.cashier'), p.cashierName ?? t('financePayments.methods.GATEWAY')],
  ];
  return (
    <PrintedPaper
      unitId={p.unitId}
      title={`${t('financePayments.receipt.title')} ${p.number}`}
      actions={<PrintButton />}
      // signed by the cashier who took the money; a gateway payment had none, the treasurer signs
      signer={p.cashierName ? { role: 'CASHIER', name: p.cashierName } : { role: 'TREASURER', name: null }}
      subtitle={
        reversed && (
          <Group gap="xs">
            <Badge color="red" size="lg" data-testid="receipt-reversed">
              {t('financePayments.receipt.reversed')}
            </Badge>
            <Text size="sm">
              {t('financePayments.receipt.reversedBy', {
                reason: p.reversalReason ?? '',
                asker: p.reversalRequestedBy ?? '–',
                approver: p.reversalApprovedBy ?? '–',
              })}
            </Text>
          </Group>
        )
      }
    >
      <Table withTableBorder withColumnBorders mt="md">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="30%">{label}</Table.Th>
              <Table.Td>
                <Text data-testid={label === t('financePayments.receipt.words') ? 'receipt-words' : undefined}>
                  {value}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Table withTableBorder mt="md" aria-label={t('financePayments.receipt.bills')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('financePayments.counter.component')}</Table.Th>
            <Table.Th>{t('financePayments.counter.period')}</Table.Th>
            <Table.Th ta="right">{t('financePayments.receipt.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {p.allocations.map((a) => (
            <Table.Tr key={a.billId}>
              <Table.Td>{a.componentName}</Table.Td>
              <Table.Td>{periodText(a)}</Table.Td>
              <Table.Td ta="right">{formatRupiah(a.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {receipt.recapComponent && (
        <section
          aria-label={t('financePayments.receipt.recap', {
            component: receipt.recapComponent,
            year: receipt.schoolYear,
          })}
          data-testid="receipt-recap"
        >
          <Text fw={600} mt="md" mb="xs">
            {t('financePayments.receipt.recap', { component: receipt.recapComponent, year: receipt.schoolYear })}
          </Text>
          <SimpleGrid cols={{ base: 2, xs: 3, sm: 6 }} spacing="xs">
            {receipt.recap.map((m) => (
              <Group key={m.month} gap={4} wrap="nowrap">
                <Text size="sm">{longMonth(m.month, lang).split(' ')[0]}</Text>
                <Badge variant="light" color={RECAP_COLOR[m.status]}>
                  {t(`financePayments.receipt.recapStatus.${m.status}`)}
                </Badge>
              </Group>
            ))}
          </SimpleGrid>
        </section>
      )}
      {receipt.stampDuty && (
        <Text mt="md" fw={600} data-testid="receipt-stamp">
          {t('financePayments.receipt.stampDuty')}
        </Text>
      )}
    </PrintedPaper>
  );
}

function ReceiptScreen({ own }: { own: boolean }) {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const receipt = useReceipt(id, own);
  if (receipt.isPending) return <Skeleton height={420} />;
  if (receipt.isError) return <Alert color="red">{errorText(receipt.error)}</Alert>;
  return (
    <>
      <PageTitle>{`${t('financePayments.receipt.title')} ${receipt.data.payment.number}`}</PageTitle>
      <ReceiptView receipt={receipt.data} />
    </>
  );
}

/** treasurer/receipt/:id: the receipt for finance staff of the unit. */
export const ReceiptPage = () => <ReceiptScreen own={false} />;
/** students/student/receipt/:id: the signed-in student's own receipt (another's is not found). */
export const StudentReceiptPage = () => <ReceiptScreen own />;
