import { Alert, Skeleton, Table, Text } from '@mantine/core';
import { formatRupiah, longDate, terbilangRupiah } from '@mms/shared';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title.tsx';
import { PrintButton, PrintedPaper, useSignedInSigner } from '../../../components/print/printed-paper.tsx';
import { errorText } from '../../../i18n/index.ts';
import { useVoucher } from '../api.ts';
import { VoucherAttachments } from '../components/voucher-attachments.tsx';

/** treasurer/voucher/:id: the printable voucher, its amount in words (terbilang), maker and approver. */
export function VoucherPage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const voucher = useVoucher(id);
  const treasurer = useSignedInSigner('TREASURER');
  if (voucher.isPending) return <Skeleton height={320} />;
  if (voucher.isError) return <Alert color="red">{errorText(voucher.error)}</Alert>;
  const v = voucher.data;
  const title = t(`financeBooks.voucher.titles.${v.type}`);
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const rows: [string, string][] = [
    [t('financeBooks.vouchers.number'), v.number ?? t('financeBooks.voucher.draftNote')],
    [t('financeBooks.vouchers.date'), longDate(v.date, lang)],
    [t('financeBooks.vouchers.moneyAccount'), `${v.moneyAccount.code} ${v.moneyAccount.name}`],
    [t('financeBooks.vouchers.account'), `${v.account.code} ${v.account.name}`],
    [t('financeBooks.vouchers.description'), v.description],
    [t('financeBooks.vouchers.amount'), formatRupiah(v.amount)],
    [t('financeBooks.voucher.words'), terbilangRupiah(v.amount)],
    ...(v.reversalReason ? [[t('financeBooks.voucher.reason'), v.reversalReason] as [string, string]] : []),
    [t('financeBooks.vouchers.maker'), v.makerName],
    [t('financeBooks.vouchers.approver'), v.approverName ?? '–'],
  ];
  return (
    <>
      <PageTitle>{`${title} ${v.number ?? ''}`.trim()}</PageTitle>
      <PrintedPaper
        unitId={v.unitId}
        title={title}
        actions={<PrintButton />}
        signed={v.state === 'POSTED'}
        signer={treasurer}
      >
        <Table withTableBorder withColumnBorders mt="md">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w="30%">{label}</Table.Th>
                <Table.Td>
                  <Text>{value}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <VoucherAttachments voucher={v} />
      </PrintedPaper>
    </>
  );
}
