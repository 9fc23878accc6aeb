import { Alert, Button, Skeleton, Table } from '@mantine/core';
import { formatRupiah, longMonth } from '@mms/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorText } from '../../../i18n/index.ts';
import { useMySlip, useMySlips } from '../api.ts';
import { SlipPaper } from '../components/slip-paper.tsx';

/** tutor/bisyaroh ("Bisyaroh saya"): one's own slips of locked months; a slip opens for printing. */
export function MyBisyarohPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const [params, setParams] = useSearchParams();
  const openId = params.get('slip') ? Number(params.get('slip')) : null;
  const slips = useMySlips();
  const slip = useMySlip(openId);
  return (
    <>
      <PageTitle>{t('bisyaroh.mine.title')}</PageTitle>
      {slips.isPending && <Skeleton height={160} />}
      {slips.isError && <Alert color="red">{errorText(slips.error)}</Alert>}
      {slips.data?.items.length === 0 && <Alert color="blue">{t('bisyaroh.mine.empty')}</Alert>}
      {!!slips.data?.items.length && (
        <Table striped withTableBorder mb="lg" aria-label={t('bisyaroh.mine.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('bisyaroh.common.month')}</Table.Th>
              <Table.Th>{t('bisyaroh.list.unit')}</Table.Th>
              <Table.Th ta="right">{t('bisyaroh.common.total')}</Table.Th>
              <Table.Th>{t('bisyaroh.common.status')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {slips.data.items.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>{longMonth(s.month, lang)}</Table.Td>
                <Table.Td>{s.unitName}</Table.Td>
                <Table.Td ta="right">{formatRupiah(s.total)}</Table.Td>
                <Table.Td>{s.paidAt ? t('bisyaroh.common.paid') : t('bisyaroh.common.unpaid')}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={`${t('bisyaroh.common.print')} ${longMonth(s.month, lang)}`}
                    onClick={() => setParams({ slip: String(s.id) })}
                  >
                    {t('bisyaroh.common.print')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {openId !== null && slip.isPending && <Skeleton height={320} />}
      {slip.isError && <Alert color="red">{errorText(slip.error)}</Alert>}
      {slip.data && (
        <SlipPaper
          slip={slip.data}
          actions={
            <Button variant="default" onClick={() => setParams({})}>
              {t('bisyaroh.mine.close')}
            </Button>
          }
        />
      )}
    </>
  );
}
