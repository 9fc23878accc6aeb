import '../../../i18n/prayer/index.ts';
import { Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { PRAYER_STATUSES } from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MonthField } from '../../../components/date-fields.tsx';
import { serverToday } from '../../../lib/clock.ts';
import { dateText } from '../../../lib/display.ts';
import { useOwnPrayers } from '../api.ts';

/**
 * The signed-in student's dzuhur and ashar of a month (this month first): the counts and every record. For the
 * student's page (student-quran): `<MyPrayers />`.
 */
export function MyPrayers() {
  const { t } = useTranslation();
  const [month, setMonth] = useState(serverToday().slice(0, 7));
  const own = useOwnPrayers(month);
  const data = own.data;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('prayer.mine.title')}
        </Title>
        <MonthField label={t('prayer.month')} value={month} onChange={setMonth} />
        {!data ? (
          <Skeleton height={160} />
        ) : (
          <>
            <Group gap="md" wrap="wrap" aria-label={t('prayer.mine.title')}>
              {PRAYER_STATUSES.map((s) => (
                <Text key={s} size="sm">
                  {t(`prayer.statuses.${s}`)}: <b>{data.counts[s]}</b>
                </Text>
              ))}
            </Group>
            {data.rate !== null && <Text size="sm">{t('prayer.mine.rate', { rate: data.rate })}</Text>}
            {data.records.length === 0 ? (
              <Text>{t('prayer.empty')}</Text>
            ) : (
              <Table striped aria-label={t('prayer.mine.title')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('prayer.date')}</Table.Th>
                    <Table.Th>{t('prayer.prayer')}</Table.Th>
                    <Table.Th>{t('prayer.status')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.records.map((r) => (
                    <Table.Tr key={`${r.date}-${r.prayer}`}>
                      <Table.Td>{dateText(r.date, 'short')}</Table.Td>
                      <Table.Td>{t(`prayer.prayers.${r.prayer}`)}</Table.Td>
                      <Table.Td>
                        {t(`prayer.statuses.${r.status}`)}
                        {r.reason ? ` (${t(`prayer.reasons.${r.reason}`)})` : ''}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
