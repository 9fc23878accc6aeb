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
          <Title order={2} fz="h4">
            {t('grades.formative.byClass')}
          </Title>
          <Grid>
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <Paper withBorder p="sm" radius="md">
                <BarChart
                  h={260}
                  data={a.byClass.filter((c) => c.mean !== null)}
                  dataKey="className"
                  series={[{ name: 'mean', label: t('grades.formative.mean'), color: 'teal.7' }]}
                  yAxisProps={{ domain: [0, 100] }}
                />
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <Table withTableBorder data-testid="formative-by-class">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('grades.formative.class')}</Table.Th>
                    <Table.Th ta="right">{t('grades.formative.takers')}</Table.Th>
                    <Table.Th ta="right">{t('grades.formative.mean')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {a.byClass.map((c) => (
                    <Table.Tr key={c.className}>
                      <Table.Td>{c.className}</Table.Td>
                      <Table.Td ta="right">{c.takers}</Table.Td>
                      <Table.Td ta="right">{show(c.mean)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Grid.Col>
          </Grid>
          <Title order={2} fz="h4">
            {t('grades.formative.byObjective')}
          </Title>
          <Grid>
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <Paper withBorder p="sm" radius="md">
                <BarChart
                  h={260}
                  data={a.byObjective.filter((o) => o.mastery !== null)}
                  dataKey="objective"
                  series={[{ name: 'mastery', label: t('grades.formative.mastery'), color: 'blue.7' }]}
                  yAxisProps={{ domain: [0, 100] }}
                />
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <Table withTableBorder data-testid="formative-by-objective">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('grades.formative.objective')}</Table.Th>
                    <Table.Th ta="right">{t('grades.formative.items')}</Table.Th>
                    <Table.Th ta="right">{t('grades.formative.mastery')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {a.byObjective.map((o) => (
                    <Table.Tr key={o.objective}>
                      <Table.Td>{o.objective}</Table.Td>
                      <Table.Td ta="right">{o.items}</Table.Td>
                      <Table.Td ta="right">{show(o.mastery)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Grid.Col>
          </Grid>
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
