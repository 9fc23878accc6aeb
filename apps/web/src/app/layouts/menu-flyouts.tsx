import { Menu, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { MenuNode } from '@mms/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { menuTarget } from '../../lib/route-names.ts';
import { linkIsActive, MenuLinkItem, type Lang, type SubmenuProps } from './main-menu.tsx';
import { MenuIconView } from '../../components/menu-icons.tsx';
import { useMenu } from '../../lib/permissions.ts';

/**
 * The menus that open beside or under their trigger, loaded only when chosen in the settings (main-menu.tsx,
 * backend-layout.tsx): the mini sidebar's entries (icons with a tooltip, submenus as flyouts) and the boxed
 * layout's horizontal menu.
 */
export function MiniEntries({
  nodes,
  lang,
  pathname,
  search,
  onNavigate,
}: {
  nodes: MenuNode[];
  lang: Lang;
  pathname: string;
  search: string;
  onNavigate?: () => void;
}) {
  return nodes.map((node) =>
    node.type === 'heading' ? (
      <div key={node.key} className="mms-menu-divider" role="separator" />
    ) : node.type === 'link' ? (
      <Tooltip key={node.name} label={node.label[lang]} position="right" withArrow>
        <MenuLinkItem
          link={node}
          lang={lang}
          mini
          active={linkIsActive(node, pathname, search)}
          onNavigate={onNavigate}
        />
      </Tooltip>
    ) : (
      <MiniSubmenu key={node.key} node={node} lang={lang} pathname={pathname} search={search} onNavigate={onNavigate} />
    ),
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
export function HorizontalMenu() {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'id';
  const menu = useMenu();
  const nodes = useMemo(() => menu.filter((n) => n.type !== 'heading'), [menu]);
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
