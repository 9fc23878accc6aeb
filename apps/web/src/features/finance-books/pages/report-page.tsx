import { Alert, Group, SimpleGrid, Skeleton, Table, Text } from '@mantine/core';
import { formatRupiah, longMonth } from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MonthField } from '../../../components/date-fields.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { UnitSelect, useDefaultUnitId } from '../../../components/pickers.tsx';
import { PrintButton, PrintedPaper } from '../../../components/print/printed-paper.tsx';
import { errorText } from '../../../i18n/index.ts';
import { serverToday } from '../../../lib/clock.ts';
import { useVoucherReport } from '../api.ts';

/** report/cash-voucher: the leaders' view of a month's posted vouchers by type (count and total). */
export function CashVoucherReportPage() {
  const { t, i18n } = useTranslation();
  const [unitId, setUnitId] = useState<number | null>(useDefaultUnitId());
  const [month, setMonth] = useState(serverToday().slice(0, 7));
  const report = useVoucherReport(unitId, month);
  const lang = i18n.language === 'en' ? 'en' : 'id';
  return (
    <>
      <PageTitle>{t('financeBooks.report.title')}</PageTitle>
      <PrintedPaper
        unitId={unitId}
        title={`${t('financeBooks.report.title')} ${longMonth(month, lang)}`}
        actions={<PrintButton />}
        signed={report.isSuccess}
        controls={
          <Group align="flex-end" mt="sm">
            <UnitSelect value={unitId} onChange={setUnitId} />
            <MonthField label={t('financeBooks.vouchers.month')} value={month} onChange={setMonth} />
          </Group>
        }
      >
        {report.isPending && <Skeleton height={160} mt="md" />}
        {report.isError && <Alert color="red">{errorText(report.error)}</Alert>}
        {report.data && (
          <>
            <SimpleGrid cols={{ base: 2, sm: 4 }} mt="md">
              {(
                [
                  ['cashIn', report.data.cashIn],
                  ['cashOut', report.data.cashOut],
                  ['bankIn', report.data.bankIn],
                  ['bankOut', report.data.bankOut],
                ] as const
              ).map(([key, value]) => (
                <div key={key}>
                  <Text size="sm">{t(`financeBooks.report.${key}`)}</Text>
                  <Text fw={700}>{formatRupiah(value)}</Text>
                </div>
              ))}
            </SimpleGrid>
            <Table withTableBorder mt="md" aria-label={t('financeBooks.report.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('financeBooks.vouchers.type')}</Table.Th>
                  <Table.Th ta="right">{t('financeBooks.report.count')}</Table.Th>
                  <Table.Th ta="right">{t('financeBooks.report.total')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.data.rows.map((r) => (
                  <Table.Tr key={r.type}>
                    <Table.Td>{t(`financeBooks.types.${r.type}`)}</Table.Td>
                    <Table.Td ta="right">{r.count}</Table.Td>
                    <Table.Td ta="right">{formatRupiah(r.total)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
      </PrintedPaper>
    </>
  );
}
