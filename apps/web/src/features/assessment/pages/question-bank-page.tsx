import { Anchor, Button, Menu, Modal, Select, Skeleton, Stack, Text } from '@mantine/core';
import {
  DIFFICULTIES,
  QUESTION_TYPE_LABELS,
  QUESTION_TYPES,
  type Difficulty,
  type Question,
  type QuestionType,
} from '@mms/shared';
import { IconDownload, IconEye, IconPlus, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { RowActions, rowActionsColumn } from '../../../components/data-list/row-actions.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { FormModal } from '../../../lib/unsaved-changes.tsx';
import { useDeleteQuestion, usePaperQuestions, useQuestionChoices } from '../api.ts';
import { QuestionForm } from '../widgets/question-form.tsx';
import { QuestionImportButton } from '../components/question-import.tsx';
import { QuestionPaper } from '../components/question-paper.tsx';
import { QuestionView } from '../components/question-view.tsx';
import { htmlToText } from '../question-model.ts';

const SHORT = 90;

/** A question's stem as plain text, shortened, with a way to read it whole. */
function StemText({ html }: { html: string }) {
  const { t } = useTranslation();
  const [whole, setWhole] = useState(false);
  const text = htmlToText(html);
  if (text.length <= SHORT) return <Text size="sm">{text}</Text>;
  return (
    <Text size="sm" style={{ whiteSpace: whole ? 'pre-wrap' : undefined }}>
      {whole ? text : `${text.slice(0, SHORT).trimEnd()}…`}{' '}
      <Anchor component="button" type="button" size="sm" onClick={() => setWhole(!whole)}>
        {whole ? t('qbank.readLess') : t('qbank.readAll')}
      </Anchor>
    </Text>
  );
}

/** The question bank of a teacher (issue 12): the questions of the subjects and grades they teach. */
export function QuestionBankPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const [editing, setEditing] = useState<Question | 'new' | null>(null);
  const [pair, setPair] = useState<string | null>(null);
  const [type, setType] = useState<QuestionType | null>(null);
  const [difficulty, setDifficulty] = useState<Difficulty | null>(null);
  const [previewing, setPreviewing] = useState<Question | null>(null);
  const [paper, setPaper] = useState<'paper' | 'key' | null>(null);
  const choices = useQuestionChoices();
  const remove = useDeleteQuestion();
  const [subjectId, gradeId] = pair ? pair.split(':').map(Number) : [null, null];
  const filters = { subjectId, gradeId, type, difficulty };
  const paperQuestions = usePaperQuestions(filters, paper !== null);
  const pairLabel = (choices.data?.items ?? []).find((p) => `${p.subjectId}:${p.gradeId}` === pair);
  const shortStem = (q: Question) => {
    const text = htmlToText(q.stem);
    return text.length > 60 ? `${text.slice(0, 60).trimEnd()}…` : text;
  };
  const columns: ListColumn<Question>[] = [
    {
      accessor: 'stem',
      title: t('qbank.stem'),
      render: (q) => <StemText html={q.stem} />,
      exportValue: (q) => htmlToText(q.stem),
    },
    {
      accessor: 'type',
      title: t('qbank.type'),
      render: (q) => QUESTION_TYPE_LABELS[q.type][lang],
      exportValue: (q) => QUESTION_TYPE_LABELS[q.type][lang],
    },
    { accessor: 'subjectName', title: t('qbank.subject') },
    { accessor: 'gradeName', title: t('qbank.grade') },
    { accessor: 'points', title: t('qbank.points'), textAlign: 'right' },
    {
      accessor: 'difficulty',
      title: t('qbank.difficulty'),
      render: (q) => t(`qbank.difficulties.${q.difficulty}`),
      exportValue: (q) => t(`qbank.difficulties.${q.difficulty}`),
    },
    {
      accessor: 'version',
      title: t('qbank.version'),
      render: (q) => t('qbank.versionN', { n: q.version }),
      exportValue: (q) => q.version,
    },
    { accessor: 'authorName', title: t('qbank.author'), render: (q) => q.authorName ?? '-' },
    rowActionsColumn<Question>((q) => (
      <RowActions
        name={shortStem(q)}
        actions={[
          { label: t('qbank.io.preview'), icon: <IconEye size={16} aria-hidden />, onClick: () => setPreviewing(q) },
        ]}
        edit={() => setEditing(q)}
        remove={{
          title: t('qbank.delete'),
          text: t('qbank.deleteConfirm', { stem: shortStem(q) }),
          run: () => remove.mutateAsync(q.id),
        }}
      />
    )),
  ];
  if (paper !== null) {
    if (!paperQuestions.data) return <Skeleton height={320} aria-label={t('qbank.io.loading')} />;
    return (
      <QuestionPaper
        questions={paperQuestions.data}
        withKey={paper === 'key'}
        unitId={paperQuestions.data[0]?.unitId ?? null}
        subtitle={[
          pairLabel && `${pairLabel.subjectName} · ${pairLabel.gradeName}`,
          type && QUESTION_TYPE_LABELS[type][lang],
          difficulty && t(`qbank.difficulties.${difficulty}`),
        ]
          .filter(Boolean)
          .join(' · ')}
        onBack={() => setPaper(null)}
      />
    );
  }
  return (
    <Stack gap="md">
      <PageTitle>{t('qbank.title')}</PageTitle>
      <DataList<Question>
        path="/questions"
        label={t('qbank.title')}
        columns={columns}
        filters={filters}
        exportName="bank-soal"
        serverExport="export/xlsx"
        rowLabel={shortStem}
        actions={
          <>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
              {t('qbank.add')}
            </Button>
            <QuestionImportButton format="xlsx" />
            <QuestionImportButton format="docx" />
            <Menu position="bottom-end">
              <Menu.Target>
                <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
                  {t('qbank.io.templates')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item component="a" href="/api/v1/questions/template/xlsx" download>
                  {t('qbank.io.templateXlsx')}
                </Menu.Item>
                <Menu.Item component="a" href="/api/v1/questions/template/docx" download>
                  {t('qbank.io.templateDocx')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
            <Menu position="bottom-end">
              <Menu.Target>
                <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />}>
                  {t('qbank.io.print')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => setPaper('paper')}>{t('qbank.io.print')}</Menu.Item>
                <Menu.Item onClick={() => setPaper('key')}>{t('qbank.io.printKey')}</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </>
        }
        filterControls={
          <>
            <Select
              label={t('qbank.subjectGrade')}
              data={(choices.data?.items ?? []).map((p) => ({
                value: `${p.subjectId}:${p.gradeId}`,
                label: `${p.subjectName} · ${p.gradeName}`,
              }))}
              value={pair}
              onChange={setPair}
              clearable
              searchable
              w={{ base: '100%', xs: 240 }}
            />
            <Select
              label={t('qbank.type')}
              data={QUESTION_TYPES.map((q) => ({ value: q, label: QUESTION_TYPE_LABELS[q][lang] }))}
              value={type}
              onChange={(x) => setType(x as QuestionType | null)}
              clearable
              w={{ base: '100%', xs: 200 }}
            />
            <Select
              label={t('qbank.difficulty')}
              data={DIFFICULTIES.map((d) => ({ value: d, label: t(`qbank.difficulties.${d}`) }))}
              value={difficulty}
              onChange={(x) => setDifficulty(x as Difficulty | null)}
              clearable
              w={{ base: '100%', xs: 140 }}
            />
          </>
        }
      />
      <Modal
        opened={previewing !== null}
        onClose={() => setPreviewing(null)}
        title={t('qbank.io.previewTitle')}
        size="lg"
      >
        {previewing && <QuestionView question={previewing} withKey />}
      </Modal>
      <FormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('qbank.add') : t('qbank.edit')}
        size="xl"
      >
        {editing !== null && (
          <QuestionForm question={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        )}
      </FormModal>
    </Stack>
  );
}
