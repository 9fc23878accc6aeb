import { Alert, Button, Checkbox, Group, Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { COUNSELLING_STATUSES, CounsellingNoteInput, type CounsellingNote, type CounsellingStatus } from '@mms/shared';
import { IconLock } from '@tabler/icons-react';
import { Controller, useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateField } from '../../../components/date-fields.tsx';
import { serverToday } from '../../../lib/clock.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.tsx';
import { formResolver } from '../../../lib/validation.ts';
import { kindOptions, statusOptions, topicOptions } from './labels.ts';
import { StudentsPicker, type PickedStudent } from './students-picker.tsx';

export interface NoteFormValues {
  studentIds: PickedStudent[];
  date: string;
  kind: string;
  topic: string;
  discussion: string;
  agreement: string;
  followUpDate: string;
  status: string;
  sharedWithStudent: boolean;
  studentSummary: string;
}

/** The form's values as the contract's body: empty inputs are left out or null, the students their ids. */
export function noteBody(v: NoteFormValues): CounsellingNoteInput {
  return {
    studentIds: v.studentIds.map((s) => s.id),
    date: v.date || (undefined as never),
    kind: (v.kind || undefined) as never,
    topic: (v.topic || undefined) as never,
    discussion: v.discussion,
    agreement: v.agreement.trim() ? v.agreement : null,
    followUpDate: v.followUpDate || null,
    status: (v.status || 'OPEN') as CounsellingStatus,
    sharedWithStudent: v.sharedWithStudent,
    studentSummary: v.studentSummary.trim() ? v.studentSummary : null,
  };
}

function toValues(note: CounsellingNote | undefined): NoteFormValues {
  return {
    studentIds: (note?.students ?? []).map((s) => ({
      id: s.studentId,
      name: s.name,
      nis: s.nis,
      className: s.className,
    })),
    date: note?.date ?? serverToday(),
    kind: note?.kind ?? '',
    topic: note?.topic ?? '',
    discussion: note?.discussion ?? '',
    agreement: note?.agreement ?? '',
    followUpDate: note?.followUpDate ?? '',
    status: note?.status ?? 'OPEN',
    sharedWithStudent: note?.sharedWithStudent ?? false,
    studentSummary: note?.studentSummary ?? '',
  };
}

export interface NoteFormProps {
  note?: CounsellingNote;
  saving: boolean;
  onSubmit: (body: CounsellingNoteInput, form: UseFormReturn<NoteFormValues>) => void;
}

/** Writing or changing a counselling note; checked with the shared contract before it is sent. */
export function NoteForm({ note, saving, onSubmit }: NoteFormProps) {
  const { t } = useTranslation();
  const form = useForm<NoteFormValues>({
    resolver: formResolver<NoteFormValues>(CounsellingNoteInput, noteBody),
    defaultValues: toValues(note),
  });
  const { errors } = form.formState;
  useUnsavedChanges(form.formState.isDirty && !form.formState.isSubmitSuccessful);
  const shared = useWatch({ control: form.control, name: 'sharedWithStudent' });
  // a case moves forward only: the statuses before the saved one are not offered
  const from = note ? COUNSELLING_STATUSES.indexOf(note.status) : 0;
  const statuses = statusOptions().map((o, i) => ({ ...o, disabled: i < from }));
  const select = (name: 'kind' | 'topic' | 'status', label: string, data: { value: string; label: string }[]) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          data={data}
          value={field.value || null}
          onChange={(v) => field.onChange(v ?? '')}
          error={errors[name]?.message}
          withAsterisk
          allowDeselect={false}
        />
      )}
    />
  );

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => onSubmit(noteBody(values), form))}>
      <Stack>
        <Alert color="blue" icon={<IconLock size={18} aria-hidden />}>
          {t('counselling.confidential')}
        </Alert>
        <Controller
          control={form.control}
          name="studentIds"
          render={({ field }) => (
            <StudentsPicker value={field.value} onChange={field.onChange} error={errors.studentIds?.message} />
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <FormDateField control={form.control} name="date" label={t('counselling.date')} withAsterisk />
          {select('kind', t('counselling.kind'), kindOptions())}
          {select('topic', t('counselling.topic'), topicOptions())}
        </SimpleGrid>
        <Textarea
          label={t('counselling.discussion')}
          autosize
          minRows={4}
          withAsterisk
          {...form.register('discussion')}
          error={errors.discussion?.message}
        />
        <Textarea
          label={t('counselling.agreement')}
          autosize
          minRows={2}
          {...form.register('agreement')}
          error={errors.agreement?.message}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <FormDateField control={form.control} name="followUpDate" label={t('counselling.followUpDate')} />
          {select('status', t('counselling.status'), statuses)}
        </SimpleGrid>
        <Checkbox label={t('counselling.shared')} {...form.register('sharedWithStudent')} />
        {shared && (
          <Textarea
            label={t('counselling.studentSummary')}
            description={t('counselling.studentSummaryHint')}
            autosize
            minRows={2}
            withAsterisk
            {...form.register('studentSummary')}
            error={errors.studentSummary?.message}
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {t('counselling.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
