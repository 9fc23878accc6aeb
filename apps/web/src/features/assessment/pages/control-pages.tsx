import { Alert, Select, Stack, Text } from '@mantine/core';
import { ASSESSMENT_STATES, type Assessment, type AssessmentState } from '@mms/shared';
import { IconEye } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import type { ListFilters } from '../../../components/data-list/list-params.ts';
import { RowActions, rowActionsColumn } from '../../../components/data-list/row-actions.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { SubjectSelect, UnitSelect, useDefaultUnitId } from '../../../components/pickers.tsx';
import { api } from '../../../lib/api.ts';
import { FormModal } from '../../../lib/unsaved-changes.tsx';
import type { Page } from '@mms/shared';
import { useAssessment } from '../api.ts';
import { AssessmentForm } from '../components/assessment-form.tsx';
import { AssessmentView, AssessmentViewDialog } from '../components/assessment-view.tsx';
import { quizChoices } from '../distribution-model.ts';
import { useStateColumn } from './assessment-list-page.tsx';

/**
 * "Daftar soal formatif / sumatif" of the assessment controllers (issue 12): every question set of that kind in
 * the unit with its author, subject, classes, state and counts; filtered, searched, paged, exported and printed;
 * each opened to read (nothing here changes a set).
 */
function QuestionSetList({ kind }: { kind: 'FORMATIVE' | 'SUMMATIVE' }) {
  const { t } = useTranslation();
  const ownUnit = useDefaultUnitId();
  const [unitId, setUnitId] = useState<number | null>(ownUnit);
  const [subjectId, setSubjectId] = useState<number | null>(null);
  const [state, setState] = useState<AssessmentState | null>(null);
  const [viewing, setViewing] = useState<Assessment | null>(null);
  const stateColumn = useStateColumn();
  const title = t(`distrib.titles.${kind === 'FORMATIVE' ? 'formativeList' : 'summativeList'}`);
  const filters: ListFilters = { kind, unitId, subjectId, state };
  const columns: ListColumn<Assessment>[] = [
    { accessor: 'title', title: t('distrib.title') },
    { accessor: 'authorName', title: t('assess.author'), render: (a) => a.authorName ?? '–' },
    { accessor: 'subjectName', title: t('assess.subjectGrade'), render: (a) => `${a.subjectName} · ${a.gradeName}` },
    {
      accessor: 'classes',
      title: t('assess.classes'),
      render: (a) => a.classes.map((c) => c.name).join(', ') || '–',
    },
    stateColumn,
    { accessor: 'itemCount', title: t('assess.items'), textAlign: 'right' },
    {
      accessor: 'classCount',
      title: t('distrib.classCount'),
      textAlign: 'right',
      render: (a) => a.classes.length,
      exportValue: (a) => a.classes.length,
    },
    rowActionsColumn<Assessment>((a) => (
      <RowActions
        name={a.title}
        actions={[{ label: t('distrib.view'), icon: <IconEye size={18} aria-hidden />, onClick: () => setViewing(a) }]}
      />
    )),
  ];
  return (
    <Stack gap="md">
      <PageTitle>{title}</PageTitle>
      <DataList<Assessment>
        path="/assessments"
        label={title}
        columns={columns}
        filters={filters}
        exportName={kind === 'FORMATIVE' ? 'daftar-soal-formatif' : 'daftar-soal-sumatif'}
        rowLabel={(a) => a.title}
        filterControls={
          <>
            <UnitSelect
              value={unitId}
              onChange={(v) => {
                setUnitId(v);
                setSubjectId(null);
              }}
              clearable={!ownUnit}
            />
            <SubjectSelect
              value={subjectId}
              onChange={setSubjectId}
              unitId={unitId}
              placeholder={t('distrib.allSubjects')}
            />
            <Select
              label={t('assess.state')}
              placeholder={t('distrib.allStates')}
              data={ASSESSMENT_STATES.map((s) => ({ value: s, label: t(`assess.states.${s}`) }))}
              value={state}
              onChange={(v) => setState(v as AssessmentState | null)}
              clearable
              w={{ base: '100%', xs: 170 }}
            />
          </>
        }
        print={{ unitId }}
      />
      <FormModal
        opened={viewing !== null}
        onClose={() => setViewing(null)}
        title={viewing ? t('distrib.viewOf', { title: viewing.title }) : ''}
        size="lg"
      >
        {viewing && <AssessmentViewDialog id={viewing.id} />}
      </FormModal>
    </Stack>
  );
}

export const FormativeListPage = () => <QuestionSetList kind="FORMATIVE" />;
export const SummativeListPage = () => <QuestionSetList kind="SUMMATIVE" />;

/** The teacher's own quizzes (every page of them: a teacher has tens, not thousands). */
function useOwnQuizzes() {
  return useQuery({
    queryKey: ['/assessments', 'own-quizzes'],
    queryFn: () => api<Page<Assessment>>('/assessments', { query: { kind: 'FORMATIVE', mine: 'true', pageSize: 200 } }),
  });
}

/**
 * "Edit kuis": the teacher picks one of their quizzes and changes it in the assessment editor (a draft or a
 * returned quiz); one in another state is shown to read.
 */
export function FormativeEditPage() {
  const { t } = useTranslation();
  const quizzes = useOwnQuizzes();
  const [chosen, setChosen] = useState<string | null>(null);
  const items = quizChoices(quizzes.data?.items ?? []);
  const id = chosen ? Number(chosen) : null;
  const found = useAssessment(id);
  return (
    <Stack gap="md">
      <PageTitle>{t('distrib.titles.formativeEdit')}</PageTitle>
      {quizzes.data && items.length === 0 ? (
        <Text c="dimmed">{t('distrib.noQuiz')}</Text>
      ) : (
        <Select
          label={t('distrib.pickQuiz')}
          description={t('distrib.pickHint')}
          data={items.map((a) => ({
            value: String(a.id),
            label: t('distrib.quizOption', { title: a.title, state: t(`assess.states.${a.state}`) }),
          }))}
          value={chosen}
          onChange={setChosen}
          searchable
          disabled={quizzes.isPending}
          w={{ base: '100%', sm: 480 }}
        />
      )}
      {found.data &&
        (found.data.editable ? (
          <AssessmentForm key={found.data.id} kind="FORMATIVE" assessment={found.data} onDone={() => setChosen(null)} />
        ) : (
          <Stack gap="sm">
            <Alert color="yellow" variant="light">
              {t('distrib.notEditable', { state: t(`assess.states.${found.data.state}`) })}
            </Alert>
            <AssessmentView assessment={found.data} />
          </Stack>
        ))}
    </Stack>
  );
}
