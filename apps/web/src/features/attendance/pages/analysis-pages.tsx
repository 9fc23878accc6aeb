// The analyses with charts: their own lazy chunk, so @mantine/charts and recharts never load before they are needed.
import '@mantine/charts/styles.css';
// the legend's colour keys are ColorSwatches: without their stylesheet they have no size and do not show
import '@mantine/core/styles/ColorSwatch.css';
import '../../../i18n/school/index.ts';
import '../../../i18n/attendance/index.ts';
import { BarChart } from '@mantine/charts';
import { Alert, Grid, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { chartedStudents, showPercent, useAttendanceAnalysis, useJournalAnalysis } from '../../analytics/api.ts';
import { UnitSelect } from '../../../components/pickers.tsx';
import { jakartaToday, useClassRecap } from '../api.ts';
import { AttendanceClassSelect } from '../components/class-pick.tsx';
import { DateField, MonthField } from '../../../components/date-fields.tsx';
import '../../../i18n/list/index.ts';

const SERIES = [
  { name: 'H', color: 'green.6' },
  { name: 'S', color: 'yellow.6' },
  { name: 'I', color: 'blue.6' },
  { name: 'A', color: 'red.6' },
];

/**
 * The axis and tooltips of a chart of counts (journals, absences, registers): whole numbers on the ticks
 * (never 0.25 or 0.5 journals) and every number in the reader's locale (1.250 in Indonesian, 1,250 in English).
 */
export function countChartProps(language: string) {
  const format = new Intl.NumberFormat(language === 'en' ? 'en-US' : 'id-ID', { maximumFractionDigits: 0 });
  return {
    yAxisProps: { allowDecimals: false, tickFormatter: (v: number) => format.format(v) },
    valueFormatter: (v: number) => format.format(v),
    withLegend: true,
  } as const;
}

/** A chart with its numbers in a table beside it (below it on a phone). */
function ChartWithNumbers({ chart, table }: { chart: ReactNode; table: ReactNode }) {
  return (
    <Grid>
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Paper withBorder p="sm" radius="md">
          {chart}
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={300}>{table}</Table.ScrollContainer>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}

function useRange() {
  const today = jakartaToday();
  const [from, setFrom] = useState(`${today.slice(0, 7)}-01`);
  const [to, setTo] = useState(today);
  return { from, setFrom, to, setTo };
}

/**
 * A range analysis page: its title, the from/to dates and one more filter, then the loading, error and empty
 * states or the chart with its table.
 */
function RangeAnalysis(props: {
  title: string;
  range: ReturnType<typeof useRange>;
  filter: ReactNode;
  query: { isPending: boolean; isError: boolean; data: unknown };
  empty: boolean;
  chart: ReactNode;
  table: ReactNode;
}) {
  const { t } = useTranslation();
  const { range: r, query } = props;
  return (
    <Stack gap="md">
      <Title order={1} fz="h3">
        {props.title}
      </Title>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <DateField label={t('att.from')} value={r.from} onChange={(v) => v && r.setFrom(v)} />
        <DateField label={t('att.to')} value={r.to} onChange={(v) => v && r.setTo(v)} />
        {props.filter}
      </Group>
      {query.isPending && <Skeleton h={240} />}
      {query.isError && <Alert color="red">{t('list.loadFailed')}</Alert>}
      {!!query.data && props.empty && <Text c="dimmed">{t('list.empty')}</Text>}
      {!!query.data && !props.empty && <ChartWithNumbers chart={props.chart} table={props.table} />}
    </Stack>
  );
}

/**
 * Attendance analysis: H, S, I, A and "belum diisi" of the daily registers per class over a date range,
 * counted by the server exactly as the monthly recap counts them (one request).
 */
export function AttendanceAnalysisPage() {
  const { t, i18n } = useTranslation();
  const r = useRange();
  const [unitId, setUnitId] = useState<number | null>(null);
  const data = useAttendanceAnalysis({ from: r.from, to: r.to, unitId });
  const rows = data.data?.classes ?? [];
  return (
    <RangeAnalysis
      title={t('att.analysis.attendance')}
      range={r}
      filter={<UnitSelect value={unitId} onChange={setUnitId} />}
      query={data}
      empty={rows.length === 0}
      chart={
        <BarChart
          h={320}
          data={rows}
          dataKey="className"
          type="stacked"
          series={SERIES}
          {...countChartProps(i18n.language)}
        />
      }
      table={
        <Table striped aria-label={t('att.analysis.attendance')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('att.class')}</Table.Th>
              {SERIES.map((s) => (
                <Table.Th key={s.name} ta="right">
                  {s.name}
                </Table.Th>
              ))}
              <Table.Th ta="right">{t('att.notTakenShort')}</Table.Th>
              <Table.Th ta="right">%H</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((x) => (
              <Table.Tr key={x.classGroupId} data-testid={`attendance-analysis-${x.className}`}>
                <Table.Td>{x.className}</Table.Td>
                <Table.Td ta="right">{x.H}</Table.Td>
                <Table.Td ta="right">{x.S}</Table.Td>
                <Table.Td ta="right">{x.I}</Table.Td>
                <Table.Td ta="right">{x.A}</Table.Td>
                <Table.Td ta="right">{x.notTaken}</Table.Td>
                <Table.Td ta="right" data-testid="percentage">
                  {showPercent(x.percentage)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      }
    />
  );
}

/** Student presence analysis: each student's attendance percentage in a class's month. */
export function StudentPresenceAnalysisPage() {
  const { t } = useTranslation();
  const [classGroupId, setClassGroupId] = useState<number | null>(null);
  const [month, setMonth] = useState(jakartaToday().slice(0, 7));
  const recap = useClassRecap(classGroupId, month);
  const rows = recap.data?.rows ?? [];
  const charted = chartedStudents(rows);
  return (
    <Stack gap="md">
      <Title order={1} fz="h3">
        {t('att.analysis.presence')}
      </Title>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <AttendanceClassSelect value={classGroupId} onChange={setClassGroupId} clearable={false} />
        <MonthField label={t('att.month')} value={month} onChange={setMonth} />
      </Group>
      {!classGroupId && <Text c="dimmed">{t('att.recap.pickClass')}</Text>}
      {recap.isError && <Alert color="red">{t('list.loadFailed')}</Alert>}
      {recap.data && (
        <ChartWithNumbers
          chart={
            <BarChart
              h={Math.max(240, charted.length * 26)}
              data={charted}
              dataKey="label"
              orientation="vertical"
              yAxisProps={{ width: 200, interval: 0 }}
              xAxisProps={{ domain: [0, 100] }}
              valueFormatter={(v) => `${v}%`}
              series={[{ name: 'percentage', label: t('att.recap.percentage'), color: 'teal.6' }]}
            />
          }
          table={
            <Table striped aria-label={t('att.analysis.presence')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('att.name')}</Table.Th>
                  <Table.Th ta="right">H</Table.Th>
                  <Table.Th ta="right">S</Table.Th>
                  <Table.Th ta="right">I</Table.Th>
                  <Table.Th ta="right">A</Table.Th>
                  <Table.Th ta="right">%</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((x) => (
                  <Table.Tr key={x.studentId}>
                    <Table.Td>{x.name}</Table.Td>
                    <Table.Td ta="right">{x.H}</Table.Td>
                    <Table.Td ta="right">{x.S}</Table.Td>
                    <Table.Td ta="right">{x.I}</Table.Td>
                    <Table.Td ta="right">{x.A}</Table.Td>
                    <Table.Td ta="right">{showPercent(x.percentage)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          }
        />
      )}
    </Stack>
  );
}

/** Class journal analysis: journals written per subject over a date range, with their absences (counted by the server). */
export function JournalAnalysisPage() {
  const { t, i18n } = useTranslation();
  const r = useRange();
  const [classGroupId, setClassGroupId] = useState<number | null>(null);
  const data = useJournalAnalysis({ from: r.from, to: r.to, classGroupId });
  const rows = data.data?.subjects ?? [];
  return (
    <RangeAnalysis
      title={t('att.analysis.journal')}
      range={r}
      filter={<AttendanceClassSelect value={classGroupId} onChange={setClassGroupId} />}
      query={data}
      empty={rows.length === 0}
      chart={
        <BarChart
          h={320}
          data={rows}
          dataKey="subjectName"
          series={[
            { name: 'journals', label: t('att.analysis.journals'), color: 'blue.6' },
            { name: 'absences', label: t('att.analysis.absences'), color: 'red.6' },
          ]}
          {...countChartProps(i18n.language)}
        />
      }
      table={
        <Table striped aria-label={t('att.analysis.journal')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('journal.subject')}</Table.Th>
              <Table.Th ta="right">{t('att.analysis.journals')}</Table.Th>
              <Table.Th ta="right">{t('att.analysis.absences')}</Table.Th>
              <Table.Th ta="right">{t('att.analysis.substitutes')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((x) => (
              <Table.Tr key={x.subjectId}>
                <Table.Td>{x.subjectName}</Table.Td>
                <Table.Td ta="right">{x.journals}</Table.Td>
                <Table.Td ta="right">{x.absences}</Table.Td>
                <Table.Td ta="right">{x.substitutes}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      }
    />
  );
}
