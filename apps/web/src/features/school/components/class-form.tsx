import { notifyDone } from '../../../lib/notify.ts';
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { ClassGroupInput, ClassGroupUpdate, type ClassGroup } from '@mms/shared';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAcademicYears, useGrades, useSaveClassGroup } from '../api.ts';
import { contractResolver, emptyToNull, showServerErrors } from './form-utils.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.tsx';

type Values = { academicYearId: string; gradeId: string; name: string; room: string; program: string };

function body(v: Values, creating: boolean) {
  const out = emptyToNull(v, ['name']);
  out.gradeId = v.gradeId ? Number(v.gradeId) : undefined;
  if (creating) out.academicYearId = v.academicYearId ? Number(v.academicYearId) : undefined;
  else delete out.academicYearId;
  return out;
}

/** A class group (rombel) of a year and grade. */
export function ClassForm({
  classGroup,
  unitId,
  academicYearId,
  onDone,
}: {
  classGroup?: ClassGroup;
  unitId: number | null;
  academicYearId: number | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const creating = !classGroup;
  const years = useAcademicYears();
  const grades = useGrades(classGroup?.unitId ?? unitId);
  const save = useSaveClassGroup();
  const schema = creating ? ClassGroupInput : ClassGroupUpdate;
  const form = useForm<Values>({
    resolver: contractResolver<Values>(schema, (v) => body(v, creating)),
    defaultValues: {
      academicYearId: String(classGroup?.academicYearId ?? academicYearId ?? ''),
      gradeId: classGroup ? String(classGroup.gradeId) : '',
      name: classGroup?.name ?? '',
      room: classGroup?.room ?? '',
      program: classGroup?.program ?? '',
    },
  });
  // the page's active year may arrive after the dialog opened: a new class takes it (or the list's active year)
  // while the field is still empty, so a quick "Simpan" does not fail on a year the user never saw missing
  const defaultYearId = academicYearId ?? years.data?.items.find((y) => y.isActive)?.id ?? null;
  useEffect(() => {
    if (creating && defaultYearId !== null && !form.getValues('academicYearId'))
      form.setValue('academicYearId', String(defaultYearId));
  }, [creating, defaultYearId, form]);
  const { errors } = form.formState;
  useUnsavedChanges(form.formState.isDirty);
  const select = (name: 'academicYearId' | 'gradeId', label: string, data: { value: string; label: string }[]) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          withAsterisk
          data={data}
          value={field.value || null}
          onChange={(v) => field.onChange(v ?? '')}
          error={errors[name]?.message}
        />
      )}
    />
  );
  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: classGroup?.id, body: schema.parse(body(values, creating)) },
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
          {creating &&
            select(
              'academicYearId',
              t('school.year'),
              (years.data?.items ?? []).map((y) => ({ value: String(y.id), label: y.name })),
            )}
          {select(
            'gradeId',
            t('school.grade'),
            (grades.data?.items ?? []).map((g) => ({ value: String(g.id), label: g.name })),
          )}
          <TextInput
            label={t('school.classes.name')}
            withAsterisk
            {...form.register('name')}
            error={errors.name?.message}
          />
          <TextInput label={t('school.classes.room')} {...form.register('room')} error={errors.room?.message} />
          <TextInput
            label={t('school.classes.program')}
            {...form.register('program')}
            error={errors.program?.message}
          />
        </SimpleGrid>
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
