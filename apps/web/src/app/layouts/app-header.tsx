import {
  ActionIcon,
  Avatar,
  Burger,
  Group,
  Loader,
  Menu,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useIsFetching } from '@tanstack/react-query';
import {
  IconChevronDown,
  IconKey,
  IconLayoutSidebarLeftCollapse,
  IconLogout,
  IconSearch,
  IconSettings,
  IconUser,
} from '@tabler/icons-react';
import { APP_NAME, type AuthUser } from '@mms/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigation } from 'react-router';
import { ROUTES } from '../route-names.ts';

interface HeaderProps {
  user: AuthUser;
  sidebarOpened: boolean;
  showSidebarButtons: boolean;
  showLoader: boolean;
  onToggleSidebar: () => void;
  onToggleMini: () => void;
  onOpenSearch: () => void;
  onOpenSideOverlay: () => void;
  onSignOut: () => void;
}

function HeaderLoader() {
  const { t } = useTranslation();
  const fetching = useIsFetching();
  const navigation = useNavigation();
  if (fetching === 0 && navigation.state === 'idle') return null;
  return <Loader size="xs" role="status" aria-label={t('nav.loadingData')} data-testid="header-loader" />;
}

export function AppHeader(props: HeaderProps) {
  const { t } = useTranslation();
  const { user } = props;
  return (
    <Group h="100%" px="sm" justify="space-between" wrap="nowrap" gap="xs">
      <Group gap={6} wrap="nowrap">
        {props.showSidebarButtons && (
          <>
            <Burger
              opened={props.sidebarOpened}
              onClick={props.onToggleSidebar}
              size="sm"
              aria-label={t('nav.toggleSidebar')}
              data-testid="toggle-sidebar"
            />
            <Tooltip label={t('nav.miniSidebar')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={props.onToggleMini}
                aria-label={t('nav.miniSidebar')}
                visibleFrom="md"
                data-testid="toggle-mini"
              >
                <IconLayoutSidebarLeftCollapse size={20} />
              </ActionIcon>
            </Tooltip>
          </>
        )}
        <Text component={Link} to={ROUTES.dashboard} fw={800} fz="lg" className="mms-brand">
          {APP_NAME}
        </Text>
        <Tooltip label={t('nav.openSearch')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={props.onOpenSearch}
            aria-label={t('nav.openSearch')}
            data-testid="open-search"
          >
            <IconSearch size={20} />
          </ActionIcon>
        </Tooltip>
        {props.showLoader && <HeaderLoader />}
      </Group>
      <Group gap={6} wrap="nowrap">
        <Menu position="bottom-end" width={220} withArrow>
          <Menu.Target>
            {/* named by its visible text (the user's name) and a hidden "user menu", so speech input finds it */}
            <UnstyledButton className="mms-user-button" data-testid="user-menu">
              <Group gap={8} wrap="nowrap">
                <Avatar
                  src={user.avatarUrl}
                  alt=""
                  aria-hidden
                  size={21}
                  radius="xl"
                  color="initials"
                  name={user.displayName}
                  style={{ width: 21, minWidth: 21, height: 21 }}
                  data-testid="header-avatar"
                />
                <Text size="sm" fw={600} truncate maw={160} visibleFrom="xs" data-testid="header-name">
                  {user.displayName}
                </Text>
                <VisuallyHidden>{t('nav.userMenu')}</VisuallyHidden>
                <IconChevronDown size={14} aria-hidden />
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} to={ROUTES['other-profile']} leftSection={<IconUser size={16} />}>
              {t('nav.profile')}
            </Menu.Item>
            <Menu.Item component={Link} to={ROUTES['other-passchange']} leftSection={<IconKey size={16} />}>
              {t('nav.passchange')}
            </Menu.Item>
            <Menu.Item onClick={props.onOpenSideOverlay} leftSection={<IconSettings size={16} />}>
              {t('nav.settings')}
            </Menu.Item>
            <Menu.Divider role="separator" />
            <Menu.Item
              c="var(--mantine-color-error)"
              onClick={props.onSignOut}
              leftSection={<IconLogout size={16} />}
              data-testid="logout"
            >
              {t('nav.logout')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
        <Tooltip label={t('nav.openSideOverlay')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={props.onOpenSideOverlay}
            aria-label={t('nav.openSideOverlay')}
            data-testid="open-side-overlay"
          >
            <IconSettings size={20} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
