import { serverToday } from '../../../lib/clock.ts';
import { Button, Fieldset, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { BOARDING_STATUSES, GENDERS, STUDENT_STATUSES, StudentInput, StudentUpdate, type Student } from '@mms/shared';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useUnits } from '../api.ts';
import { FormDateField } from '../../../components/date-fields.tsx';
import { contractResolver, emptyToNull } from './form-utils.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.tsx';

const TEXT_FIELDS = [
  'nis',
  'nisn',
  'nik',
  'name',
  'gender',
  'birthPlace',
  'birthDate',
  'religion',
  'address',
  'fatherName',
  'motherName',
  'guardianName',
  'phone',
  'parentPhone',
  'boarding',
  'program',
  'entryDate',
  'status',
  'unitId',
] as const;
export type StudentFormValues = Record<(typeof TEXT_FIELDS)[number], string>;

function toValues(s: Student | undefined, unitId: number | null): StudentFormValues {
  const v = {} as StudentFormValues;
  for (const f of TEXT_FIELDS) {
    const x = s ? (s as unknown as Record<string, unknown>)[f] : undefined;
    v[f] = x === null || x === undefined ? '' : String(x);
  }
  if (!s) {
    v.status = 'ACTIVE';
    v.unitId = unitId ? String(unitId) : '';
  }
  return v;
}

/** Form values as the contract's body: empty inputs become null, the unit becomes a number. */
export function studentBody(values: StudentFormValues, creating: boolean): Record<string, unknown> {
  const body = emptyToNull(values, ['nis', 'name']);
  if (creating) body.unitId = values.unitId ? Number(values.unitId) : undefined;
  else delete body.unitId;
  return body;
}

export interface StudentFormProps {
  student?: Student;
  defaultUnitId: number | null;
  saving: boolean;
  onSubmit: (body: StudentInput | StudentUpdate, form: ReturnType<typeof useForm<StudentFormValues>>) => void;
}

/** Create and edit of a student; checks with the shared contract, server field errors under the inputs. */
export function StudentForm({ student, defaultUnitId, saving, onSubmit }: StudentFormProps) {
  const { t } = useTranslation();
  const creating = !student;
  const units = useUnits();
  const schema = creating ? StudentInput : StudentUpdate;
  const form = useForm<StudentFormValues>({
    resolver: contractResolver<StudentFormValues>(schema, (v) => studentBody(v, creating)),
    defaultValues: toValues(student, defaultUnitId),
  });
  const { errors } = form.formState;
  useUnsavedChanges(form.formState.isDirty && !form.formState.isSubmitSuccessful);
  const field = (name: keyof StudentFormValues, label: string, props: Record<string, unknown> = {}) => (
    <TextInput label={label} {...form.register(name)} error={errors[name]?.message} {...props} />
  );
  const select = (
    name: keyof StudentFormValues,
    label: string,
    data: { value: string; label: string }[],
    req = false,
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field: f }) => (
        <Select
          label={label}
          data={data}
          value={f.value || null}
          onChange={(v) => f.onChange(v ?? '')}
          onBlur={f.onBlur}
          clearable={!req}
          withAsterisk={req}
          error={errors[name]?.message}
        />
      )}
    />
  );
  const genders = useMemo(() => GENDERS.map((g) => ({ value: g, label: t(`school.genders.${g}`) })), [t]);

  const submit = form.handleSubmit((values) => {
    const body = schema.parse(studentBody(values, creating));
    onSubmit(body, form);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Fieldset legend={t('school.students.sectionIdentity')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {creating &&
              select(
                'unitId',
                t('school.unit'),
                (units.data?.items ?? []).map((u) => ({ value: String(u.id), label: `${u.code} – ${u.name}` })),
                true,
              )}
            {field('nis', t('school.students.nis'), { withAsterisk: true })}
            {field('nisn', t('school.students.nisn'), { inputMode: 'numeric' })}
            {field('nik', t('school.students.nik'), { inputMode: 'numeric' })}
            {field('name', t('school.name'), { withAsterisk: true })}
            {select('gender', t('school.gender'), genders)}
            {field('birthPlace', t('school.students.birthPlace'))}
            <FormDateField
              control={form.control}
              name="birthDate"
              label={t('school.students.birthDate')}
              max={serverToday()}
            />
            {field('religion', t('school.students.religion'))}
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('school.students.sectionFamily')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {field('fatherName', t('school.students.fatherName'))}
            {field('motherName', t('school.students.motherName'))}
            {field('guardianName', t('school.students.guardianName'))}
            {field('phone', t('school.students.phone'), { type: 'tel' })}
            {field('parentPhone', t('school.students.parentPhone'), { type: 'tel' })}
          </SimpleGrid>
          <Textarea
            mt="sm"
            label={t('school.students.address')}
            autosize
            minRows={2}
            {...form.register('address')}
            error={errors.address?.message}
          />
        </Fieldset>
        <Fieldset legend={t('school.students.sectionSchool')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {select(
              'boarding',
              t('school.students.boarding'),
              BOARDING_STATUSES.map((b) => ({ value: b, label: t(`school.boardingStatus.${b}`) })),
            )}
            {field('program', t('school.students.program'))}
            <FormDateField control={form.control} name="entryDate" label={t('school.students.entryDate')} />
            {select(
              'status',
              t('school.status'),
              STUDENT_STATUSES.map((s) => ({ value: s, label: t(`school.studentStatus.${s}`) })),
              true,
            )}
          </SimpleGrid>
        </Fieldset>
        <Group justify="flex-end">
          <Button type="submit" color="green" loading={saving}>
            {t('school.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
