import { Alert } from '@mantine/core';
import { NavigationProgress, nprogress } from '@mantine/nprogress';
import { useQueryClient } from '@tanstack/react-query';
import { IconWifiOff } from '@tabler/icons-react';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { api } from '../lib/api.ts';
import { connection } from '../lib/connection.ts';
import { useSession } from '../lib/session.ts';
import { settingsStore } from '../lib/settings-store.ts';

/** Progress bar while a navigation (and its lazy screen) loads. */
function NavigationProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  useEffect(() => {
    if (busy) nprogress.start();
    else nprogress.complete();
  }, [busy]);
  return <NavigationProgress size={3} aria-label="progress" />;
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
      <SettingsOwner />
      <ConnectionBanner />
      <Outlet />
    </>
  );
}
