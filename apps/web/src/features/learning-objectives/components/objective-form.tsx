import { Button, Group, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { LearningObjectiveInput, LearningObjectiveUpdate, type LearningObjective } from '@mms/shared';
import { Controller, useForm, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api.ts';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.tsx';
import { formResolver } from '../../../lib/validation.ts';
import { useSaveObjective } from '../api.ts';

interface Values {
  code: string;
  description: string;
  position: number | string;
}

const body = (v: Values) => ({
  code: v.code,
  description: v.description,
  position: v.position === '' ? undefined : Number(v.position),
});

/** The server's field errors under their inputs (a 409 names the clash: its message goes under the field). */
function showServerErrors<V extends FieldValues>(form: UseFormReturn<V>, error: unknown) {
  if (isApiError(error)) {
    for (const [field, message] of Object.entries(error.fields)) {
      form.setError(field as Path<V>, { message: error.status === 409 ? error.message : message });
    }
  }
  notifyError(error);
}

/** A TP of a subject and grade: its code, wording and order. */
export function ObjectiveForm({
  pair,
  objective,
  onDone,
}: {
  pair: { subjectId: number; gradeId: number };
  objective?: LearningObjective;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveObjective();
  const creating = !objective;
  const schema = creating ? LearningObjectiveInput : LearningObjectiveUpdate;
  const prepare = (v: Values) => (creating ? { ...pair, ...body(v) } : body(v));
  const form = useForm<Values>({
    resolver: formResolver<Values>(schema, prepare),
    defaultValues: {
      code: objective?.code ?? '',
      description: objective?.description ?? '',
      position: objective?.position ?? '',
    },
  });
  useUnsavedChanges(form.formState.isDirty);
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    save.mutate(
      creating
        ? { add: LearningObjectiveInput.parse(prepare(values)) }
        : { id: objective.id, change: LearningObjectiveUpdate.parse(prepare(values)) },
      {
        onSuccess: () => {
          notifyDone('saved');
          onDone();
        },
        onError: (e) => showServerErrors(form, e),
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label={t('tp.code')}
          description={t('tp.codeHint')}
          required
          maxLength={20}
          error={errors.code?.message}
          {...form.register('code')}
        />
        <Textarea
          label={t('tp.description')}
          required
          autosize
          minRows={3}
          maxLength={500}
          error={errors.description?.message}
          {...form.register('description')}
        />
        <Controller
          control={form.control}
          name="position"
          render={({ field }) => (
            <NumberInput
              label={t('tp.position')}
              description={t('tp.positionHint')}
              min={1}
              max={999}
              allowDecimal={false}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.position?.message}
            />
          )}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('tp.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('tp.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
