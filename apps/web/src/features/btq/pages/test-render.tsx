import type { AuthUser, Division } from '@mms/shared';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { registerBtqMessages } from '../../../i18n/btq/index.ts';
import { registerPrintMessages } from '../../../i18n/print/index.ts';
import { mediaQueryList } from '../../../test/media-query.ts';
import { renderWithApp } from '../../../test/render.tsx';

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

/** Renders one BTQ screen in Indonesian with its messages, the session of `user`, at `path` (matched by `route`). */
export const renderBtqScreen = (
  ui: ReactElement,
  { user = btqTestUser(), route, path = '/' }: { user?: AuthUser; route?: string; path?: string } = {},
) =>
  renderWithApp(
    route ? (
      <Routes>
        <Route path={route} element={ui} />
      </Routes>
    ) : (
      ui
    ),
    path,
    { user, messages: [registerPrintMessages, registerBtqMessages] },
  );
