import { Table, Text } from '@mantine/core';
import { formatRupiah, type BisyarohLine } from '@mms/shared';
import { useTranslation } from 'react-i18next';

/** The lines of a slip with their total: quantity x rate = amount; a deduction shows negative. */
export function SlipLines({ lines, total, label }: { lines: BisyarohLine[]; total: number; label: string }) {
  const { t } = useTranslation();
  return (
    <Table withTableBorder mt="sm" aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('bisyaroh.process.label')}</Table.Th>
          <Table.Th ta="right">{t('bisyaroh.process.quantity')}</Table.Th>
          <Table.Th ta="right">{t('bisyaroh.process.rate')}</Table.Th>
          <Table.Th ta="right">{t('bisyaroh.common.total')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((l) => (
          <Table.Tr key={l.id}>
            <Table.Td>
              <Text size="sm">{l.label}</Text>
              {l.reason && <Text size="xs">{`${t('bisyaroh.common.reason')}: ${l.reason}`}</Text>}
            </Table.Td>
            <Table.Td ta="right">{l.quantity}</Table.Td>
            <Table.Td ta="right">{formatRupiah(l.rate)}</Table.Td>
            <Table.Td ta="right">{formatRupiah(l.amount)}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr fw={700}>
          <Table.Td colSpan={3}>{t('bisyaroh.common.total')}</Table.Td>
          <Table.Td ta="right" data-testid="slip-total">
            {formatRupiah(total)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
