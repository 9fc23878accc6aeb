import { Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatJakartaDate, formatJakartaTime, useServerNow, useServerTime } from '../lib/system-api.ts';

const FACTS_HEIGHT = 112;

/** Today in Jakarta from the server's clock, with the school year and semester. */
export function TodayFacts() {
  const { t, i18n } = useTranslation();
  const { data } = useServerTime();
  const now = useServerNow(data?.offsetMs);
  // Both states take the same height: the card does not grow when the time arrives (no layout shift).
  if (!data) return <Skeleton h={FACTS_HEIGHT} />;
  return (
    <Stack gap={4} mih={FACTS_HEIGHT} data-testid="today-facts">
      <Text size="sm">{formatJakartaDate(now, i18n.language)}</Text>
      <Text size="xl" fw={700} ff="monospace">
        <VisuallyHidden>{t('dashboard.jakartaTime')}: </VisuallyHidden>
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
