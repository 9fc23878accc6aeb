import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import {
  SCORE_KINDS,
  SCORE_KIND_LABELS,
  ScoreColumnInput,
  type ScoreColumn,
  type ScoreKind,
  type ScoreSheetQuery,
} from '@mms/shared';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-fields.tsx';
import { serverToday } from '../../../lib/clock.ts';
import { useContractForm } from '../../../lib/contract-form.ts';
import { notifyDone } from '../../../lib/notify.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.tsx';
import { useSaveColumn } from '../api.ts';

interface Values {
  kind: ScoreKind | null;
  title: string;
  date: string;
}

/** Adds an assessment (a column) to a sheet, or renames one: its kind, name and date. */
export function ColumnForm({
  sheet,
  column,
  onDone,
}: {
  sheet: ScoreSheetQuery;
  column: ScoreColumn | null;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const save = useSaveColumn();
  const { field, submit, dirty } = useContractForm<typeof ScoreColumnInput, Values>(
    ScoreColumnInput,
    { kind: column?.kind ?? 'HARIAN', title: column?.title ?? '', date: column?.date ?? serverToday() },
    { prepare: (v) => ({ ...sheet, ...v }) },
  );
  useUnsavedChanges(dirty);
  const onSubmit = submit(async (data) => {
    const { kind, title, date } = data;
    await save.mutateAsync({ id: column?.id ?? null, body: column ? { kind, title, date } : data });
    notifyDone('saved', title);
    onDone();
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
        />
        <DateField label={t('grades.date')} {...field('date')} withAsterisk />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('grades.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
