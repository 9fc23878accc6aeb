import { Table } from '@mantine/core';
import { PRAYER_STATUSES, type PrayerCounts } from '@mms/shared';
import { useTranslation } from 'react-i18next';

export interface CountsRow {
  key: string | number;
  name: string;
  counts: PrayerCounts;
  total: number;
  rate: number | null;
}

/** Counts per status, the total and the congregation rate, one row each (a class, a grade, a student). */
export function CountsTable({
  label,
  head,
  rows,
  total,
}: {
  label: string;
  head: string;
  rows: CountsRow[];
  total?: CountsRow;
}) {
  const { t } = useTranslation();
  const line = (r: CountsRow, bold = false) => (
    <Table.Tr key={r.key} fw={bold ? 700 : undefined}>
      <Table.Td>{r.name}</Table.Td>
      {PRAYER_STATUSES.map((s) => (
        <Table.Td key={s} ta="right">
          {r.counts[s]}
        </Table.Td>
      ))}
      <Table.Td ta="right">{r.total}</Table.Td>
      <Table.Td ta="right">{r.rate ?? '–'}</Table.Td>
    </Table.Tr>
  );
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped withTableBorder aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{head}</Table.Th>
            {PRAYER_STATUSES.map((s) => (
              <Table.Th key={s} ta="right">
                {t(`prayer.statuses.${s}`)}
              </Table.Th>
            ))}
            <Table.Th ta="right">{t('prayer.recap.total')}</Table.Th>
            <Table.Th ta="right">{t('prayer.recap.rate')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => line(r))}
          {total && line(total, true)}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
