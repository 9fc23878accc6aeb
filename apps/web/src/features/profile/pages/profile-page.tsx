import { Avatar, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DIVISION_LABELS } from '@mms/shared';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../../../lib/session.ts';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={500}>{value}</Text>
    </div>
  );
}

// The crop dialog (react-easy-crop) loads with its own chunk, only on the profile.
const AvatarEditor = lazy(() => import('../../content/widgets/avatar-editor.tsx'));

/** The signed-in user's profile, with their avatar (cropped square in the browser, cut by the server). */
export function ProfilePage() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  return (
    <Paper withBorder p="lg" radius="md" maw={720}>
      <Stack>
        <Group>
          <Avatar src={user.avatarUrl} alt="" size={64} radius="xl" color="initials" name={user.displayName} />
          <div>
            <Title order={1} fz="h3">
              {user.displayName}
            </Title>
            <Text c="dimmed">{DIVISION_LABELS[user.division][lang]}</Text>
            <Suspense fallback={null}>
              <AvatarEditor />
            </Suspense>
          </div>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Fact label={t('profile.name')} value={user.displayName} />
          <Fact label={t('profile.username')} value={user.username} />
          <Fact label={t('profile.division')} value={DIVISION_LABELS[user.division][lang]} />
          <Fact label={t('profile.unit')} value={user.unit?.name ?? t('profile.allUnits')} />
          {user.employeeNumber && <Fact label={t('profile.employeeNumber')} value={user.employeeNumber} />}
          {user.studentNumber && <Fact label={t('profile.studentNumber')} value={user.studentNumber} />}
        </SimpleGrid>
        <Group>
          <Button component={Link} to="/backend/mms/other/passchange" variant="light">
            {t('nav.passchange')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
