import { Card, Group, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { DIVISION_LABELS, menuFor, menuLinks, type Permission } from '@mms/shared';
import { lazy, Suspense, useMemo, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TodayFacts } from '../../../components/today-facts.tsx';
import { WidgetPlaceholder } from '../../../components/widget-card.tsx';
import { MenuIconView } from '../../../components/menu-icons.tsx';
import { menuTarget } from '../../../lib/route-names.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { userCan } from '../../../lib/permissions.ts';

// The attendance widgets load on their own, only for those who see them: the dashboard's first bundle stays small.
const TeacherTodayWidget = lazy(() => import('../../journal/widgets/teacher-today-widget.tsx'));
const LeaderTodayWidget = lazy(() => import('../../attendance/widgets/leader-today-widget.tsx'));
const UpcomingHolidaysWidget = lazy(() => import('../../school/widgets/upcoming-holidays-widget.tsx'));
const WaitingWidget = lazy(() => import('../../attendance/widgets/waiting-widget.tsx'));
const StudentTodayWidget = lazy(() => import('../../attendance/widgets/student-today-widget.tsx'));
const PostsWidget = lazy(() => import('../../content/widgets/posts-widget.tsx'));

/** The dashboard's widgets and who sees each; each holds its place while it loads (no layout shift). */
const WIDGETS: readonly (readonly [string, ComponentType, Permission])[] = [
  ['waiting', WaitingWidget, 'leave.decide'],
  ['student-today', StudentTodayWidget, 'school.student.self'],
  ['teacher-today', TeacherTodayWidget, 'journal.write'],
  ['leader-today', LeaderTodayWidget, 'school.monitor'],
  ['upcoming-holidays', UpcomingHolidaysWidget, 'school.calendar.read'],
  ['posts', PostsWidget, 'dashboard.view'],
];

/** The dashboard of every division: who I am, unit, school year and semester, Jakarta time, my menu. */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const shortcuts = useMemo(
    () =>
      menuLinks(menuFor((permission) => userCan(user, permission)))
        .filter((l) => l.name !== 'dashboard')
        .slice(0, 8),
    [user],
  );
  const widgets = WIDGETS.filter(([, , permission]) => userCan(user, permission));
  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        {t('dashboard.welcome', { name: user.displayName })}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder radius="md" data-testid="whoami">
          <Text fw={700} mb="xs">
            {t('dashboard.whoAmI')}
          </Text>
          <Text>{user.displayName}</Text>
          <Text size="sm" c="dimmed">
            {user.username} · <span data-testid="division">{DIVISION_LABELS[user.division][lang]}</span>
          </Text>
          <Text size="sm" mt="xs">
            {t('profile.unit')}: <b>{user.unit?.name ?? t('profile.allUnits')}</b>
          </Text>
        </Card>
        <Card withBorder radius="md">
          <Text fw={700} mb="xs">
            {t('dashboard.today')}
          </Text>
          <TodayFacts />
        </Card>
      </SimpleGrid>
      {widgets.length > 0 && (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {widgets.map(([key, Widget]) => (
            <Suspense key={key} fallback={<WidgetPlaceholder />}>
              <Widget />
            </Suspense>
          ))}
        </SimpleGrid>
      )}
      {shortcuts.length > 0 && (
        <div>
          <Title order={2} fz="h4" mb="sm">
            {t('dashboard.shortcuts')}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            {shortcuts.map((l) => (
              <UnstyledButton key={l.name} component={Link} to={menuTarget(l.name)} className="mms-shortcut">
                <Group gap="xs" wrap="nowrap">
                  <MenuIconView icon={l.icon ?? 'clipboard'} />
                  <Text size="sm">{l.label[lang]}</Text>
                </Group>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        </div>
      )}
    </Stack>
  );
}
