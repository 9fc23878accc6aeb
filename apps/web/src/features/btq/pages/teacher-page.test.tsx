import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import type { AuthUser, BtqTeacher } from '@mms/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerBtqMessages } from '../../../i18n/btq/index.ts';
import { id } from '../../../i18n/id.ts';
import { registerPrintMessages } from '../../../i18n/print/index.ts';
import { registerSchoolMessages } from '../../../i18n/school/index.ts';
import { SESSION_KEY } from '../../../lib/session.ts';
import { mediaQueryList } from '../../../test/media-query.ts';
import { TeacherPage } from './teacher-page.tsx';

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

const outside: BtqTeacher = {
  id: 7,
  unitId: 2,
  employeeId: null,
  employeeNumber: null,
  name: 'Ustadzah Luar',
  phone: null,
  isCoordinator: false,
  isActive: true,
  groupCount: 1,
  username: null,
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.spyOn(window, 'matchMedia').mockImplementation((media) => mediaQueryList(media, true));
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const body =
      init?.method === 'POST'
        ? { teacher: { ...outside, username: 'ustadzah.luar' }, username: 'ustadzah.luar', password: 'Xk7pQ2mN9rTa' }
        : { items: [outside, { ...outside, id: 8, name: 'Ustadz Pegawai', employeeId: 3, employeeNumber: 'NIP3' }] };
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  });
  vi.stubGlobal('fetch', fetchMock);
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
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <ModalsProvider>
          <TeacherPage />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the BTQ ustadz page', { timeout: 30_000 }, () => {
  it('makes an account for an outside ustadz only and shows the one-time password once', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { name: 'Penugasan ustadz' })).toBeTruthy();
    await screen.findByText('Ustadz Pegawai');
    expect(screen.getByText('Akun pegawai')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Buat akun Ustadz Pegawai' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Buat akun Ustadzah Luar' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByRole('textbox', { name: 'Nama pengguna' });
    fireEvent.change(name, { target: { value: 'a b' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByText(/hanya boleh huruf/)).toBeTruthy();
    expect(
      fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST'),
    ).toHaveLength(0);
    fireEvent.change(name, { target: { value: 'ustadzah.luar' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByText('Xk7pQ2mN9rTa')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'POST')!;
    expect(post[0]).toContain('/api/v1/btq/teachers/7/account');
    expect(JSON.parse(String((post[1] as RequestInit).body))).toEqual({ username: 'ustadzah.luar' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Selesai' }));
    await waitFor(() => expect(screen.queryByText('Xk7pQ2mN9rTa')).toBeNull());
  });
});
