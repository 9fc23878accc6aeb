import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  ACCOUNT_DIVISIONS,
  CreateUserRequest,
  DIVISION_LABELS,
  ResetPasswordRequest,
  UpdateUserRequest,
  type UserDetail,
} from '@mms/shared';
import {
  Controller,
  useForm,
  type Control,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NewPasswordField } from '../../../components/password-field.tsx';
import { isApiError } from '../../../lib/api.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyError, notifyInfo } from '../../../lib/notify.ts';
import { formResolver } from '../../../lib/validation.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.tsx';
import { useUnits } from '../../school/api.ts';
import { useCreateUser, useResetPassword, useUpdateUser } from '../api.ts';

/** The server's field errors under their inputs (a taken username under the username), and the notice. */
function showServerErrors<V extends FieldValues>(form: UseFormReturn<V>, error: unknown): void {
  if (isApiError(error)) {
    for (const [field, message] of Object.entries(error.fields)) form.setError(field as Path<V>, { message });
  }
  notifyError(error);
}

/** Cancel and the form's submit button, at its bottom right. */
function FormButtons(props: { onCancel: () => void; color: string; loading: boolean; label: string }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={props.onCancel}>
        {t('admin.user.cancel')}
      </Button>
      <Button type="submit" color={props.color} loading={props.loading}>
        {props.label}
      </Button>
    </Group>
  );
}

interface AccountValues {
  username: string;
  displayName: string;
  division: string;
  unitId: string;
  password: string;
}

const toBody = (v: AccountValues) => ({
  username: v.username,
  displayName: v.displayName,
  division: v.division || undefined,
  unitId: v.unitId ? Number(v.unitId) : null,
  password: v.password,
});

function DivisionUnitFields({
  control,
  errors,
}: {
  control: Control<AccountValues>;
  errors: FieldErrors<AccountValues>;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const units = useUnits();
  return (
    <>
      <Controller
        control={control}
        name="division"
        render={({ field }) => (
          <Select
            label={t('admin.users.division')}
            withAsterisk
            data={ACCOUNT_DIVISIONS.map((d) => ({ value: d, label: DIVISION_LABELS[d][lang] }))}
            value={field.value || null}
            onChange={(v) => field.onChange(v ?? '')}
            error={errors.division?.message}
            comboboxProps={{ withinPortal: true, keepMounted: false }}
          />
        )}
      />
      <Controller
        control={control}
        name="unitId"
        render={({ field }) => (
          <Select
            label={t('admin.users.unit')}
            description={t('admin.users.unitHint')}
            data={(units.data?.items ?? []).map((u) => ({ value: String(u.id), label: `${u.code} – ${u.name}` }))}
            value={field.value || null}
            onChange={(v) => field.onChange(v ?? '')}
            clearable
            error={errors.unitId?.message}
            comboboxProps={{ withinPortal: true, keepMounted: false }}
          />
        )}
      />
    </>
  );
}

/** A new account: username, name, division, unit and a first password (the server's password policy applies). */
export function CreateAccountForm({ onDone }: { onDone: (created?: UserDetail) => void }) {
  const { t } = useTranslation();
  const create = useCreateUser();
  const form = useForm<AccountValues>({
    resolver: formResolver<AccountValues>(CreateUserRequest, toBody),
    defaultValues: { username: '', displayName: '', division: '', unitId: '', password: '' },
  });
  const { errors } = form.formState;
  useUnsavedChanges(form.formState.isDirty);
  const submit = form.handleSubmit((values) => {
    create.mutate(CreateUserRequest.parse(toBody(values)), {
      onSuccess: (created) => {
        form.reset(values);
        notifyInfo(t('admin.users.created', { username: created.username }));
        onDone(created);
      },
      onError: (e) => showServerErrors(form, e),
    });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('admin.users.username')}
            withAsterisk
            autoComplete="off"
            {...form.register('username')}
            error={errors.username?.message}
          />
          <TextInput
            label={t('admin.users.displayName')}
            withAsterisk
            {...form.register('displayName')}
            error={errors.displayName?.message}
          />
          <DivisionUnitFields control={form.control} errors={errors} />
          <NewPasswordField
            label={t('admin.users.password')}
            description={t('admin.users.passwordHint')}
            withAsterisk
            {...form.register('password')}
            error={errors.password?.message}
          />
        </SimpleGrid>
        <FormButtons
          onCancel={() => onDone()}
          color="green"
          loading={create.isPending}
          label={t('admin.users.create')}
        />
      </Stack>
    </form>
  );
}

const toUpdate = (v: AccountValues) => ({
  displayName: v.displayName,
  division: v.division || undefined,
  unitId: v.unitId ? Number(v.unitId) : null,
});

/** The account's name, division and unit (a new division or unit ends its sessions: the server says so). */
export function EditAccountForm({ user, onDone }: { user: UserDetail; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const update = useUpdateUser();
  const form = useForm<AccountValues>({
    resolver: formResolver<AccountValues>(UpdateUserRequest, toUpdate),
    defaultValues: {
      username: user.username,
      displayName: user.displayName,
      division: user.division,
      unitId: user.unitId ? String(user.unitId) : '',
      password: '',
    },
  });
  const { errors } = form.formState;
  useUnsavedChanges(form.formState.isDirty);
  const submit = form.handleSubmit((values) => {
    const body = UpdateUserRequest.parse(toUpdate(values));
    const send = (confirmed: boolean) =>
      update.mutate(
        { id: user.id, body: confirmed ? { ...body, confirmDivisionChange: true } : body },
        { onSuccess: onDone, onError: (e) => showServerErrors(form, e) },
      );
    if (!body.division || body.division === user.division) return send(false);
    // a new division is that person's whole menu and rights: asked first, naming the old and the new one
    const label = (d: keyof typeof DIVISION_LABELS) => DIVISION_LABELS[d][lang];
    confirmDialog({
      title: t('admin.user.divisionConfirmTitle'),
      text: t('admin.user.divisionConfirmText', {
        name: user.displayName,
        from: label(user.division),
        to: label(body.division),
      }),
      confirm: t('admin.user.divisionConfirm'),
      onConfirm: () => send(true),
    });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{t('admin.user.editHint')}</Text>
        <TextInput
          label={t('admin.users.displayName')}
          withAsterisk
          {...form.register('displayName')}
          error={errors.displayName?.message}
        />
        <DivisionUnitFields control={form.control} errors={errors} />
        <FormButtons onCancel={onDone} color="green" loading={update.isPending} label={t('admin.user.save')} />
      </Stack>
    </form>
  );
}

/** A new password for another's account; every session of that account ends. */
export function ResetPasswordForm({ user, onDone }: { user: UserDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const form = useForm<{ newPassword: string }>({
    resolver: formResolver<{ newPassword: string }>(ResetPasswordRequest, (v) => v),
    defaultValues: { newPassword: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => {
    reset.mutate(
      { id: user.id, newPassword: values.newPassword },
      {
        onSuccess: () => {
          notifyInfo(t('admin.user.resetDone'));
          onDone();
        },
        onError: (e) => showServerErrors(form, e),
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{t('admin.user.resetHint')}</Text>
        <NewPasswordField
          label={t('admin.user.newPassword')}
          description={t('admin.users.passwordHint')}
          withAsterisk
          {...form.register('newPassword')}
          error={errors.newPassword?.message}
        />
        <FormButtons onCancel={onDone} color="red" loading={reset.isPending} label={t('admin.user.resetPassword')} />
      </Stack>
    </form>
  );
}
