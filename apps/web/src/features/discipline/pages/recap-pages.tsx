// The recap and the chart: their own lazy chunk, so @mantine/charts and recharts load only here.
import '../../../i18n/discipline/index.ts';
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Grid, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { MONTHS, type DisciplineRecap } from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-fields.tsx';
import { PrintButton, PrintedPaper } from '../../../components/print/printed-paper.tsx';
import { serverToday } from '../../../lib/clock.ts';
import { displayLanguage } from '../../../lib/display.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useRecap } from '../api.ts';

type Row = { violations: number; points: number; sanctions: number };

const monthName = (month: string) => `${MONTHS[displayLanguage()][Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** The school year so far: from 1 July up to today. */
function useRange() {
  const today = serverToday();
  const year = Number(today.slice(5, 7)) >= 7 ? Number(today.slice(0, 4)) : Number(today.slice(0, 4)) - 1;
  const [from, setFrom] = useState(`${year}-07-01`);
  const [to, setTo] = useState(today);
  const controls = (
    <Group align="flex-end" wrap="wrap" mb="sm">
      <RangeFields from={from} to={to} setFrom={setFrom} setTo={setTo} />
    </Group>
  );
  return { from, to, controls };
}

function RangeFields(p: { from: string; to: string; setFrom: (v: string) => void; setTo: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <DateField label={t('discipline.from')} value={p.from} onChange={(v) => v && p.setFrom(v)} />
      <DateField label={t('discipline.to')} value={p.to} onChange={(v) => v && p.setTo(v)} />
    </>
  );
}

function RecapTable<T extends Row>({
  label,
  head,
  rows,
  name,
  total,
}: {
  label: string;
  head: string;
  rows: T[];
  name: (r: T) => string;
  total?: Row;
}) {
  const { t } = useTranslation();
  return (
    // a phone's 360 px: the table scrolls in its own box, the page does not
    <Table.ScrollContainer minWidth={320}>
      <Table striped withTableBorder aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{head}</Table.Th>
            <Table.Th ta="right">{t('discipline.recap.violations')}</Table.Th>
            <Table.Th ta="right">{t('discipline.recap.points')}</Table.Th>
            <Table.Th ta="right">{t('discipline.recap.sanctions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={name(r)}>
              <Table.Td>{name(r)}</Table.Td>
              <Table.Td ta="right">{r.violations}</Table.Td>
              <Table.Td ta="right">{r.points}</Table.Td>
              <Table.Td ta="right">{r.sanctions}</Table.Td>
            </Table.Tr>
          ))}
          {total && (
            <Table.Tr fw={700}>
              <Table.Td>{t('discipline.recap.total')}</Table.Td>
              <Table.Td ta="right">{total.violations}</Table.Td>
              <Table.Td ta="right">{total.points}</Table.Td>
              <Table.Td ta="right">{total.sanctions}</Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Empty({ recap }: { recap: DisciplineRecap | undefined }) {
  const { t } = useTranslation();
  if (!recap) return <Skeleton height={200} />;
  return recap.byClass.length === 0 ? <Text>{t('discipline.empty')}</Text> : null;
}

/** The leaders' recap: verified violations, their points and sanctions per class, grade and month. */
export function SanctionRecapPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { from, to, controls } = useRange();
  const recap = useRecap(from, to);
  const data = recap.data;
  return (
    <PrintedPaper
      unitId={user.unit?.id ?? null}
      title={t('discipline.recap.title')}
      actions={<PrintButton />}
      controls={controls}
      signed={!!data && data.byClass.length > 0}
    >
      <Empty recap={data} />
      {data && data.byClass.length > 0 && (
        <Stack gap="md" mt="md">
          <Title order={2} fz="h4">
            {t('discipline.recap.byClass')}
          </Title>
          <RecapTable
            label={t('discipline.recap.byClass')}
            head={t('discipline.class')}
            rows={data.byClass}
            name={(r) => r.className}
            total={data.total}
          />
          <Title order={2} fz="h4">
            {t('discipline.recap.byGrade')}
          </Title>
          <RecapTable
            label={t('discipline.recap.byGrade')}
            head={t('discipline.recap.grade')}
            rows={data.byGrade}
            name={(r) => r.gradeName}
          />
          <Title order={2} fz="h4">
            {t('discipline.recap.byMonth')}
          </Title>
          <RecapTable
            label={t('discipline.recap.byMonth')}
            head={t('discipline.recap.month')}
            rows={data.byMonth}
            name={(r) => monthName(r.month)}
          />
        </Stack>
      )}
    </PrintedPaper>
  );
}

/** The chart of the same recap, with its numbers beside it. */
export function SanctionChartPage() {
  const { t } = useTranslation();
  const { from, to, controls } = useRange();
  const recap = useRecap(from, to);
  const data = recap.data;
  const months = (data?.byMonth ?? []).map((m) => ({ ...m, label: monthName(m.month) }));
  const series = [
    { name: 'violations', label: t('discipline.recap.violations'), color: 'orange.6' },
    { name: 'sanctions', label: t('discipline.recap.sanctions'), color: 'red.7' },
  ];
  return (
    <Stack gap="md">
      <Title order={1} fz="h3">
        {t('discipline.recap.chartTitle')}
      </Title>
      {controls}
      <Empty recap={data} />
      {data && data.byClass.length > 0 && (
        <>
          <Paper withBorder p="md" radius="md">
            <Grid>
              <Grid.Col span={{ base: 12, md: 8 }}>
                <figure aria-label={t('discipline.recap.chartLabel')} style={{ margin: 0 }}>
                  <BarChart h={300} data={months} dataKey="label" series={series} withLegend />
                </figure>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <RecapTable
                  label={t('discipline.recap.numbers')}
                  head={t('discipline.recap.month')}
                  rows={months}
                  name={(r) => r.label}
                  total={data.total}
                />
              </Grid.Col>
            </Grid>
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Grid>
              <Grid.Col span={{ base: 12, md: 8 }}>
                <figure aria-label={t('discipline.recap.classChartLabel')} style={{ margin: 0 }}>
                  <BarChart
                    h={300}
                    data={data.byClass}
                    dataKey="className"
                    series={[{ name: 'points', label: t('discipline.recap.points'), color: 'blue.6' }]}
                  />
                </figure>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <RecapTable
                  label={t('discipline.recap.byClass')}
                  head={t('discipline.class')}
                  rows={data.byClass}
                  name={(r) => r.className}
                />
              </Grid.Col>
            </Grid>
          </Paper>
        </>
      )}
    </Stack>
  );
}
