import { AppShell, Button, Container, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { APP_NAME } from '@mms/shared';
import { useTranslation } from 'react-i18next';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import { usePublicUnits } from '../../../lib/system-api.ts';

// The public announcements load on their own chunk (with the content texts), after the page's first paint.
const LandingPosts = lazy(() => import('../../content/widgets/landing-posts.tsx'));

/** The public landing page (landing layout: header only), with the current public announcements and news. */
export function LandingPage() {
  const { t } = useTranslation();
  const { data: user } = useSession();
  const units = usePublicUnits();
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Text fw={800} fz="lg">
            {APP_NAME}
          </Text>
          {user ? (
            <Button component={Link} to="/backend/dashboard">
              {t('landing.toDashboard')}
            </Button>
          ) : (
            <Button component={Link} to="/auth/signin">
              {t('landing.signIn')}
            </Button>
          )}
        </Group>
      </AppShell.Header>
      <AppShell.Main id="main">
        <Container size="md" py="xl">
          <Stack gap="lg">
            <Title order={1}>{t('landing.title', { name: APP_NAME })}</Title>
            <Text size="lg" c="dimmed">
              {t('landing.lead')}
            </Text>
            <div>
              <Title order={2} fz="h3" mb="xs">
                {t('landing.units')}
              </Title>
              {units.isPending ? (
                <Skeleton height={48} aria-label={t('app.loading')} />
              ) : units.data?.items.length ? (
                <List data-testid="unit-list">
                  {units.data.items.map((u) => (
                    <List.Item key={u.code}>
                      {u.code}: {u.name}
                    </List.Item>
                  ))}
                </List>
              ) : (
                <Text c="dimmed">{t('landing.noUnits')}</Text>
              )}
            </div>
            <Suspense fallback={<Skeleton height={90} aria-label={t('app.loading')} />}>
              <LandingPosts />
            </Suspense>
            <Group>
              <Button size="md" component={Link} to={user ? '/backend/dashboard' : '/auth/signin'}>
                {user ? t('landing.toDashboard') : t('landing.signIn')}
              </Button>
              <Button size="md" variant="light" component={Link} to="/spmb">
                {t('landing.spmb')}
              </Button>
            </Group>
          </Stack>
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
