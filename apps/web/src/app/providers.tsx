import { MantineProvider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { loadLanguage } from '../i18n/index.ts';
import { useSettings, type DarkMode } from '../lib/settings-store.ts';
import { cssVariablesResolver, themeFor } from './theme.ts';

const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/** The color scheme to show: `system` follows the device and reacts when it changes. */
export function useResolvedColorScheme(darkMode: DarkMode): 'light' | 'dark' {
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', undefined, { getInitialValueInEffect: false });
  return darkMode === 'system' ? (prefersDark ? 'dark' : 'light') : darkMode;
}

export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  const settings = useSettings();
  const scheme = useResolvedColorScheme(settings.darkMode);
  const { t } = useTranslation();
  const closeLabel = t('dialog.close');
  const theme = useMemo(() => themeFor(settings.colorTheme, closeLabel), [settings.colorTheme, closeLabel]);

  useEffect(() => {
    const root = document.documentElement;
    root.dir = settings.rtlSupport ? 'rtl' : 'ltr';
    root.lang = settings.language;
    root.dataset.colorTheme = settings.colorTheme;
    root.dataset.darkMode = settings.darkMode;
  }, [settings.rtlSupport, settings.language, settings.colorTheme, settings.darkMode]);

  useEffect(() => {
    void loadLanguage(settings.language);
  }, [settings.language]);

  return (
    <QueryClientProvider client={client}>
      <MantineProvider theme={theme} forceColorScheme={scheme} cssVariablesResolver={cssVariablesResolver}>
        <Suspense fallback={null}>
          <Notifications position="top-right" limit={4} />
        </Suspense>
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
