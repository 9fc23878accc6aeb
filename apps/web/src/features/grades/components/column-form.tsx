import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import {
  SCORE_KINDS,
  SCORE_KIND_LABELS,
  ScoreColumnInput,
  type ScoreColumn,
  type ScoreKind,
  type ScoreSheetQuery,
} from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-fields.tsx';
import { isApiError } from '../../../lib/api.ts';
import { serverToday } from '../../../lib/clock.ts';
import { useContractForm } from '../../../lib/contract-form.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.tsx';
import { useSheetObjectiveTags, useTagColumn } from '../../learning-objectives/api.ts';
import { ObjectivePicker } from '../../learning-objectives/widgets/objective-picker.tsx';
import { useSaveColumn } from '../api.ts';

interface Values {
  kind: ScoreKind | null;
  title: string;
  date: string;
}

/**
 * Adds an assessment (a column) to a sheet, or renames one: its kind, name and date. A column an online exam fills
 * keeps the exam's name and date; only its kind is changed (a summative counted as the PTS). With the class's grade
 * (`gradeId`), the column is tagged with TPs of its subject, grade and year (the TP picker), saved after the column.
 */
export function ColumnForm({
  sheet,
  column,
  gradeId = null,
  onDone,
}: {
  sheet: ScoreSheetQuery;
  column: ScoreColumn | null;
  /** the class's grade: the TP picker shows its TPs (none: no picker) */
  gradeId?: number | null;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const save = useSaveColumn();
  const tag = useTagColumn();
  const tags = useSheetObjectiveTags(gradeId !== null && column ? sheet : null);
  const savedTags = column ? (tags.data?.items.find((i) => i.columnId === column.id)?.objectiveIds ?? []) : [];
  const [objectiveIds, setObjectiveIds] = useState<number[] | null>(null);
  // the column's saved tags until the teacher picks
  const chosen = objectiveIds ?? savedTags;
  const tagsChanged = [...chosen].sort().join(',') !== [...savedTags].sort().join(',');
  const { field, submit, dirty } = useContractForm<typeof ScoreColumnInput, Values>(
    ScoreColumnInput,
    { kind: column?.kind ?? 'HARIAN', title: column?.title ?? '', date: column?.date ?? serverToday() },
    { prepare: (v) => ({ ...sheet, ...v }) },
  );
  useUnsavedChanges(dirty || (gradeId !== null && tagsChanged));
  const fromExam = !!column && column.assessmentId !== null;
  /** After the column is saved: its TPs, when the picker is shown and the choice differs from what is saved. */
  const saved = async (columnId: number, title: string) => {
    if (gradeId !== null && tagsChanged) {
      await tag.mutateAsync({ columnId, body: { ...sheet, objectiveIds: chosen } });
    }
    notifyDone('saved', title);
    onDone();
  };
  const onSubmit = submit(async (data) => {
    const { kind, title, date } = data;
    let result: ScoreColumn;
    try {
      result = await save.mutateAsync({
        id: column?.id ?? null,
        body: fromExam ? { kind } : column ? { kind, title, date } : data,
      });
    } catch (e) {
      // the sheet already has an assessment of this name on this date: the server names it, the teacher decides
      if (column || !isApiError(e) || e.status !== 409 || !e.fields.confirmDuplicate) throw e;
      confirmDialog({
        title: t('grades.duplicateTitle'),
        text: e.message,
        confirm: t('grades.duplicateConfirm'),
        onConfirm: () =>
          void save
            .mutateAsync({ id: null, body: { ...data, confirmDuplicate: true } })
            .then((c) => saved(c.id, title))
            .catch(notifyError),
      });
      return;
    }
    await saved(result.id, title);
  });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)}>
      <Stack gap="sm">
        <Select
          label={t('grades.kind')}
          data={SCORE_KINDS.map((k) => ({ value: k, label: SCORE_KIND_LABELS[k][lang] }))}
          {...field('kind')}
          allowDeselect={false}
          withAsterisk
        />
        <TextInput
          label={t('grades.columnTitle')}
          placeholder={t('grades.columnTitlePlaceholder')}
          {...field('title')}
          maxLength={80}
          withAsterisk
          data-autofocus
          disabled={fromExam}
          description={fromExam ? t('grades.fromExamForm') : undefined}
        />
        <DateField label={t('grades.date')} {...field('date')} withAsterisk disabled={fromExam} />
        {gradeId !== null && (
          <ObjectivePicker
            subjectId={sheet.subjectId}
            gradeId={gradeId}
            value={chosen}
            onChange={setObjectiveIds}
            disabled={!!column && tags.isLoading}
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('grades.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
