import { ActionIcon, Avatar, Burger, Group, Loader, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useIsFetching } from '@tanstack/react-query';
import { IconChevronDown, IconLayoutSidebarLeftCollapse, IconSearch, IconSettings } from '@tabler/icons-react';
import { APP_NAME, type AuthUser } from '@mms/shared';
import { lazy, Suspense, useRef, useState, type ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigation } from 'react-router';
import { Tip } from '../../components/tip.tsx';
import { ROUTES } from '../../lib/route-names.ts';

const UserMenu = lazy(() => import('./user-menu.tsx'));

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
            <Tip label={t('nav.miniSidebar')}>
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
            </Tip>
          </>
        )}
        <Text component={Link} to={ROUTES.dashboard} fw={800} fz="lg" className="mms-brand">
          {APP_NAME}
        </Text>
        <Tip label={t('nav.openSearch')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={props.onOpenSearch}
            aria-label={t('nav.openSearch')}
            data-testid="open-search"
          >
            <IconSearch size={20} />
          </ActionIcon>
        </Tip>
        {props.showLoader && <HeaderLoader />}
      </Group>
      <Group gap={6} wrap="nowrap">
        <UserMenuSlot user={user} onOpenSideOverlay={props.onOpenSideOverlay} onSignOut={props.onSignOut} />
        <Tip label={t('nav.openSideOverlay')} align="end">
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={props.onOpenSideOverlay}
            aria-label={t('nav.openSideOverlay')}
            data-testid="open-side-overlay"
          >
            <IconSettings size={20} />
          </ActionIcon>
        </Tip>
      </Group>
    </Group>
  );
}

/** The button with the user's avatar and name; the menu it opens loads on the first press (user-menu.tsx). */
function UserButton({ user, ...props }: { user: AuthUser } & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation();
  return (
    // named by its visible text (the user's name) and a hidden "user menu", so speech input finds it
    <UnstyledButton className="mms-user-button" data-testid="user-menu" {...props}>
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
  );
}

function UserMenuSlot({
  user,
  onOpenSideOverlay,
  onSignOut,
}: {
  user: AuthUser;
  onOpenSideOverlay: () => void;
  onSignOut: () => void;
}) {
  const [used, setUsed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const closed = <UserButton user={user} aria-haspopup="menu" aria-expanded={false} onClick={() => setUsed(true)} />;
  if (!used) return closed;
  return (
    <Suspense fallback={closed}>
      <UserMenu
        button={<UserButton user={user} ref={buttonRef} />}
        buttonRef={buttonRef}
        onOpenSideOverlay={onOpenSideOverlay}
        onSignOut={onSignOut}
      />
    </Suspense>
  );
}
