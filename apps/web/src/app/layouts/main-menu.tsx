import { Badge, Menu, NavLink, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { menuFor, type Division, type MenuLink, type MenuNode, type MenuSubmenu } from '@mms/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { menuTarget, ROUTES } from '../route-names.ts';
import { MenuIconView } from './menu-icons.tsx';

type Lang = 'id' | 'en';

/** Is the link the current screen, or is the current path inside it (its coming-soon page included)? */
export function linkIsActive(link: MenuLink, pathname: string, search: string): boolean {
  if (pathname === link.path || pathname.startsWith(`${link.path}/`)) return true;
  return pathname === ROUTES['specials-coming-soon'] && new URLSearchParams(search).get('screen') === link.name;
}

interface MenuProps {
  division: Division;
  mini?: boolean;
  /** after following a link (the layout closes the mobile sidebar) */
  onNavigate?: () => void;
}

/** The sidebar menu of a division: headings, links to named routes and collapsible submenus. */
export function MainMenu({ division, mini = false, onNavigate }: MenuProps) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'id';
  const nodes = useMemo(() => menuFor(division), [division]);
  const { pathname, search } = useLocation();

  return (
    <nav aria-label={t('nav.mainMenu')} className="mms-menu" data-testid="main-menu" data-mini={mini || undefined}>
      {nodes.map((node) => (
        <MenuEntry
          key={node.type === 'link' ? node.name : node.key}
          node={node}
          lang={lang}
          mini={mini}
          pathname={pathname}
          search={search}
          onNavigate={onNavigate}
        />
      ))}
    </nav>
  );
}

interface EntryProps {
  node: MenuNode;
  lang: Lang;
  mini: boolean;
  pathname: string;
  search: string;
  onNavigate?: () => void;
}

function MenuEntry({ node, lang, mini, pathname, search, onNavigate }: EntryProps) {
  if (node.type === 'heading') {
    if (mini) return <div className="mms-menu-divider" role="separator" />;
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
        mini={mini}
        active={linkIsActive(node, pathname, search)}
        onNavigate={onNavigate}
      />
    );
  }
  return mini ? (
    <MiniSubmenu node={node} lang={lang} pathname={pathname} search={search} onNavigate={onNavigate} />
  ) : (
    <Submenu node={node} lang={lang} pathname={pathname} search={search} onNavigate={onNavigate} />
  );
}

function MenuLinkItem({
  link,
  lang,
  mini,
  active,
  onNavigate,
}: {
  link: MenuLink;
  lang: Lang;
  mini: boolean;
  active: boolean;
  onNavigate?: () => void;
}) {
  const label = link.label[lang];
  const item = (
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
    />
  );
  return mini ? (
    <Tooltip label={label} position="right" withArrow>
      {item}
    </Tooltip>
  ) : (
    item
  );
}

interface SubmenuProps {
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

/** In mini mode a submenu opens as a flyout beside its icon. */
function MiniSubmenu({ node, lang, pathname, search, onNavigate }: SubmenuProps) {
  const label = node.label[lang];
  return (
    <Menu position="right-start" withArrow trigger="click-hover" openDelay={80} closeDelay={150}>
      <Menu.Target>
        <UnstyledButton className="mms-mini-trigger" aria-label={label} data-submenu={node.key}>
          <MenuIconView icon={node.icon} />
          <IconChevronDown size={10} aria-hidden />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{label}</Menu.Label>
        {node.children.map((child) => (
          <Menu.Item
            key={child.name}
            component={Link}
            to={menuTarget(child.name)}
            onClick={onNavigate}
            data-active={linkIsActive(child, pathname, search) || undefined}
          >
            {child.label[lang]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The boxed backend's horizontal menu: one dropdown per submenu, plain links otherwise. */
export function HorizontalMenu({ division }: { division: Division }) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'id';
  const nodes = useMemo(() => menuFor(division).filter((n) => n.type !== 'heading'), [division]);
  return (
    <nav aria-label={t('nav.mainMenu')} className="mms-hmenu" data-testid="main-menu">
      {nodes.map((node) =>
        node.type === 'link' ? (
          <UnstyledButton
            key={node.name}
            component={Link}
            to={menuTarget(node.name)}
            className="mms-hmenu-item"
            data-route={node.name}
          >
            <MenuIconView icon={node.icon} size={16} />
            {node.label[lang]}
          </UnstyledButton>
        ) : node.type === 'submenu' ? (
          <Menu key={node.key} position="bottom-start" withinPortal>
            <Menu.Target>
              <UnstyledButton className="mms-hmenu-item" data-submenu={node.key}>
                <MenuIconView icon={node.icon} size={16} />
                {node.label[lang]}
                <IconChevronDown size={12} aria-hidden />
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              {node.children.map((child) => (
                <Menu.Item key={child.name} component={Link} to={menuTarget(child.name)} data-route={child.name}>
                  {child.label[lang]}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        ) : null,
      )}
    </nav>
  );
}
