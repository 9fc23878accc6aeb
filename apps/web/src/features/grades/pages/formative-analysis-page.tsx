// Its own lazy chunk: @mantine/charts and recharts load only when an analysis is opened.
import '@mantine/charts/styles.css';
import '../../../i18n/grades/index.ts';
import { BarChart } from '@mantine/charts';
import { Alert, Grid, Paper, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorText } from '../../../i18n/index.ts';
import { useQuestionChoices } from '../../assessment/api.ts';
import { useFormativeAnalysis } from '../api.ts';
import { formatScore } from '../grid-model.ts';

/**
 * "Analisis formatif": the formatives of a subject and grade, each class's mean and each learning objective's
 * mastery, as charts with their numbers in a table beside them; "no data" is shown as "–", never as 0.
 */
export function FormativeAnalysisPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const choices = useQuestionChoices();
  const [pair, setPair] = useState<string | null>(null);
  const items = choices.data?.items ?? [];
  const chosen = pair ?? (items[0] ? `${items[0].subjectId}:${items[0].gradeId}` : null);
  const [subjectId, gradeId] = chosen ? (chosen.split(':').map(Number) as [number, number]) : [null, null];
  const data = useFormativeAnalysis(subjectId, gradeId);
  const show = (n: number | null) => (n === null ? '–' : formatScore(n, lang));
  const a = data.data;
  return (
    <Stack gap="md">
      <PageTitle>{t('grades.formative.title')}</PageTitle>
      {choices.isSuccess && items.length === 0 && <Text c="dimmed">{t('grades.formative.noChoices')}</Text>}
      {items.length > 0 && (
        <Select
          label={t('grades.formative.pair')}
          placeholder={t('grades.formative.pairPlaceholder')}
          data={items.map((p) => ({
            value: `${p.subjectId}:${p.gradeId}`,
            label: `${p.subjectName} · ${p.gradeName}`,
          }))}
          value={chosen}
          onChange={setPair}
          allowDeselect={false}
          searchable
          w={{ base: '100%', xs: 300 }}
        />
      )}
      {data.isError && <Alert color="red">{errorText(data.error)}</Alert>}
      {data.isPending && chosen && <Skeleton height={280} />}
      {a && a.assessments.length === 0 && <Text c="dimmed">{t('grades.formative.empty')}</Text>}
      {a && a.assessments.length > 0 && (
        <>
          <MeasureSection
            title={t('grades.formative.byClass')}
            testId="formative-by-class"
            rows={a.byClass}
            keys={{ label: 'className', count: 'takers', measure: 'mean' }}
            headers={[t('grades.formative.class'), t('grades.formative.takers'), t('grades.formative.mean')]}
            color="teal.7"
            show={show}
          />
          <MeasureSection
            title={t('grades.formative.byObjective')}
            testId="formative-by-objective"
            rows={a.byObjective}
            keys={{ label: 'objective', count: 'items', measure: 'mastery' }}
            headers={[t('grades.formative.objective'), t('grades.formative.items'), t('grades.formative.mastery')]}
            color="blue.7"
            show={show}
          />
          <Title order={2} fz="h4">
            {t('grades.formative.perAssessment')}
          </Title>
          <Table.ScrollContainer minWidth={400}>
            <Table withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('grades.results.assessment')}</Table.Th>
                  <Table.Th>{t('grades.formative.class')}</Table.Th>
                  <Table.Th ta="right">{t('grades.formative.takers')}</Table.Th>
                  <Table.Th ta="right">{t('grades.formative.mean')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {a.assessments.flatMap((x) =>
                  x.classes.map((c) => (
                    <Table.Tr key={`${x.id}-${c.className}`}>
                      <Table.Td>{x.title}</Table.Td>
                      <Table.Td>{c.className}</Table.Td>
                      <Table.Td ta="right">{c.takers}</Table.Td>
                      <Table.Td ta="right">{show(c.mean)}</Table.Td>
                    </Table.Tr>
                  )),
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}

/**
 * One measure of the analysis: a bar chart of it (rows without data left out) beside its table of every row
 * (its label, how many it counts, the measure).
 */
function MeasureSection<R extends object>(props: {
  title: string;
  testId: string;
  rows: R[];
  keys: { label: keyof R & string; count: keyof R & string; measure: keyof R & string };
  headers: [label: string, count: string, measure: string];
  color: string;
  show: (n: number | null) => string;
}) {
  const { title, testId, rows, keys, headers, color, show } = props;
  const measureOf = (r: R) => r[keys.measure] as number | null;
  return (
    <>
      <Title order={2} fz="h4">
        {title}
      </Title>
      <Grid>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper withBorder p="sm" radius="md">
            <BarChart
              h={260}
              data={rows.filter((r) => measureOf(r) !== null) as Record<string, unknown>[]}
              dataKey={keys.label}
              series={[{ name: keys.measure, label: headers[2], color }]}
              yAxisProps={{ domain: [0, 100] }}
            />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Table withTableBorder data-testid={testId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{headers[0]}</Table.Th>
                <Table.Th ta="right">{headers[1]}</Table.Th>
                <Table.Th ta="right">{headers[2]}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={String(r[keys.label])}>
                  <Table.Td>{String(r[keys.label])}</Table.Td>
                  <Table.Td ta="right">{String(r[keys.count])}</Table.Td>
                  <Table.Td ta="right">{show(measureOf(r))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Grid.Col>
      </Grid>
    </>
  );
}
