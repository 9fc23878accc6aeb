import '../../../i18n/admission-selection/index.ts';
import '../../../i18n/assessment/index.ts';
import { Alert, Button, Group, Pagination, Select, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  SelectionQuestionInput,
  type Question,
  type QuestionType,
  type SelectionQuestion,
} from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { ROUTES } from '../../../lib/route-names.ts';
import { errorText } from '../../../i18n/index.ts';
import { api } from '../../../lib/api.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { displayLanguage } from '../../../lib/display.ts';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { QuestionForm, type QuestionBankAdapter } from '../../assessment/widgets/question-form.tsx';
import { useDeleteSelectionQuestion, useSelectionQuestion, useSelectionQuestions } from '../api.ts';
import '../../../i18n/list/index.ts';

const PAGE_SIZE = 25;
const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The subject bank's form for a selection question: the same draft, its own contract and routes. */
export const selectionBank: QuestionBankAdapter = {
  schema: SelectionQuestionInput,
  save: (id, body) =>
    id
      ? api(`/admission/selection/questions/${id}`, { method: 'PUT', body })
      : api('/admission/selection/questions', { method: 'POST', body }),
};

/** A selection question in the shape the question form reads (it has no subject, grade or objective). */
export const asFormQuestion = (q: SelectionQuestion): Question => ({
  ...q,
  subjectId: 0,
  subjectName: '',
  gradeId: 0,
  gradeName: '',
  cognitiveLevel: null,
  objective: null,
  authorEmployeeId: null,
  authorName: null,
});

/** principal-selection-question-list: the unit's selection bank, searchable and filtered by type and tag. */
export function SelectionQuestionListPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [type, setType] = useState<QuestionType | null>(null);
  const [tag, setTag] = useState('');
  const list = useSelectionQuestions({ page, pageSize: PAGE_SIZE, q, type, tag });
  const remove = useDeleteSelectionQuestion();
  const lang = displayLanguage();
  const items = list.data?.items ?? [];
  return (
    <Stack gap="md">
      <PageTitle
        actions={
          <Button component={Link} to={ROUTES['principal-selection-question-input']}>
            {t('selection.bank.add')}
          </Button>
        }
      >
        {t('selection.bank.title')}
      </PageTitle>
      <Group gap="xs" wrap="wrap" align="flex-end">
        <TextInput
          label={t('selection.bank.search')}
          value={q}
          onChange={(e) => {
            setQ(e.currentTarget.value);
            setPage(1);
          }}
        />
        <Select
          label={t('selection.bank.type')}
          clearable
          data={QUESTION_TYPES.map((x) => ({ value: x, label: QUESTION_TYPE_LABELS[x][lang] }))}
          value={type}
          onChange={(x) => {
            setType(x as QuestionType | null);
            setPage(1);
          }}
        />
        <TextInput
          label={t('selection.random.tag')}
          value={tag}
          onChange={(e) => {
            setTag(e.currentTarget.value);
            setPage(1);
          }}
        />
      </Group>
      {list.isLoading && <Skeleton height={120} />}
      {list.error && <Alert color="red">{errorText(list.error)}</Alert>}
      {list.data && !items.length && <Text>{t('selection.bank.empty')}</Text>}
      {items.length > 0 && (
        <Table.ScrollContainer minWidth={600}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('selection.bank.question')}</Table.Th>
                <Table.Th>{t('selection.bank.type')}</Table.Th>
                <Table.Th>{t('selection.random.tag')}</Table.Th>
                <Table.Th>{t('selection.edit.earned')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((x) => (
                <Table.Tr key={x.id}>
                  <Table.Td>{plain(x.stem).slice(0, 120)}</Table.Td>
                  <Table.Td>{QUESTION_TYPE_LABELS[x.type][lang]}</Table.Td>
                  <Table.Td>{x.tags.join(', ')}</Table.Td>
                  <Table.Td>{x.points}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        component={Link}
                        to={ROUTES['principal-selection-question-edit'].replace(':id', String(x.id))}
                        aria-label={`${t('selection.bank.edit')} ${x.id}`}
                      >
                        {t('selection.bank.edit')}
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        aria-label={`${t('selection.bank.delete')} ${x.id}`}
                        onClick={() =>
                          confirmDialog({
                            title: t('selection.bank.delete'),
                            text: t('selection.bank.confirmDelete'),
                            confirm: t('selection.bank.delete'),
                            destructive: true,
                            onConfirm: () =>
                              remove.mutate(x.id, { onSuccess: () => notifyDone('deleted'), onError: notifyError }),
                          })
                        }
                      >
                        {t('selection.bank.delete')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.data && list.data.total > PAGE_SIZE && (
        <Pagination
          total={Math.ceil(list.data.total / PAGE_SIZE)}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': t(`list.pageControl.${control}`) })}
        />
      )}
    </Stack>
  );
}

/** principal-selection-question-input: a new selection question in the subject bank's form. */
export function SelectionQuestionInputPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <PageTitle>{t('selection.bank.add')}</PageTitle>
      <QuestionForm
        question={null}
        bank={selectionBank}
        onDone={() => void navigate(ROUTES['principal-selection-question-list'])}
      />
    </Stack>
  );
}

/** principal-selection-question-edit/:id: the next version of a selection question (drawn sets keep theirs). */
export function SelectionQuestionEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const question = useSelectionQuestion(id);
  return (
    <Stack gap="md">
      <PageTitle>{t('selection.bank.edit')}</PageTitle>
      {question.error && <Alert color="red">{errorText(question.error)}</Alert>}
      {!question.data && !question.error && <Skeleton height={200} />}
      {question.data && (
        <QuestionForm
          question={asFormQuestion(question.data)}
          bank={selectionBank}
          onDone={() => void navigate(ROUTES['principal-selection-question-list'])}
        />
      )}
    </Stack>
  );
}
