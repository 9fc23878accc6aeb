import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import type { AuthUser, BtqGroupMembers } from '@mms/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerBtqMessages } from '../../../i18n/btq/index.ts';
import { id } from '../../../i18n/id.ts';
import { registerPrintMessages } from '../../../i18n/print/index.ts';
import { registerSchoolMessages } from '../../../i18n/school/index.ts';
import { SESSION_KEY } from '../../../lib/session.ts';
import { mediaQueryList } from '../../../test/media-query.ts';
import { GroupPrintPage } from './group-print-page.tsx';

const user: AuthUser = {
  id: 1,
  username: 'principal',
  displayName: 'Ustadz Ahmad',
  division: 'PRINCIPAL',
  avatarUrl: null,
  employeeId: 9,
  employeeNumber: null,
  studentId: null,
  studentNumber: null,
  unit: { id: 2, code: 'SMP', name: 'SMP Uji' },
};

const members: BtqGroupMembers = {
  group: {
    id: 4,
    unitId: 2,
    schoolYear: '2026/2027',
    name: 'Halaqah Al-Fatih',
    teacherId: 1,
    teacherName: 'Ustadz Ahmad',
    levelId: 3,
    levelName: 'Jilid 3',
    methodName: 'Ummi',
    days: [1, 3],
    startTime: '07:00',
    endTime: '08:00',
    place: 'Masjid',
    isActive: true,
    memberCount: 3,
  },
  items: [
    {
      studentId: 11,
      name: 'Ahmad Faqih',
      nis: 'A1',
      className: '7A',
      levelName: 'Jilid 3',
      levelPages: 40,
      lastPage: '39',
      fromDate: '2026-07-13',
    },
    {
      studentId: 12,
      name: 'Zahra Aulia',
      nis: 'A2',
      className: '7B',
      levelName: 'Juz 30',
      levelPages: null,
      lastPage: '78:40',
      fromDate: '2026-07-13',
    },
    {
      studentId: 13,
      name: 'Umar Said',
      nis: 'A3',
      className: '7A',
      levelName: null,
      levelPages: null,
      lastPage: null,
      fromDate: '2026-07-13',
    },
  ],
};

let status = 200;
beforeEach(() => {
  status = 200;
  vi.spyOn(window, 'matchMedia').mockImplementation((media) => mediaQueryList(media, true));
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const path = url.replace(/\?.*$/, '');
      if (path === '/api/v1/btq/groups/4/members') {
        return Promise.resolve(
          new Response(JSON.stringify(status === 200 ? members : { error: { code: 'FORBIDDEN', message: 'x' } }), {
            status,
          }),
        );
      }
      return Promise.resolve(new Response(JSON.stringify(null), { status: 200 }));
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderPage() {
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
  const router = createMemoryRouter([{ path: '/g/:id', element: <GroupPrintPage /> }], {
    initialEntries: ['/g/4'],
  });
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

describe('the printable group page', { timeout: 30_000 }, () => {
  it('shows the halaqah with ustadz, level, schedule and each member’s level and page', async () => {
    await renderPage();
    expect(await screen.findByRole('heading', { name: 'Kelompok Halaqah Al-Fatih' })).toBeTruthy();
    expect(screen.getByText(/Ustadz Ahmad · Jilid: Jilid 3 · Jadwal: Senin, Rabu · 07:00–08:00 · Masjid/)).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Anggota' });
    expect(table.textContent).toContain('hal. 39 / 40');
    expect(table.textContent).toContain('78:40');
    expect(table.textContent).toContain('Umar Said');
    expect(screen.getByRole('button', { name: /Cetak/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pengelompokan' })).toBeTruthy();
  });

  it('says so when the group is not the caller’s', async () => {
    status = 403;
    await renderPage();
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});
