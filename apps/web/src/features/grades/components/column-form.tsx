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
import { issueErrors, messageText } from '../../../lib/validation.ts';
import { serverToday } from '../../../lib/clock.ts';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.tsx';
import { useSaveColumn } from '../api.ts';

/** Adds an assessment (a column) to a sheet, or renames one: its kind, name and date. */
/** The server's field errors in the reader's language. */
const serverErrors = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, messageText(v)]));

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
  const [kind, setKind] = useState<ScoreKind | null>(column?.kind ?? 'HARIAN');
  const [title, setTitle] = useState(column?.title ?? '');
  const [date, setDate] = useState<string>(column?.date ?? serverToday());
  const [errors, setErrors] = useState<Record<string, string>>({});
  useUnsavedChanges(title !== (column?.title ?? '') || kind !== (column?.kind ?? 'HARIAN'));

  async function submit() {
    const parsed = ScoreColumnInput.safeParse({ ...sheet, kind, title, date });
    if (!parsed.success) {
      setErrors(issueErrors(parsed.error, 'first'));
      return;
    }
    setErrors({});
    const { kind: k, title: ti, date: d } = parsed.data;
    try {
      await save.mutateAsync({ id: column?.id ?? null, body: column ? { kind: k, title: ti, date: d } : parsed.data });
      notifyDone('saved', ti);
      onDone();
    } catch (error) {
      if (isApiError(error)) setErrors(serverErrors(error.fields));
      notifyError(error);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <Select
          label={t('grades.kind')}
          data={SCORE_KINDS.map((k) => ({ value: k, label: SCORE_KIND_LABELS[k][lang] }))}
          value={kind}
          onChange={(v) => setKind(v as ScoreKind | null)}
          error={errors.kind}
          allowDeselect={false}
          withAsterisk
        />
        <TextInput
          label={t('grades.columnTitle')}
          placeholder={t('grades.columnTitlePlaceholder')}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={errors.title}
          maxLength={80}
          withAsterisk
          data-autofocus
        />
        <DateField label={t('grades.date')} value={date} onChange={setDate} error={errors.date} withAsterisk />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('grades.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
