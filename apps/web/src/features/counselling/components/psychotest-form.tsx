import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { PsychotestInput, type Psychotest } from '@mms/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateField } from '../../../components/date-fields.tsx';
import { serverToday } from '../../../lib/clock.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.tsx';
import { formResolver } from '../../../lib/validation.ts';
import { instrumentOptions } from './labels.ts';
import { StudentPickerOne, type PickedStudent } from './students-picker.tsx';

export interface PsychotestFormValues {
  studentId: PickedStudent | null;
  date: string;
  instrument: string;
  testName: string;
  provider: string;
  scores: { scale: string; score: number | string; category: string }[];
  interpretation: string;
  recommendation: string;
  sharedWithStudent: boolean;
}

const orNull = (s: string) => (s.trim() ? s : null);

/** The form's values as the contract's body. */
export function psychotestBody(v: PsychotestFormValues): PsychotestInput {
  return {
    studentId: (v.studentId?.id ?? undefined) as never,
    date: v.date || (undefined as never),
    instrument: (v.instrument || undefined) as never,
    testName: v.testName,
    provider: orNull(v.provider),
    scores: v.scores.map((s) => ({
      scale: s.scale,
      score: typeof s.score === 'number' ? s.score : Number.NaN,
      category: orNull(s.category),
    })),
    interpretation: orNull(v.interpretation),
    recommendation: orNull(v.recommendation),
    sharedWithStudent: v.sharedWithStudent,
  };
}

function toValues(r: Psychotest | undefined): PsychotestFormValues {
  return {
    studentId: r ? { id: r.studentId, name: r.studentName, nis: r.nis, className: r.className } : null,
    date: r?.date ?? serverToday(),
    instrument: r?.instrument ?? '',
    testName: r?.testName ?? '',
    provider: r?.provider ?? '',
    scores: (r?.scores ?? []).map((s) => ({ scale: s.scale, score: s.score, category: s.category ?? '' })),
    interpretation: r?.interpretation ?? '',
    recommendation: r?.recommendation ?? '',
    sharedWithStudent: r?.sharedWithStudent ?? false,
  };
}

export interface PsychotestFormProps {
  result?: Psychotest;
  saving: boolean;
  onSubmit: (body: PsychotestInput, form: UseFormReturn<PsychotestFormValues>) => void;
}

/** Entering or changing a psychological test result, scored by scale. */
export function PsychotestForm({ result, saving, onSubmit }: PsychotestFormProps) {
  const { t } = useTranslation();
  const form = useForm<PsychotestFormValues>({
    resolver: formResolver<PsychotestFormValues>(PsychotestInput, psychotestBody),
    defaultValues: toValues(result),
  });
  const { errors } = form.formState;
  const scores = useFieldArray({ control: form.control, name: 'scores' });
  useUnsavedChanges(form.formState.isDirty && !form.formState.isSubmitSuccessful);
  const scoreError = (i: number, key: 'scale' | 'score' | 'category') =>
    (errors as Record<string, { message?: string } | undefined>)[`scores.${i}.${key}`]?.message ??
    errors.scores?.[i]?.[key]?.message;

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => onSubmit(psychotestBody(values), form))}>
      <Stack>
        <Controller
          control={form.control}
          name="studentId"
          render={({ field }) => (
            <StudentPickerOne value={field.value} onChange={field.onChange} error={errors.studentId?.message} />
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <FormDateField control={form.control} name="date" label={t('counselling.date')} withAsterisk />
          <Controller
            control={form.control}
            name="instrument"
            render={({ field }) => (
              <Select
                label={t('counselling.instrument')}
                data={instrumentOptions()}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                error={errors.instrument?.message}
                withAsterisk
                allowDeselect={false}
              />
            )}
          />
          <TextInput
            label={t('counselling.testName')}
            withAsterisk
            {...form.register('testName')}
            error={errors.testName?.message}
          />
        </SimpleGrid>
        <TextInput label={t('counselling.provider')} {...form.register('provider')} error={errors.provider?.message} />
        <Stack gap="xs">
          <Text fw={600}>{t('counselling.scores')}</Text>
          {scores.fields.length === 0 && <Text size="sm">{t('counselling.noScales')}</Text>}
          {scores.fields.map((row, i) => (
            <Group key={row.id} align="flex-start" wrap="wrap">
              <TextInput
                label={t('counselling.scale')}
                {...form.register(`scores.${i}.scale`)}
                error={scoreError(i, 'scale')}
              />
              <Controller
                control={form.control}
                name={`scores.${i}.score`}
                render={({ field }) => (
                  <NumberInput
                    label={t('counselling.score')}
                    value={field.value}
                    onChange={field.onChange}
                    decimalScale={2}
                    error={scoreError(i, 'score')}
                    w={120}
                  />
                )}
              />
              <TextInput
                label={t('counselling.category')}
                {...form.register(`scores.${i}.category`)}
                error={scoreError(i, 'category')}
              />
              <ActionIcon
                mt={26}
                variant="subtle"
                color="red"
                aria-label={t('counselling.removeScale', { n: i + 1 })}
                onClick={() => scores.remove(i)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => scores.append({ scale: '', score: '', category: '' })}
            >
              {t('counselling.addScale')}
            </Button>
          </Group>
        </Stack>
        <Textarea
          label={t('counselling.interpretation')}
          autosize
          minRows={3}
          {...form.register('interpretation')}
          error={errors.interpretation?.message}
        />
        <Textarea
          label={t('counselling.recommendation')}
          autosize
          minRows={2}
          {...form.register('recommendation')}
          error={errors.recommendation?.message}
        />
        <Checkbox label={t('counselling.shared')} {...form.register('sharedWithStudent')} />
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {t('counselling.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
