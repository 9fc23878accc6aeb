import { Alert, Button, Center, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { PasswordField } from '../../../components/password-field.tsx';
import { APP_NAME, type LoginRequest } from '@mms/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../../i18n/index.ts';
import { isApiError } from '../../../lib/api.ts';
import { safeReturnPath, useSession } from '../../../lib/session.ts';
import { LANGUAGES, updateSettings, useSettings, type Language } from '../../../lib/settings-store.ts';
import { useSignIn } from '../api.ts';

type Errors = Partial<Record<keyof LoginRequest, string>>;

/**
 * Sign-in (route auth-signin); also where sign-out and an expired session land. The two required fields are
 * checked by hand rather than with the zod contract: the server validates LoginRequest, and this keeps zod
 * and the form library out of the first page's JavaScript.
 */
export function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const next = safeReturnPath(params.get('next'));
  const { data: user } = useSession();
  const signIn = useSignIn();
  const { language } = useSettings();
  const [values, setValues] = useState<LoginRequest>({ username: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});

  if (user && !signIn.isPending) return <Navigate to={next} replace />;

  const signedOut = (location.state as { signedOut?: boolean } | null)?.signedOut;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found: Errors = {};
    if (!values.username.trim()) found.username = t('auth.usernameRequired');
    if (!values.password) found.password = t('auth.passwordRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    signIn.mutate(
      { username: values.username.trim(), password: values.password },
      {
        onSuccess: () => void navigate(next, { replace: true }),
        onError: (err) => {
          if (isApiError(err)) setErrors(err.fields as Errors);
        },
      },
    );
  };
  const field = (name: keyof LoginRequest) => ({
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [name]: e.currentTarget.value }),
    error: errors[name],
    name,
  });

  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={400} radius="md">
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <div>
              <Title order={1} fz="h2">
                {t('auth.signInTitle', { name: APP_NAME })}
              </Title>
              <Text c="dimmed" size="sm">
                {t('auth.signInLead')}
              </Text>
            </div>
            {signedOut && !signIn.error && (
              <Alert color="teal" role="status" data-testid="signed-out">
                {t('auth.signedOut')}
              </Alert>
            )}
            {signIn.error && (
              <Alert color="red" role="alert" data-testid="signin-error">
                {errorText(signIn.error)}
              </Alert>
            )}
            <TextInput label={t('auth.username')} autoComplete="username" autoFocus {...field('username')} />
            <PasswordField label={t('auth.password')} autoComplete="current-password" {...field('password')} />
            <Button type="submit" loading={signIn.isPending} fullWidth>
              {t('auth.signIn')}
            </Button>
            <NativeSelect
              size="xs"
              label={t('settings.language')}
              data={LANGUAGES.map((v) => ({ value: v, label: t(`settings.languages.${v}`) }))}
              value={language}
              onChange={(e) => updateSettings({ language: e.currentTarget.value as Language })}
            />
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
