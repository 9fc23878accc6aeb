import { Alert } from '@mantine/core';
import { NavigationProgress, nprogress } from '@mantine/nprogress';
import { useQueryClient } from '@tanstack/react-query';
import { IconWifiOff } from '@tabler/icons-react';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { APP_NAME, findMenuLink } from '@mms/shared';
import { api } from '../lib/api.ts';
import { connection } from '../lib/connection.ts';
import { useSession } from '../lib/session.ts';
import { settingsStore } from '../lib/settings-store.ts';
import { useRouteHandle } from '../lib/route-handle.ts';

/** Progress bar while a navigation (and its lazy screen) loads. */
function NavigationProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const started = useRef(false);
  useEffect(() => {
    // completed only once started: on the first page the bar has nothing to finish (nor a render to spend on it)
    if (busy) nprogress.start();
    else if (started.current) nprogress.complete();
    started.current = busy;
  }, [busy]);
  // drawn in place (it is fixed to the top of the window anyway): a portal mounts itself in a second render, which
  // React runs at once at the end of the app's first commit, a longer first task on a phone
  return <NavigationProgress size={3} aria-hidden withinPortal={false} />;
}

/**
 * Each screen's title names it: its menu entry ("Daftar siswa · MMS"), else its heading (a student's
 * profile: the student's name). After a navigation (sign-in included) focus
 * moves to that heading, so a screen-reader user hears where they are and the keyboard starts from the page,
 * not from the top of the document. The first load keeps the browser's focus (the skip link comes first).
 */
function ScreenAnnouncer() {
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  const { name } = useRouteHandle();
  const menuLabel = name ? findMenuLink(name)?.label[i18n.language === 'en' ? 'en' : 'id'] : undefined;
  const firstLoad = useRef(true);
  useEffect(() => {
    const moveFocus = !firstLoad.current;
    firstLoad.current = false;
    let timer = 0;
    let tries = 0;
    const announce = () => {
      const heading = document.querySelector<HTMLElement>('#main h1, h1');
      const text = heading?.textContent?.trim();
      if (!heading || !text) {
        // the screen's heading may wait for its data: look again for up to 3 s
        if (tries++ < 60) timer = window.setTimeout(announce, 50);
        return;
      }
      document.title = `${menuLabel ?? text} · ${APP_NAME}`;
      if (moveFocus && !heading.contains(document.activeElement)) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }
    };
    announce();
    return () => window.clearTimeout(timer);
  }, [pathname, menuLabel]);
  return null;
}

function ScrollToTop() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}

/** A lost connection shows a banner; when the server answers again, failed data reload. */
function ConnectionBanner() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const online = useSyncExternalStore(connection.subscribe, connection.isOnline, () => true);
  const wasOnline = useRef(online);

  useEffect(() => {
    if (online && !wasOnline.current) {
      void client.invalidateQueries({ predicate: (q) => q.state.status === 'error' });
    }
    wasOnline.current = online;
    if (online) return;
    // While offline, knock on the server every few seconds so the screen recovers by itself.
    const timer = window.setInterval(() => {
      api('/health', { acceptStatuses: [503] }).catch(() => {});
    }, 3000);
    return () => window.clearInterval(timer);
  }, [online, client]);

  if (online) return null;
  return (
    <Alert
      role="status"
      color="red"
      variant="filled"
      icon={<IconWifiOff size={18} />}
      radius={0}
      className="mms-offline"
      data-testid="offline-banner"
    >
      {t('errors.offline')}
    </Alert>
  );
}

/** Layout settings belong to the signed-in user: switch their owner when the session changes. */
function SettingsOwner() {
  const { data: user } = useSession();
  const owner = user ? `u${user.id}` : null;
  useEffect(() => {
    settingsStore.setOwner(owner);
  }, [owner]);
  return null;
}

export function RootLayout() {
  return (
    <>
      <NavigationProgressBar />
      <ScrollToTop />
      <ScreenAnnouncer />
      <SettingsOwner />
      <ConnectionBanner />
      <Outlet />
    </>
  );
}
