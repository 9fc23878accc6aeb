import { Button, Group, Stack, TextInput } from '@mantine/core';
import { ExtracurricularInput, ExtracurricularUpdate, type Extracurricular } from '@mms/shared';
import { Controller, useForm, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TeacherSelect } from '../../../components/pickers.tsx';
import { isApiError } from '../../../lib/api.ts';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.tsx';
import { formResolver } from '../../../lib/validation.ts';
import { useSaveActivity } from '../api.ts';

interface Values {
  name: string;
  coachEmployeeId: number | null;
  schedule: string;
}

const body = (v: Values) => ({
  name: v.name,
  coachEmployeeId: v.coachEmployeeId ?? undefined,
  schedule: v.schedule.trim() === '' ? null : v.schedule,
});

/** The server's field errors under their inputs (a 409 names the clash: its message goes under the field). */
function showServerErrors(form: UseFormReturn<Values>, error: unknown) {
  if (isApiError(error)) {
    for (const [field, message] of Object.entries(error.fields)) {
      form.setError(field as Path<Values>, { message: error.status === 409 ? error.message : message });
    }
  }
  notifyError(error);
}

/** An activity: its name, coach (a teacher of the unit) and schedule; a new one is of the list's unit and year. */
export function ActivityForm({
  activity,
  scope,
  onDone,
}: {
  activity?: Extracurricular | undefined;
  scope: { unitId: number | null; academicYearId: number | null };
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveActivity();
  const creating = !activity;
  const schema = creating ? ExtracurricularInput : ExtracurricularUpdate;
  const prepare = (v: Values) =>
    creating
      ? {
          ...(scope.unitId ? { unitId: scope.unitId } : {}),
          ...(scope.academicYearId ? { academicYearId: scope.academicYearId } : {}),
          ...body(v),
        }
      : body(v);
  const form = useForm<Values>({
    resolver: formResolver<Values>(schema, prepare),
    defaultValues: {
      name: activity?.name ?? '',
      coachEmployeeId: activity?.coachEmployeeId ?? null,
      schedule: activity?.schedule ?? '',
    },
  });
  useUnsavedChanges(form.formState.isDirty);
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    save.mutate(
      creating
        ? { add: ExtracurricularInput.parse(prepare(values)) }
        : { id: activity.id, change: ExtracurricularUpdate.parse(prepare(values)) },
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
          label={t('extracurricular.name')}
          required
          maxLength={100}
          error={errors.name?.message}
          {...form.register('name')}
        />
        <Controller
          control={form.control}
          name="coachEmployeeId"
          render={({ field }) => (
            <TeacherSelect
              label={t('extracurricular.coach')}
              required
              unitId={activity?.unitId ?? scope.unitId}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.coachEmployeeId?.message}
              w="100%"
            />
          )}
        />
        <TextInput
          label={t('extracurricular.schedule')}
          description={t('extracurricular.scheduleHint')}
          maxLength={200}
          error={errors.schedule?.message}
          {...form.register('schedule')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('extracurricular.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('extracurricular.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
