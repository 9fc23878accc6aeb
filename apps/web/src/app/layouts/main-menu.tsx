import { Badge, NavLink, Text } from '@mantine/core';
import type { MenuLink, MenuNode, MenuSubmenu } from '@mms/shared';
import { lazy, Suspense, useState, type ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { menuTarget, ROUTES } from '../../lib/route-names.ts';
import { MenuIconView } from '../../components/menu-icons.tsx';
import { useMenu } from '../../lib/permissions.ts';

export type Lang = 'id' | 'en';

// Mini mode (icons with tooltips and flyouts) and the horizontal menu load when chosen: their menus and
// positioning code are not needed by the default sidebar, nor on a phone.
const MiniEntries = lazy(() => import('./menu-flyouts.tsx').then((m) => ({ default: m.MiniEntries })));

/** Is the link the current screen, or is the current path inside it (its coming-soon page included)? */
export function linkIsActive(link: MenuLink, pathname: string, search: string): boolean {
  if (pathname === link.path || pathname.startsWith(`${link.path}/`)) return true;
  return pathname === ROUTES['specials-coming-soon'] && new URLSearchParams(search).get('screen') === link.name;
}

interface MenuProps {
  mini?: boolean;
  /** after following a link (the layout closes the mobile sidebar) */
  onNavigate?: () => void;
}

/**
 * The sidebar menu of the signed-in user (what the session's permissions open): headings, links to named routes and
 * collapsible submenus.
 */
export function MainMenu({ mini = false, onNavigate }: MenuProps) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'id';
  const nodes = useMenu();
  const { pathname, search } = useLocation();

  return (
    <nav aria-label={t('nav.mainMenu')} className="mms-menu" data-testid="main-menu" data-mini={mini || undefined}>
      {mini ? (
        <Suspense fallback={null}>
          <MiniEntries nodes={nodes} lang={lang} pathname={pathname} search={search} onNavigate={onNavigate} />
        </Suspense>
      ) : (
        nodes.map((node) => (
          <MenuEntry
            key={node.type === 'link' ? node.name : node.key}
            node={node}
            lang={lang}
            pathname={pathname}
            search={search}
            onNavigate={onNavigate}
          />
        ))
      )}
    </nav>
  );
}

interface EntryProps {
  node: MenuNode;
  lang: Lang;
  pathname: string;
  search: string;
  onNavigate?: () => void;
}

function MenuEntry({ node, lang, pathname, search, onNavigate }: EntryProps) {
  if (node.type === 'heading') {
    return (
      <Text className="mms-menu-heading" size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pt="md" pb={4}>
        {node.label[lang]}
      </Text>
    );
  }
  if (node.type === 'link') {
    return (
      <MenuLinkItem
        link={node}
        lang={lang}
        mini={false}
        active={linkIsActive(node, pathname, search)}
        onNavigate={onNavigate}
      />
    );
  }
  return <Submenu node={node} lang={lang} pathname={pathname} search={search} onNavigate={onNavigate} />;
}

/** A link of the menu; in mini mode only its icon, named by its label (menu-flyouts.tsx adds a tooltip). */
export function MenuLinkItem({
  link,
  lang,
  mini,
  active,
  onNavigate,
  ...rest
}: {
  link: MenuLink;
  lang: Lang;
  mini: boolean;
  active: boolean;
  onNavigate?: () => void;
} & Omit<ComponentPropsWithRef<'a'>, 'onClick' | 'onChange'>) {
  const label = link.label[lang];
  return (
    <NavLink
      component={Link}
      to={menuTarget(link.name)}
      label={mini ? undefined : label}
      aria-label={mini ? label : undefined}
      leftSection={<MenuIconView icon={link.icon} />}
      rightSection={link.badge && !mini ? <Badge size="xs">{link.badge}</Badge> : undefined}
      active={active}
      aria-current={active ? 'page' : undefined}
      data-route={link.name}
      onClick={onNavigate}
      {...rest}
    />
  );
}

export interface SubmenuProps {
  node: MenuSubmenu;
  lang: Lang;
  pathname: string;
  search: string;
  onNavigate?: () => void;
}

/** A collapsible submenu; it opens by itself when the current path enters one of its links. */
function Submenu({ node, lang, pathname, search, onNavigate }: SubmenuProps) {
  const activeInside = node.children.some((c) => linkIsActive(c, pathname, search));
  const location = `${pathname}${search}`;
  const [opened, setOpened] = useState(activeInside);
  const [seenLocation, setSeenLocation] = useState(location);
  if (seenLocation !== location) {
    setSeenLocation(location);
    if (activeInside && !opened) setOpened(true);
  }
  return (
    <NavLink
      label={node.label[lang]}
      leftSection={<MenuIconView icon={node.icon} />}
      rightSection={
        node.badge ? (
          <Badge size="xs" mr={4}>
            {node.badge}
          </Badge>
        ) : undefined
      }
      opened={opened}
      onChange={setOpened}
      childrenOffset={28}
      data-submenu={node.key}
      component="button"
      type="button"
      aria-expanded={opened}
      active={activeInside && !opened}
      variant="subtle"
    >
      {node.children.map((child) => (
        <MenuLinkItem
          key={child.name}
          link={child}
          lang={lang}
          mini={false}
          active={linkIsActive(child, pathname, search)}
          onNavigate={onNavigate}
        />
      ))}
    </NavLink>
  );
}
