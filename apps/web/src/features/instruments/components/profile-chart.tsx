import { BarChart } from '@mantine/charts';
import { Grid, Paper, Stack, Table, Text } from '@mantine/core';
import type { InstrumentProfileBody } from '@mms/shared';
import { useTranslation } from 'react-i18next';

/** Each scale's share of its maximum, 0-100: scales of different lengths and scorings side by side. */
export const shareOf = (s: { raw: number; max: number }) => (s.max ? Math.round((s.raw / s.max) * 100) : 0);

/** A student's profile: a bar per scale (percent of the maximum) with the numbers, bands and top scales beside it. */
export function ProfileChart({ profile, label }: { profile: InstrumentProfileBody; label?: string }) {
  const { t } = useTranslation();
  const data = profile.scales.map((s) => ({ scale: s.name, share: shareOf(s) }));
  const names = profile.top.map((code) => profile.scales.find((s) => s.code === code)?.name ?? code);
  return (
    <Stack gap="sm" data-testid="instrument-profile">
      {names.length > 0 && <Text fw={600}>{t('instruments.profile.top', { list: names.join(', ') })}</Text>}
      <Grid>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Paper withBorder p="sm" aria-label={label ?? t('instruments.profile.chart')} role="img">
            <Text size="sm" mb="xs">
              {t('instruments.profile.chart')}
            </Text>
            <BarChart
              h={Math.max(200, data.length * 36)}
              data={data}
              dataKey="scale"
              orientation="vertical"
              series={[{ name: 'share', label: t('instruments.profile.share'), color: 'teal.7' }]}
              xAxisProps={{ domain: [0, 100] }}
              yAxisProps={{ width: 130 }}
            />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Table withTableBorder striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('instruments.results.scale')}</Table.Th>
                <Table.Th ta="right">{t('instruments.profile.score')}</Table.Th>
                <Table.Th ta="right">{t('instruments.profile.share')}</Table.Th>
                <Table.Th>{t('instruments.profile.band')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {profile.scales.map((s) => (
                <Table.Tr key={s.code}>
                  <Table.Td>
                    {s.name} ({s.code})
                  </Table.Td>
                  <Table.Td ta="right">{s.score}</Table.Td>
                  <Table.Td ta="right">{shareOf(s)}%</Table.Td>
                  <Table.Td>
                    {s.band ? (
                      <>
                        <Text size="sm" fw={600}>
                          {s.band.label}
                        </Text>
                        <Text size="sm">{s.band.interpretation}</Text>
                      </>
                    ) : (
                      t('instruments.profile.noBand')
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
