import { notifyDone } from '../../../lib/notify.ts';
import { Button, Group, NumberInput, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { SubjectInput, SubjectUpdate, type Subject } from '@mms/shared';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useGrades, useSaveSubject, useUnits } from '../api.ts';
import { contractResolver, showServerErrors } from './form-utils.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.tsx';

interface Values {
  unitId: string;
  code: string;
  name: string;
  group: string;
  kkm: number | string;
  isActive: boolean;
  /** JP per week by grade id */
  hours: Record<string, number | string>;
}

function body(v: Values, creating: boolean) {
  const out: Record<string, unknown> = {
    code: v.code,
    name: v.name,
    group: v.group.trim() === '' ? null : v.group,
    kkm: v.kkm === '' ? undefined : Number(v.kkm),
    isActive: v.isActive,
    hours: Object.entries(v.hours)
      .filter(([, h]) => h !== '' && Number(h) > 0)
      .map(([gradeId, h]) => ({ gradeId: Number(gradeId), hoursPerWeek: Number(h) })),
  };
  if (creating) out.unitId = v.unitId ? Number(v.unitId) : undefined;
  return out;
}

/** A subject (mapel): code, name, group, KKM and the JP per week of each grade of its unit. */
export function SubjectForm({
  subject,
  defaultUnitId,
  onDone,
}: {
  subject?: Subject;
  defaultUnitId: number | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const creating = !subject;
  const units = useUnits();
  const save = useSaveSubject();
  const schema = creating ? SubjectInput : SubjectUpdate;
  const form = useForm<Values>({
    resolver: contractResolver<Values>(schema, (v) => body(v, creating)),
    defaultValues: {
      unitId: String(subject?.unitId ?? defaultUnitId ?? ''),
      code: subject?.code ?? '',
      name: subject?.name ?? '',
      group: subject?.group ?? '',
      kkm: subject?.kkm ?? 75,
      isActive: subject?.isActive ?? true,
      hours: Object.fromEntries((subject?.hours ?? []).map((h) => [String(h.gradeId), h.hoursPerWeek])),
    },
  });
  const unitId = useWatch({ control: form.control, name: 'unitId' });
  const grades = useGrades(unitId ? Number(unitId) : null);
  const { errors } = form.formState;
  useUnsavedChanges(form.formState.isDirty);
  const hoursError = (errors.hours as { message?: string } | undefined)?.message;
  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: subject?.id, body: schema.parse(body(values, creating)) },
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
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {creating && (
            <Controller
              control={form.control}
              name="unitId"
              render={({ field }) => (
                <Select
                  label={t('school.unit')}
                  withAsterisk
                  data={(units.data?.items ?? []).map((u) => ({ value: String(u.id), label: u.code }))}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  error={errors.unitId?.message}
                />
              )}
            />
          )}
          <TextInput
            label={t('school.subjects.code')}
            withAsterisk
            {...form.register('code')}
            error={errors.code?.message}
          />
          <TextInput
            label={t('school.subjects.name')}
            withAsterisk
            {...form.register('name')}
            error={errors.name?.message}
          />
          <TextInput label={t('school.subjects.group')} {...form.register('group')} error={errors.group?.message} />
          <Controller
            control={form.control}
            name="kkm"
            render={({ field }) => (
              <NumberInput
                label={t('school.subjects.kkm')}
                min={0}
                max={100}
                value={field.value}
                onChange={field.onChange}
                error={errors.kkm?.message}
              />
            )}
          />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="isActive"
          render={({ field }) => (
            // a controlled switch: it shows the record's real state (register() left it OFF for an active subject)
            <Switch
              label={t('school.subjects.active')}
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
        <div>
          <Text fw={500} size="sm" mb={4}>
            {t('school.subjects.hours')}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 3 }}>
            {(grades.data?.items ?? []).map((g) => (
              <Controller
                key={g.id}
                control={form.control}
                name={`hours.${g.id}`}
                render={({ field }) => (
                  <NumberInput
                    label={t('school.subjects.hoursFor', { grade: g.name })}
                    min={0}
                    max={20}
                    value={field.value ?? ''}
                    onChange={field.onChange}
                  />
                )}
              />
            ))}
          </SimpleGrid>
          {hoursError && (
            <Text c="red" size="sm">
              {hoursError}
            </Text>
          )}
        </div>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('school.cancel')}
          </Button>
          <Button type="submit" color="green" loading={save.isPending}>
            {t('school.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
