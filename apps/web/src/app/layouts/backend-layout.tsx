import { AppShell, Container, ScrollArea } from '@mantine/core';
import { useDisclosure, useHeadroom, useHotkeys, useMediaQuery } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { ScreenAfterShell } from '../boot-frame.tsx';
import { useSignOut } from '../../features/auth/api.ts';
import { updateSettings, useSettings } from '../../lib/settings-store.ts';
import { useCurrentUser } from '../../lib/session.ts';
import { RequireAuth, RequirePermission } from '../guards.tsx';
import { useRouteHandle } from '../../lib/route-handle.ts';
import { AppFooter } from './app-footer.tsx';
import { AppHeader } from './app-header.tsx';
import { MainMenu } from './main-menu.tsx';
import { useSideTransitions } from './use-side-transitions.ts';

/** Desktop is wider than 991 px (specification section 9). */
export const DESKTOP_QUERY = '(min-width: 992px)';

const CONTENT_SIZE = { full: undefined, boxed: 'xl', narrow: 'md' } as const;

// The side overlay and the search dialog load the first time they are opened: their drawer, modal, switches
// and selects are not needed to show a screen.
const SideOverlay = lazy(() => import('./side-overlay.tsx').then((m) => ({ default: m.SideOverlay })));
const HorizontalMenu = lazy(() => import('./menu-flyouts.tsx').then((m) => ({ default: m.HorizontalMenu })));
const SearchOverlay = lazy(() => import('./search-overlay.tsx').then((m) => ({ default: m.SearchOverlay })));

/** The backend frame: sidebar, header, side overlay and footer around every protected screen. */
export function BackendLayout() {
  return (
    <RequireAuth>
      {/* dialogs are used only behind sign-in: their code stays out of the public pages. Their dialog is drawn in
          place, not in a portal (it covers the window anyway): a portal mounts itself in a second render, which
          React runs at once at the end of the layout's first commit, a longer first task on a phone. In place it
          comes before the portals in the page, so it sits one level above Mantine's dialogs (200): a confirmation
          asked from a screen's own dialog shows over that dialog, as it did from the portal. */}
      <ModalsProvider modalProps={{ withinPortal: false, zIndex: 250 }}>
        <BackendFrame />
      </ModalsProvider>
    </RequireAuth>
  );
}

