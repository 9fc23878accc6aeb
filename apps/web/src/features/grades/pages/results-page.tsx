import { Alert, Select, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import type { AssessmentKind } from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorText } from '../../../i18n/index.ts';
import { useAssessmentResults, useAssessmentsWithResults } from '../api.ts';
import { EssayMarking, ItemAnalysisView, ResultsTable } from '../components/results-views.tsx';

/**
 * The results of the caller's assessments of a kind (issue 12): the scores table (print, Excel), essay marking
 * by rubric, and the item analysis. Teachers see their subjects' assessments; the controllers see the unit's.
 */
export function ResultsPage({ kind, title }: { kind: AssessmentKind; title: string }) {
  const { t } = useTranslation();
  const list = useAssessmentsWithResults(kind);
  const [chosen, setChosen] = useState<number | null>(null);
  const id = chosen ?? list.data?.[0]?.id ?? null;
  const results = useAssessmentResults(id);
  return (
    <Stack gap="md">
      <PageTitle>{t(title)}</PageTitle>
      {list.isError && <Alert color="red">{errorText(list.error)}</Alert>}
      {list.data && list.data.length === 0 && <Text c="dimmed">{t('grades.results.none')}</Text>}
      {list.data && list.data.length > 0 && (
        <Select
          label={t('grades.results.assessment')}
          placeholder={t('grades.results.assessmentPlaceholder')}
          data={list.data.map((a) => ({
            value: String(a.id),
            label: `${a.title} · ${a.subjectName} · ${a.gradeName}`,
          }))}
          value={id === null ? null : String(id)}
          onChange={(v) => setChosen(v ? Number(v) : null)}
          searchable
          allowDeselect={false}
          w={{ base: '100%', sm: 420 }}
        />
      )}
      {id !== null &&
        (results.isError ? (
          <Alert color="red">{errorText(results.error)}</Alert>
        ) : !results.data ? (
          <Skeleton height={240} />
        ) : (
          <Tabs defaultValue="scores" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="scores">{t('grades.results.tabScores')}</Tabs.Tab>
              <Tabs.Tab value="essays">{t('grades.results.tabEssays')}</Tabs.Tab>
              <Tabs.Tab value="analysis">{t('grades.results.tabAnalysis')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="scores" pt="md">
              <ResultsTable results={results.data} />
            </Tabs.Panel>
            <Tabs.Panel value="essays" pt="md">
              <EssayMarking assessmentId={id} results={results.data} />
            </Tabs.Panel>
            <Tabs.Panel value="analysis" pt="md">
              <ItemAnalysisView assessmentId={id} title={results.data.assessment.title} />
            </Tabs.Panel>
          </Tabs>
        ))}
    </Stack>
  );
}

export const SummativeResultsPage = () => <ResultsPage kind="SUMMATIVE" title="grades.results.titleSummative" />;
export const SummativeRecapPage = () => <ResultsPage kind="SUMMATIVE" title="grades.results.titleRecap" />;
export const FormativeResultsPage = () => <ResultsPage kind="FORMATIVE" title="grades.results.titleFormative" />;
