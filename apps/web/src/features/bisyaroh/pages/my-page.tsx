import { Alert, Button, Skeleton } from '@mantine/core';
import { formatRupiah, longMonth } from '@mms/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorText } from '../../../i18n/index.ts';
import { useMySlip, useMySlips } from '../api.ts';
import { SlipPaper } from '../components/slip-paper.tsx';
import { DataList } from '../../../components/data-list/data-list.tsx';

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
        <DataList
          label={t('bisyaroh.mine.title')}
          records={slips.data.items}
          columns={[
            { accessor: 'month', title: t('bisyaroh.common.month'), render: (s) => longMonth(s.month, lang) },
            { accessor: 'unitName', title: t('bisyaroh.list.unit') },
            {
              accessor: 'total',
              title: t('bisyaroh.common.total'),
              textAlign: 'right',
              render: (s) => formatRupiah(s.total),
            },
            {
              accessor: 'paidAt',
              title: t('bisyaroh.common.status'),
              render: (s) => (s.paidAt ? t('bisyaroh.common.paid') : t('bisyaroh.common.unpaid')),
            },
            {
              accessor: '_actions',
              title: '',
              render: (s) => (
                <>
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={`${t('bisyaroh.common.print')} ${longMonth(s.month, lang)}`}
                    onClick={() => setParams({ slip: String(s.id) })}
                  >
                    {t('bisyaroh.common.print')}
                  </Button>
                </>
              ),
            },
          ]}
        />
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
