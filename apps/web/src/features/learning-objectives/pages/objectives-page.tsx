import { Alert, Button, Paper, Select, Stack, Text } from '@mantine/core';
import type { LearningObjective } from '@mms/shared';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { RowActions, rowActionsColumn } from '../../../components/data-list/row-actions.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { FormModal } from '../../../lib/unsaved-changes.tsx';
import { useDeleteObjective, useObjectiveChoices, useObjectives } from '../api.ts';
import { ObjectiveForm } from '../components/objective-form.tsx';

const pairKey = (p: { subjectId: number; gradeId: number }) => `${p.subjectId}:${p.gradeId}`;

/**
 * tutor/learning-objectives: the TPs of a subject and grade in the active school year (issue 40), searchable and
 * exported to Excel; the subject's teachers of the grade and WAKAKUR add, edit and delete them (a deletion asks
 * first and says how many tags go with it). The pairs offered are those the server lets the caller open.
 */
export function LearningObjectivesPage() {
  const { t } = useTranslation();
  const choices = useObjectiveChoices();
  const items = useMemo(() => choices.data?.items ?? [], [choices.data]);
  const [picked, setPicked] = useState<string | null>(null);
  const key = picked ?? (items.length === 1 ? pairKey(items[0]!) : null);
  const choice = items.find((i) => pairKey(i) === key) ?? null;
  const pair = choice ? { subjectId: choice.subjectId, gradeId: choice.gradeId } : null;
  const list = useObjectives(pair);
  const canManage = list.data?.canManage ?? false;
  const remove = useDeleteObjective();
  const [editing, setEditing] = useState<LearningObjective | 'new' | null>(null);

  const columns = useMemo<ListColumn<LearningObjective>[]>(
    () => [
      { accessor: 'position', title: t('tp.position'), textAlign: 'right', width: 80 },
      { accessor: 'code', title: t('tp.code'), width: 120 },
      { accessor: 'description', title: t('tp.description') },
      {
        accessor: 'columnTags',
        title: t('tp.tags'),
        render: (o) => t('tp.tagsValue', { columns: o.columnTags, questions: o.questionTags }),
      },
      ...(canManage
        ? [
            rowActionsColumn<LearningObjective>((o) => (
              <RowActions
                name={o.code}
                edit={() => setEditing(o)}
                remove={{
                  title: t('tp.deleteTitle'),
                  text: t('tp.deleteText', { code: o.code, columns: o.columnTags, questions: o.questionTags }),
                  run: () => remove.mutateAsync(o.id),
                }}
              />
            )),
          ]
        : []),
    ],
    [t, canManage, remove],
  );

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <PageTitle>{t('tp.title')}</PageTitle>
      <Stack>
        <Text c="dimmed" size="sm">
          {t('tp.lead')}
        </Text>
        {choices.isSuccess && items.length === 0 ? (
          <Alert color="gray">{t('tp.noChoices')}</Alert>
        ) : (
          <Select
            label={t('tp.pair')}
            placeholder={t('tp.pairPlaceholder')}
            data={items.map((i) => ({ value: pairKey(i), label: `${i.subjectName} – ${i.gradeName}` }))}
            value={key}
            onChange={setPicked}
            searchable
            maw={420}
          />
        )}
        {pair === null ? (
          items.length > 0 && <Text c="dimmed">{t('tp.choose')}</Text>
        ) : (
          <>
            {list.isSuccess && !canManage && (
              <Text size="sm" c="dimmed">
                {t('tp.readOnly')}
              </Text>
            )}
            <DataList<LearningObjective>
              records={list.data?.items}
              fetching={list.isFetching}
              failed={list.isError}
              label={t('tp.label')}
              columns={columns}
              search={t('tp.search')}
              emptyText={t('tp.empty')}
              exportName={t('tp.exportName')}
              exportTitle={`${t('tp.title')} – ${choice!.subjectName} – ${choice!.gradeName}`}
              exportColumns={[
                { title: t('tp.position'), value: (o) => o.position },
                { title: t('tp.code'), value: (o) => o.code },
                { title: t('tp.description'), value: (o) => o.description },
                { title: t('tp.columnTags'), value: (o) => o.columnTags },
                { title: t('tp.questionTags'), value: (o) => o.questionTags },
              ]}
              actions={
                canManage && (
                  <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
                    {t('tp.add')}
                  </Button>
                )
              }
            />
          </>
        )}
      </Stack>
      <FormModal
        opened={editing !== null && pair !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('tp.add') : t('tp.edit')}
        size="lg"
      >
        {editing !== null && pair !== null && (
          <ObjectiveForm
            pair={pair}
            objective={editing === 'new' ? undefined : editing}
            onDone={() => setEditing(null)}
          />
        )}
      </FormModal>
    </Paper>
  );
}
