import { Alert, Skeleton } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorText } from '../../../i18n/index.ts';
import { useSlip } from '../api.ts';
import { SlipPaper } from '../components/slip-paper.tsx';

/** principal/bisyaroh-slip/:id: the printable slip of an employee of the unit. */
export function SlipPage() {
  const { t } = useTranslation();
  const slip = useSlip(Number(useParams().id));
  return (
    <>
      <PageTitle>{t('bisyaroh.slip.title')}</PageTitle>
      {slip.isPending && <Skeleton height={320} />}
      {slip.isError && <Alert color="red">{errorText(slip.error)}</Alert>}
      {slip.data && <SlipPaper slip={slip.data} />}
    </>
  );
}
