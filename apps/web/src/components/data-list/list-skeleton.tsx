import { Skeleton, Stack, type StackProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Grey rows in place of a list while its data loads, announced as loading. */
export function ListSkeleton({ rows = 6, ...rest }: StackProps & { rows?: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" data-testid="list-skeleton" aria-busy="true" aria-label={t('app.loading')} {...rest}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={28} />
      ))}
    </Stack>
  );
}
