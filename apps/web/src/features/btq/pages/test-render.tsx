import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import type { AuthUser, Division } from '@mms/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { registerBtqMessages } from '../../../i18n/btq/index.ts';
import { id } from '../../../i18n/id.ts';
import { registerPrintMessages } from '../../../i18n/print/index.ts';
import { registerSchoolMessages } from '../../../i18n/school/index.ts';
import { SESSION_KEY } from '../../../lib/session.ts';
import { mediaQueryList } from '../../../test/media-query.ts';

/** The signed-in user of the BTQ screen tests: an SMP teacher unless another division is asked for. */
export const btqTestUser = (division: Division = 'TEACHER'): AuthUser => ({
  id: 1,
  username: division.toLowerCase(),
  displayName: 'Ustadz Ahmad',
  division,
  avatarUrl: null,
  employeeId: 9,
  employeeNumber: null,
  studentId: null,
  studentNumber: null,
  unit: { id: 2, code: 'SMP', name: 'SMP Uji' },
});

/** Phone-sized media queries and a fetch that answers with `reply(url, init)`: what every BTQ screen test needs. */
export function stubBtqFetch(reply: (url: string, init?: RequestInit) => { status?: number; body: unknown }) {
  vi.spyOn(window, 'matchMedia').mockImplementation((media) => mediaQueryList(media, true));
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const { status = 200, body } = reply(url, init);
    return Promise.resolve(new Response(JSON.stringify(body), { status }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Renders one BTQ screen in Indonesian with its messages, the session of `user`, at `path` of `route`. */
export async function renderBtqScreen(
  ui: ReactElement,
  { user = btqTestUser(), route = '*', path = '/' }: { user?: AuthUser; route?: string; path?: string } = {},
) {
  if (!i18next.isInitialized) {
    await i18next
      .use(initReactI18next)
      .init({ resources: { id: { translation: id } }, lng: 'id', interpolation: { escapeValue: false } });
  }
  registerSchoolMessages();
  registerPrintMessages();
  registerBtqMessages();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(SESSION_KEY, user);
  const router = createMemoryRouter([{ path: route, element: ui }], { initialEntries: [path] });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <ModalsProvider>
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
