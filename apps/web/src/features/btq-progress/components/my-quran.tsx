import { Badge, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dateText } from '../../../lib/display.ts';
import { useMyQuran } from '../api.ts';
import { EntryTable } from '../pages/progress-page.tsx';

/** The student's own BTQ: current level, group and ustadz, progress history and promotions. */
export function MyQuran() {
  const { t } = useTranslation();
  const mine = useMyQuran();
  const data = mine.data;
  if (!data) return <Skeleton height={240} />;
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Title order={2} fz="h4" mb="xs">
          {t('btqProgress.mine.quran')}
        </Title>
        {!data.level ? (
          <Text>{t('btqProgress.mine.noLevel')}</Text>
        ) : (
          <Stack gap={4}>
            <Group gap="xs">
              <Text>{t('btqProgress.mine.level')}:</Text>
              <Badge size="lg" variant="light">
                {data.level.methodName} · {data.level.name}
              </Badge>
              {data.levelSince && (
                <Text size="sm">{t('btqProgress.mine.since', { date: dateText(data.levelSince, 'short') })}</Text>
              )}
            </Group>
            <Text>
              {t('btqProgress.mine.group')}: {data.group ?? '–'}
            </Text>
            <Text>
              {t('btqProgress.mine.teacher')}: {data.teacher ?? '–'}
            </Text>
          </Stack>
        )}
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={2} fz="h4" mb="xs">
          {t('btqProgress.mine.progress')}
        </Title>
        {data.entries.length === 0 ? (
          <Text>{t('btqProgress.empty')}</Text>
        ) : (
          <EntryTable entries={data.entries} label={t('btqProgress.mine.progress')} />
        )}
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={2} fz="h4" mb="xs">
          {t('btqProgress.mine.promotions')}
        </Title>
        {data.promotions.length === 0 ? (
          <Text>{t('btqProgress.empty')}</Text>
        ) : (
          <Table striped aria-label={t('btqProgress.mine.promotions')}>
            <Table.Tbody>
              {data.promotions.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    {p.fromLevel} → {p.toLevel}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light">{t(`btqProgress.statuses.${p.status}`)}</Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </Stack>
  );
}
