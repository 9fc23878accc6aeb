import { notifyDone } from '../../../lib/notify.ts';
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { NewPasswordField } from '../../../components/password-field.tsx';
import { FormDateField } from '../../../components/date-fields.tsx';
import { DIVISION_LABELS, EmployeeInput, EmployeeUpdate, GENDERS, STAFF_DIVISIONS, type Employee } from '@mms/shared';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCreateEmployee, useUnits, useUpdateEmployee } from '../api.ts';
import { contractResolver, emptyToNull, showServerErrors } from './form-utils.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.tsx';

const FIELDS = [
  'unitId',
  'nip',
  'nuptk',
  'name',
  'gender',
  'position',
  'employmentStatus',
  'phone',
  'email',
  'joinDate',
  'division',
  'password',
] as const;
type Values = Record<(typeof FIELDS)[number], string>;

function body(values: Values, creating: boolean) {
  const out = emptyToNull(values, ['nip', 'name', 'password']);
  out.unitId = values.unitId ? Number(values.unitId) : null;
  if (!values.division) delete out.division;
  if (!creating) delete out.password;
  return out;
}

/** Create (with a user account: username = NIP, a division and a first password) or edit an employee. */
export function EmployeeForm({ employee, onDone }: { employee?: Employee; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const creating = !employee;
  const units = useUnits();
  const create = useCreateEmployee();
  const update = useUpdateEmployee();
  const schema = creating ? EmployeeInput : EmployeeUpdate;
  const defaults = {} as Values;
  for (const f of FIELDS) {
    const v = employee ? (employee as unknown as Record<string, unknown>)[f] : undefined;
    defaults[f] = v === null || v === undefined ? '' : String(v);
  }
  const form = useForm<Values>({
    resolver: contractResolver<Values>(schema, (v) => body(v, creating)),
    defaultValues: defaults,
  });
  const { errors } = form.formState;
  useUnsavedChanges(form.formState.isDirty);
  const text = (name: keyof Values, label: string, props: Record<string, unknown> = {}) => (
    <TextInput label={label} {...form.register(name)} error={errors[name]?.message} {...props} />
  );
  const select = (name: keyof Values, label: string, data: { value: string; label: string }[], req = false) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          data={data}
          value={field.value || null}
          onChange={(v) => field.onChange(v ?? '')}
          clearable={!req}
          withAsterisk={req}
          error={errors[name]?.message}
          comboboxProps={{ withinPortal: true, keepMounted: false }}
        />
      )}
    />
  );
  const submit = form.handleSubmit((values) => {
    const handlers = {
      onSuccess: () => {
        notifyDone('saved');
        onDone();
      },
      onError: (e: unknown) => showServerErrors(form, e),
    };
    if (creating) create.mutate(EmployeeInput.parse(body(values, true)), handlers);
    else update.mutate({ id: employee.id, body: EmployeeUpdate.parse(body(values, false)) }, handlers);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('nip', t('school.employees.nip'), {
            withAsterisk: true,
            description: t('school.employees.usernameHint'),
          })}
          {text('name', t('school.name'), { withAsterisk: true })}
          {select(
            'division',
            t('school.employees.division'),
            STAFF_DIVISIONS.map((d) => ({ value: d, label: DIVISION_LABELS[d][lang] })),
            true,
          )}
          {select(
            'unitId',
            t('school.unit'),
            (units.data?.items ?? []).map((u) => ({ value: String(u.id), label: `${u.code} – ${u.name}` })),
          )}
          {creating && (
            <NewPasswordField
              label={t('school.employees.password')}
              withAsterisk
              {...form.register('password')}
              error={errors.password?.message}
            />
          )}
          {text('nuptk', t('school.employees.nuptk'))}
          {select(
            'gender',
            t('school.gender'),
            GENDERS.map((g) => ({ value: g, label: t(`school.genders.${g}`) })),
          )}
          {text('position', t('school.employees.position'))}
          {text('employmentStatus', t('school.employees.employmentStatus'))}
          {text('phone', t('school.employees.phone'), { type: 'tel' })}
          {text('email', t('school.employees.email'), { type: 'email' })}
          <FormDateField control={form.control} name="joinDate" label={t('school.employees.joinDate')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('school.cancel')}
          </Button>
          <Button type="submit" color="green" loading={create.isPending || update.isPending}>
            {t('school.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
