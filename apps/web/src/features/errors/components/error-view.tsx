import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

export const ERROR_CODES_SHOWN = ['400', '401', '403', '404', '500', '503'] as const;
export type ErrorPageCode = (typeof ERROR_CODES_SHOWN)[number];

export const isErrorPageCode = (code: string | undefined): code is ErrorPageCode =>
  (ERROR_CODES_SHOWN as readonly string[]).includes(code ?? '');

/** An error page: the code, what it means in plain words, and a way back. */
export function ErrorView({ code, signedIn = false }: { code: ErrorPageCode; signedIn?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={520} ta="center" data-testid={`error-${code}`}>
        <Text fz={72} fw={800} c="dimmed" lh={1} aria-hidden>
          {code}
        </Text>
        <Title order={1} fz="h2">
          {t(`errors.pages.${code}.title`)}
        </Title>
        <Text c="dimmed">{t(`errors.pages.${code}.text`)}</Text>
        <Group justify="center" mt="md">
          <Button variant="default" onClick={() => navigate(-1)}>
            {t('errors.back')}
          </Button>
          {code === '401' ? (
            <Button component={Link} to="/auth/signin">
              {t('errors.signIn')}
            </Button>
          ) : (
            <Button component={Link} to={signedIn ? '/backend/dashboard' : '/'}>
              {signedIn ? t('errors.dashboard') : t('errors.home')}
            </Button>
          )}
        </Group>
      </Stack>
    </Center>
  );
}
