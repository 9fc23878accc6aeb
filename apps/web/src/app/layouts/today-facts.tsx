import { Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatJakartaDate, formatJakartaTime, useServerNow, useServerTime } from '../../lib/system-api.ts';

/** Today in Jakarta from the server's clock, with the school year and semester. */
export function TodayFacts() {
  const { t, i18n } = useTranslation();
  const { data } = useServerTime();
  const now = useServerNow(data?.offsetMs);
  if (!data) return <Skeleton h={80} />;
  return (
    <Stack gap={4} data-testid="today-facts">
      <Text size="sm">{formatJakartaDate(now, i18n.language)}</Text>
      <Text size="xl" fw={700} ff="monospace" aria-label={t('dashboard.jakartaTime')}>
        {formatJakartaTime(now)} WIB
      </Text>
      <Text size="sm">
        {t('dashboard.tapel')}: <b>{data.tapel}</b>
      </Text>
      <Text size="sm">
        {t('dashboard.semester')}: <b data-testid="semester">{t(`dashboard.semesters.${data.semester}`)}</b>
      </Text>
    </Stack>
  );
}
