// The principal's prayer pages: their own lazy chunk, so @mantine/charts and recharts load only here.
import '../../../i18n/prayer/index.ts';
import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Alert, Grid, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { PRAYER_STATUSES, type Prayer, type PrayerMonitor } from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/data-list/export-button.tsx';
import { downloadClientXlsx } from '../../../components/data-list/export-xlsx.ts';
import { DateField } from '../../../components/date-fields.tsx';
import { PrintButton, PrintedPaper } from '../../../components/print/printed-paper.tsx';
import { serverToday } from '../../../lib/clock.ts';
import { dateText } from '../../../lib/display.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { usePrayerMonitor } from '../api.ts';
import { CountsTable } from '../components/counts-table.tsx';

/** Today's state per class, the month per class and per day (charts with their numbers), the most absent. */
function PrayerMonitorPage({ prayer, title }: { prayer: Prayer; title: string }) {
  const { t } = useTranslation();
  const [date, setDate] = useState(serverToday());
  const monitor = usePrayerMonitor(prayer, date);
  const data = monitor.data;
  const rate = t('prayer.recap.rate');
  const unitId = useCurrentUser().unit?.id ?? null;
  // the month per class as a workbook: class, the four statuses, total and rate
  const exportMonth = (rows: PrayerMonitor['month']) =>
    downloadClientXlsx(
      { title: `${title} – ${t('prayer.monitor.month')}`, filters: [[t('prayer.date'), dateText(date, 'short')]] },
      [
        { title: t('prayer.class'), value: (c: PrayerMonitor['month'][number]) => c.className },
        ...PRAYER_STATUSES.map((s) => ({
          title: t(`prayer.statuses.${s}`),
          value: (c: PrayerMonitor['month'][number]) => c.counts[s],
        })),
        { title: t('prayer.recap.total'), value: (c) => c.total },
        { title: rate, value: (c) => c.rate },
      ],
      rows,
      `${prayer.toLowerCase()}-${date.slice(0, 7)}.xlsx`,
    );
  return (
    <PrintedPaper
      unitId={unitId}
      title={title}
      subtitle={<Text size="sm">{dateText(date)}</Text>}
      signed={!!data}
      actions={
        <>
          <PrintButton />
          <ExportButton label={t('prayer.monitor.export')} onExport={() => exportMonth(data?.month ?? [])} />
        </>
      }
      controls={
        <DateField label={t('prayer.date')} value={date} max={serverToday()} onChange={(v) => v && setDate(v)} />
      }
    >
      {!data ? (
        <Skeleton height={300} />
      ) : (
        <Stack gap="md" mt="md">
          <Paper withBorder p="md" radius="md">
            <Title order={2} fz="h4" mb="xs">
              {t('prayer.monitor.today')}
            </Title>
            {!data.schoolDay && (
              <Alert color="blue" mb="xs">
                {t('prayer.monitor.notSchoolDay')}
              </Alert>
            )}
            {data.today.length === 0 ? (
              <Text>{t('prayer.empty')}</Text>
            ) : (
              <Table striped withTableBorder aria-label={t('prayer.monitor.today')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('prayer.class')}</Table.Th>
                    <Table.Th ta="right">{t('prayer.monitor.recorded')}</Table.Th>
                    <Table.Th ta="right">{rate}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.today.map((c) => (
                    <Table.Tr key={c.classGroupId}>
                      <Table.Td>{c.className}</Table.Td>
                      <Table.Td ta="right">
                        {c.recorded === 0 ? t('prayer.input.notRecorded') : `${c.recorded} / ${c.students}`}
                      </Table.Td>
                      <Table.Td ta="right">{c.rate ?? '–'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Title order={2} fz="h4" mb="xs">
              {t('prayer.monitor.month')}
            </Title>
            {data.month.length === 0 ? (
              <Text>{t('prayer.empty')}</Text>
            ) : (
              <Grid>
                <Grid.Col span={{ base: 12, md: 5 }}>
                  <figure aria-label={t('prayer.monitor.monthChart')} style={{ margin: 0 }}>
                    <BarChart
                      h={260}
                      data={data.month.map((c) => ({ className: c.className, rate: c.rate ?? 0 }))}
                      dataKey="className"
                      series={[{ name: 'rate', label: rate, color: 'teal.7' }]}
                      yAxisProps={{ domain: [0, 100] }}
                      withBarValueLabel
                    />
                  </figure>
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 7 }}>
                  <CountsTable
                    label={t('prayer.monitor.month')}
                    head={t('prayer.class')}
                    rows={data.month.map((c) => ({ key: c.classGroupId, name: c.className, ...c }))}
                  />
                </Grid.Col>
              </Grid>
            )}
          </Paper>
          <Paper withBorder p={{ base: 'xs', sm: 'md' }} radius="md">
            <Title order={2} fz="h4" mb="xs">
              {t('prayer.monitor.days')}
            </Title>
            <Grid>
              <Grid.Col span={{ base: 12, md: 8 }}>
                <figure aria-label={t('prayer.monitor.daysChart')} style={{ margin: 0 }}>
                  <LineChart
                    h={240}
                    data={data.days.map((d) => ({ day: dateText(d.date, 'short'), rate: d.rate }))}
                    dataKey="day"
                    series={[{ name: 'rate', label: rate, color: 'blue.7' }]}
                    yAxisProps={{ domain: [0, 100] }}
                    connectNulls
                  />
                </figure>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Table striped withTableBorder horizontalSpacing={6} aria-label={t('prayer.monitor.days')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('prayer.date')}</Table.Th>
                      <Table.Th ta="right">{t('prayer.monitor.recorded')}</Table.Th>
                      <Table.Th ta="right">{rate}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.days.map((d) => (
                      <Table.Tr key={d.date}>
                        <Table.Td>{dateText(d.date, 'short')}</Table.Td>
                        <Table.Td ta="right">{d.recorded}</Table.Td>
                        <Table.Td ta="right">{d.rate ?? '–'}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Grid.Col>
            </Grid>
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Title order={2} fz="h4" mb="xs">
              {t('prayer.monitor.mostAbsent')}
            </Title>
            {data.mostAbsent.length === 0 ? (
              <Text>{t('prayer.empty')}</Text>
            ) : (
              <Table striped withTableBorder aria-label={t('prayer.monitor.mostAbsent')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('prayer.student')}</Table.Th>
                    <Table.Th>{t('prayer.class')}</Table.Th>
                    <Table.Th ta="right">{t('prayer.monitor.absences')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.mostAbsent.map((s) => (
                    <Table.Tr key={s.studentId}>
                      <Table.Td>{s.name}</Table.Td>
                      <Table.Td>{s.className}</Table.Td>
                      <Table.Td ta="right">{s.absences}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Paper>
        </Stack>
      )}
    </PrintedPaper>
  );
}

export function PrayerMiddayPage() {
  const { t } = useTranslation();
  return <PrayerMonitorPage prayer="DZUHUR" title={t('prayer.monitor.middayTitle')} />;
}

export function PrayerAfternoonPage() {
  const { t } = useTranslation();
  return <PrayerMonitorPage prayer="ASHAR" title={t('prayer.monitor.afternoonTitle')} />;
}
