import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { NewPasswordField, PasswordField } from '../../../components/password-field.tsx';
import { ChangePasswordRequest } from '@mms/shared';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isApiError } from '../../../lib/api.ts';
import { showSaved } from '../../../lib/dialogs.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { formResolver } from '../../../lib/validation.ts';
import { useChangePassword } from '../api.ts';

type Values = ChangePasswordRequest & { confirmPassword: string };

/** other/passchange: the signed-in user's password change. */
export function PassChangePage() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const schema = useMemo(
    () =>
      z
        .object({
          currentPassword: z.string(),
          newPassword: z.string(),
          confirmPassword: z.string(),
        })
        .and(ChangePasswordRequest)
        .refine((v) => v.newPassword === v.confirmPassword, {
          path: ['confirmPassword'],
          message: t('auth.passwordsDiffer'),
        }),
    [t],
  );
  const form = useForm<Values>({
    resolver: formResolver<Values>(schema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset();
          showSaved();
        },
        onError: (e) => {
          if (isApiError(e))
            for (const [f, m] of Object.entries(e.fields)) form.setError(f as keyof Values, { message: m });
          notifyError(e);
        },
      },
    ),
  );

  return (
    <Paper withBorder p="lg" maw={480} radius="md">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <div>
            <Title order={1} fz="h3">
              {t('auth.passchangeTitle')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('auth.passchangeLead')}
            </Text>
          </div>
          <PasswordField
            label={t('auth.currentPassword')}
            autoComplete="current-password"
            {...form.register('currentPassword')}
            error={errors.currentPassword?.message}
          />
          <NewPasswordField
            label={t('auth.newPassword')}
            {...form.register('newPassword')}
            error={errors.newPassword?.message}
          />
          <NewPasswordField
            label={t('auth.confirmPassword')}
            {...form.register('confirmPassword')}
            error={errors.confirmPassword?.message}
          />
          <Button type="submit" color="green" loading={change.isPending}>
            {t('auth.save')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
