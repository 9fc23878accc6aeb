import { Menu } from '@mantine/core';
import { IconKey, IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { useEffect, useState, type ReactElement, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../lib/route-names.ts';

export interface UserMenuProps {
  /** the header's user button, the menu's target, and a ref to it */
  button: ReactElement;
  buttonRef: RefObject<HTMLButtonElement | null>;
  onOpenSideOverlay: () => void;
  onSignOut: () => void;
}

/**
 * The user menu of the header, loaded the first time its button is pressed (app-header.tsx): its menu and
 * positioning code are not needed to show a screen. It mounts closed, with focus on its button, and opens one
 * frame later, so Mantine moves focus into it and back to the button on close as if it had been there from the
 * start; from then on it stays mounted.
 */
export default function UserMenu({ button, buttonRef, onOpenSideOverlay, onSignOut }: UserMenuProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    // the button pressed was the placeholder's: focus its successor, so closing the menu returns there
    buttonRef.current?.focus();
    const frame = requestAnimationFrame(() => setOpened(true));
    return () => cancelAnimationFrame(frame);
  }, [buttonRef]);
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" width={220} withArrow>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={ROUTES['other-profile']} leftSection={<IconUser size={16} />}>
          {t('nav.profile')}
        </Menu.Item>
        <Menu.Item component={Link} to={ROUTES['other-passchange']} leftSection={<IconKey size={16} />}>
          {t('nav.passchange')}
        </Menu.Item>
        <Menu.Item onClick={onOpenSideOverlay} leftSection={<IconSettings size={16} />}>
          {t('nav.settings')}
        </Menu.Item>
        <Menu.Divider role="separator" />
        <Menu.Item
          c="var(--mantine-color-error)"
          onClick={onSignOut}
          leftSection={<IconLogout size={16} />}
          data-testid="logout"
        >
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
