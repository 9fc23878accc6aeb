import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { initReactI18next } from 'react-i18next';
import { ModalsProvider } from '@mantine/modals';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { AuthUser } from '@mms/shared';
import { id } from '../i18n/id.ts';
import { SESSION_KEY } from '../lib/session.ts';
import { registerSchoolMessages } from '../i18n/school/index.ts';

/** Indonesian texts for a test, once per test file. */
export async function initTestI18n(): Promise<void> {
  if (!i18next.isInitialized)
    await i18next.use(initReactI18next).init({
      resources: { id: { translation: id } },
      lng: 'id',
      interpolation: { escapeValue: false },
    });
}

/**
 * Renders a component with the providers of the app: Mantine (with its modals), TanStack Query, a data router
 * (so navigation blockers work; `/elsewhere` is a second page to navigate to) and Indonesian texts; `user`
 * is the signed-in user the screens see (none by default), `messages` the feature texts to register. The view
 * carries the router and the query client (a test can wait for a query to settle).
 */
export async function renderWithApp(
  ui: ReactElement,
  initialPath = '/',
  { user, messages = [] }: { user?: AuthUser; messages?: (() => void)[] } = {},
) {
  await initTestI18n();
  registerSchoolMessages();
  for (const register of messages) register();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (user) client.setQueryData(SESSION_KEY, user);
  const router = createMemoryRouter(
    [
      { path: '/elsewhere', element: <p>elsewhere</p> },
      { path: '*', element: ui },
    ],
    { initialEntries: [initialPath] },
  );
  const view = render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <ModalsProvider>
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return Object.assign(view, { router, client });
}
