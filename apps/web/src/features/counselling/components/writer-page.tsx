import { Alert, Button, Paper, Skeleton } from '@mantine/core';

import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorText } from '../../../i18n/index.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { userCan } from '../../../lib/permissions.ts';

/** Writing is for BPBK only (the server says the same); others see why instead of a form. */
export function useMayWrite() {
  const user = useCurrentUser();
  return userCan(user, 'counselling.manage') && userCan(user, 'counselling.confidential');
}

/**
 * A page that writes a note or a psychological test result: its paper and title (with the way back to the list on
 * an edit page), and for those who may not write, why there is no form.
 */
export function WriterPage({ title, backTo, children }: { title: string; backTo?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const mayWrite = useMayWrite();
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" maw={960}>
      <PageTitle
        actions={
          backTo && (
            <Button variant="default" component={Link} to={backTo}>
              {t('counselling.back')}
            </Button>
          )
        }
      >
        {title}
      </PageTitle>
      {mayWrite ? children : <Alert color="yellow">{t('counselling.writerOnly')}</Alert>}
    </Paper>
  );
}

/** The record an edit page changes: loading, its error, or the form for it. */
export function Loaded<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isPending) return <Skeleton height={400} />;
  if (query.isError) return <Alert color="red">{errorText(query.error)}</Alert>;
  return children(query.data);
}
