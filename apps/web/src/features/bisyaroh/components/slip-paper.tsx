import { Table, Text } from '@mantine/core';
import { longMonth, terbilangRupiah, type BisyarohSlip } from '@mms/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PrintButton, PrintedPaper, useSignedInSigner } from '../../../components/print/printed-paper.tsx';
import { SlipLines } from './slip-lines.tsx';

/** The printable slip on the unit's letterhead: employee, month, each line, the total and the total in words. */
export function SlipPaper({ slip, actions }: { slip: BisyarohSlip; actions?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const treasurer = useSignedInSigner('TREASURER');
  const rows: [string, string][] = [
    [t('bisyaroh.common.employee'), slip.employeeName],
    [t('bisyaroh.slip.nip'), slip.nip],
    [t('bisyaroh.common.position'), slip.position ?? '–'],
    [t('bisyaroh.common.month'), longMonth(slip.month, lang)],
  ];
  return (
    <PrintedPaper
      unitId={slip.unitId}
      title={`${t('bisyaroh.slip.title')} ${longMonth(slip.month, lang)}`}
      signer={treasurer}
      actions={
        <>
          {actions}
          <PrintButton />
        </>
      }
    >
      <Table withTableBorder withColumnBorders mt="md">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="30%">{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <SlipLines lines={slip.lines} total={slip.total} label={t('bisyaroh.process.lines')} />
      <Text mt="sm">
        <strong>{t('bisyaroh.slip.words')}:</strong> {terbilangRupiah(Math.abs(slip.total))}
      </Text>
    </PrintedPaper>
  );
}