function BackendFrame() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const settings = useSettings();
  const handle = useRouteHandle();
  const isDesktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const [mobileOpen, setMobileOpen] = useState(false);
  const [desktopOpen, setDesktopOpen] = useState(true);
  const [overlayOpen, overlay] = useDisclosure(false);
  const [searchOpen, search] = useDisclosure(false);
  // each overlay is mounted from its first opening on (and stays, so it can close with its transition)
  const [overlayUsed, setOverlayUsed] = useState(false);
  if (overlayOpen && !overlayUsed) setOverlayUsed(true);
  const [searchUsed, setSearchUsed] = useState(false);
  if (searchOpen && !searchUsed) setSearchUsed(true);
  const transitions = useSideTransitions();
  const [pinned, setPinned] = useState(true);
  const signOut = useSignOut();
  useHotkeys([['mod+K', search.open]]);

  const horizontal = settings.navigation === 'horizontal' && isDesktop;
  const showHeader = !handle.hide?.header;
  const showSidebar = !handle.hide?.sidebar;
  const showFooter = !handle.hide?.footer;
  const showSideOverlay = !handle.hide?.sideOverlay;
  const mini = settings.sidebarMini && isDesktop;
  const sidebarVisible = isDesktop ? desktopOpen && !horizontal : mobileOpen;

  const sideConfig = {
    width: mini ? 72 : 264,
    breakpoint: 'md',
    collapsed: { mobile: !mobileOpen, desktop: !desktopOpen || horizontal },
  };

  const toggleSidebar = () => (isDesktop ? setDesktopOpen((o) => !o) : setMobileOpen((o) => !o));
  // Under 992 px, following a link closes the sidebar.
  const closeOnMobile = () => {
    if (!isDesktop) setMobileOpen(false);
  };

  // A phone opens with the sidebar closed (off screen, inert): its menu, half the page's elements for a
  // principal, is built the first time the sidebar opens, not before the screen can show.
  const [menuBuilt, setMenuBuilt] = useState(sidebarVisible);
  if (sidebarVisible && !menuBuilt) setMenuBuilt(true);
  const menu = menuBuilt && (
    <ScrollArea type="scroll" h="100%" p={mini ? 4 : 'xs'}>
      <MainMenu mini={mini} onNavigate={closeOnMobile} />
    </ScrollArea>
  );
  const sidebarClass = settings.sidebarDark ? 'mms-sidebar mms-dark' : 'mms-sidebar';

  return (
    <AppShell
      header={showHeader ? { height: horizontal ? 104 : 60, collapsed: !settings.headerFixed && !pinned } : undefined}
      navbar={showSidebar && settings.sidebarLeft ? sideConfig : undefined}
      aside={showSidebar && !settings.sidebarLeft ? sideConfig : undefined}
      // a phone's footer scrolls with the page (fixed, it took 45 of 740 px and covered the exam's number strip)
      footer={showFooter && isDesktop ? { height: 44 } : undefined}
      padding="md"
      transitionDuration={transitions ? 200 : 0}
      data-sidebar-open={sidebarVisible ? 'true' : 'false'}
      data-sidebar-mini={mini ? 'true' : 'false'}
    >
      {showHeader && !settings.headerFixed && <HeadroomWatch onPinnedChange={setPinned} />}
      {/* the first stop of the keyboard: past the header and the menu, straight to the screen */}
      <a
        href="#main"
        className="mms-skip-link"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        {t('app.skipToContent')}
      </a>
      {showHeader && (
        <AppShell.Header
          className={settings.headerDark ? 'mms-header mms-dark' : 'mms-header'}
          data-testid="app-header"
        >
          <div className="mms-header-row">
            <AppHeader
              user={user}
              sidebarOpened={sidebarVisible}
              showSidebarButtons={showSidebar && !horizontal}
              showLoader={settings.headerLoader}
              onToggleSidebar={toggleSidebar}
              onToggleMini={() => updateSettings({ sidebarMini: !settings.sidebarMini })}
              onOpenSearch={search.open}
              onOpenSideOverlay={overlay.open}
              onSignOut={() => signOut.mutate()}
            />
          </div>
          {horizontal && (
            <Container size="xl" className="mms-hmenu-row">
              <Suspense fallback={null}>
                <HorizontalMenu />
              </Suspense>
            </Container>
          )}
        </AppShell.Header>
      )}
      {showSidebar && settings.sidebarLeft && (
        <AppShell.Navbar className={sidebarClass} data-testid="sidebar" inert={!sidebarVisible || undefined}>
          {menu}
        </AppShell.Navbar>
      )}
      {showSidebar && !settings.sidebarLeft && (
        <AppShell.Aside className={sidebarClass} data-testid="sidebar" inert={!sidebarVisible || undefined}>
          {menu}
        </AppShell.Aside>
      )}
      <AppShell.Main id="main" tabIndex={-1}>
        <Container
          fluid={settings.mainContent === 'full' && !horizontal}
          size={horizontal && settings.mainContent === 'full' ? 'xl' : CONTENT_SIZE[settings.mainContent]}
          px={0}
          data-main-content={settings.mainContent}
          // a phone's screen fills the window, so its footer starts below the fold and never moves in view as
          // the screen's rows arrive (a layout shift of 0.098 on the student list; page-load.spec)
          className={showFooter && !isDesktop ? 'mms-main-fill' : undefined}
        >
          <ScreenAfterShell>
            <RequirePermission permission={handle.permission}>
              <Outlet />
            </RequirePermission>
          </ScreenAfterShell>
        </Container>
        {showFooter && !isDesktop && (
          <footer className="mms-footer-flow">
            <AppFooter />
          </footer>
        )}
      </AppShell.Main>
      {showFooter && isDesktop && (
        <AppShell.Footer>
          <AppFooter />
        </AppShell.Footer>
      )}
      {showSideOverlay && overlayUsed && (
        <Suspense fallback={null}>
          <SideOverlay
            opened={overlayOpen}
            onClose={overlay.close}
            position={settings.sidebarLeft ? 'right' : 'left'}
          />
        </Suspense>
      )}
      {searchUsed && (
        <Suspense fallback={null}>
          <SearchOverlay opened={searchOpen} onClose={search.close} />
        </Suspense>
      )}
    </AppShell>
  );
}

/**
 * A header that is not fixed hides while the page scrolls down. Its watch is a component of its own, there
 * only then: the scroll position it reads on every scroll event re-renders this, not the whole frame (and a
 * fixed header, the default, reads nothing: no layout forced while the screen first renders).
 */
function HeadroomWatch({ onPinnedChange }: { onPinnedChange: (pinned: boolean) => void }) {
  const { pinned } = useHeadroom({ fixedAt: 120 });
  useEffect(() => onPinnedChange(pinned), [pinned, onPinnedChange]);
  useEffect(() => () => onPinnedChange(true), [onPinnedChange]);
  return null;
}
