import type { AuthUser, UserDetail, UserSummary } from '@mms/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerAdminMessages } from '../../../i18n/admin/index.ts';
import { registerPrintMessages } from '../../../i18n/print/index.ts';
import { mediaQueryList } from '../../../test/media-query.ts';
import { Route, Routes } from 'react-router';
import { renderWithApp } from '../../../test/render.tsx';
import { UserPage } from './user-page.tsx';
import { UsersPage } from './users-page.tsx';

const admin: AuthUser = {
  id: 1,
  username: 'admin',
  displayName: 'Administrator',
  division: 'ADMIN',
  avatarUrl: null,
  employeeId: null,
  employeeNumber: null,
  studentId: null,
  studentNumber: null,
  unit: null,
};

const summary = (fields: Partial<UserSummary>): UserSummary => ({
  id: 7,
  username: 'guru.satu',
  displayName: 'Guru Satu',
  division: 'TEACHER',
  isActive: true,
  unitId: 2,
  unitCode: 'SMP',
  createdAt: '2026-11-01T00:00:00.000Z',
  lastSignInAt: null,
  activeSessions: 1,
  ...fields,
});

const detail: UserDetail = {
  ...summary({ lastSignInAt: '2026-11-24T01:30:00.000Z' }),
  unitName: 'SMP Uji',
  updatedAt: '2026-11-01T00:00:00.000Z',
  passwordChangedAt: '2026-11-01T00:00:00.000Z',
  employeeNumber: '1985',
  studentNumber: null,
  sessions: [
    {
      key: '0123456789abcdef',
      createdAt: '2026-11-24T01:30:00.000Z',
      lastSeenAt: '2026-11-24T02:00:00.000Z',
      expiresAt: '2026-12-24T01:30:00.000Z',
      ip: '10.0.0.9',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36',
      current: false,
    },
  ],
};

let fetchMock: ReturnType<typeof vi.fn>;
const page = (items: unknown[]) => ({ items, total: items.length, page: 1, pageSize: 25 });
beforeEach(() => {
  vi.spyOn(window, 'matchMedia').mockImplementation((media) => mediaQueryList(media, true));
  fetchMock = vi.fn((url: string) => {
    const path = url.replace(/\?.*$/, '');
    const body =
      path === '/api/v1/users'
        ? page([summary({}), summary({ id: 1, username: 'admin', division: 'ADMIN', unitId: null, unitCode: null })])
        : path.startsWith('/api/v1/users/7')
          ? path.includes('/sessions')
            ? { ended: 1 }
            : detail
          : page([]);
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const calls = (method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => url === path && (init as RequestInit | undefined)?.method === method);
const messages = [registerAdminMessages, registerPrintMessages];
/** The single-account page under its `:id` route, as the router serves it. */
const userRoute = (
  <Routes>
    <Route path="/users/:id" element={<UserPage />} />
  </Routes>
);

describe('the administration screens', { timeout: 30_000 }, () => {
  it('lists accounts; disabling asks first, then disables; one cannot disable oneself', async () => {
    await renderWithApp(<UsersPage />, '/', { user: admin, messages });
    expect(await screen.findByText('guru.satu')).toBeTruthy();
    expect(screen.getAllByText('Belum pernah')).toHaveLength(2);
    // the own account's row has no disable button
    expect(screen.getByText('admin')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nonaktifkan admin' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Nonaktifkan guru.satu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nonaktifkan akun?' });
    expect(calls('POST', '/api/v1/users/7/active')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nonaktifkan' }));
    await waitFor(() => expect(calls('POST', '/api/v1/users/7/active')).toHaveLength(1));
    expect(JSON.parse(String(calls('POST', '/api/v1/users/7/active')[0]![1].body))).toEqual({ active: false });
  });

  it('checks a new account before sending it', async () => {
    await renderWithApp(<UsersPage />, '/', { user: admin, messages });
    fireEvent.click(await screen.findByRole('button', { name: 'Tambah akun' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tambah akun' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Nama pengguna' }), {
      target: { value: 'guru baru' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buat akun' }));
    expect(
      await within(dialog).findByText('Nama pengguna hanya boleh huruf, angka, titik, garis bawah dan tanda hubung'),
    ).toBeTruthy();
    expect(await within(dialog).findByText('Kata sandi minimal 8 karakter')).toBeTruthy();
    expect(calls('POST', '/api/v1/users')).toHaveLength(0);
  });

  it('shows one account with its sessions; ending one asks first and ends that one', async () => {
    await renderWithApp(userRoute, '/users/7', { user: admin, messages });
    expect(await screen.findByRole('heading', { name: 'Akun guru.satu' })).toBeTruthy();
    const sessions = screen.getByRole('table', { name: 'Sesi akun ini' });
    expect(within(sessions).getByText('10.0.0.9')).toBeTruthy();
    expect(within(sessions).getByText('Chrome · Linux')).toBeTruthy();
    fireEvent.click(within(sessions).getByRole('button', { name: /^Akhiri sesi Chrome/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Akhiri sesi ini?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Akhiri' }));
    await waitFor(() => expect(calls('DELETE', '/api/v1/users/7/sessions/0123456789abcdef')).toHaveLength(1));
  });

  it('reads the recent activity in words in the chosen language, never the raw codes (issue 39 finding 9)', async () => {
    const entry = (id: number, action: string, entityType: string | null, entityId: string | null) => ({
      id,
      at: '2026-11-24T01:30:00.000Z',
      actorUserId: 1,
      actorUsername: 'admin',
      action,
      entityType,
      entityId,
      before: null,
      after: null,
      ip: '10.0.0.9',
      requestId: null,
    });
    const audit = [entry(2, 'users.create', 'user', '7'), entry(1, 'auth.login.success', null, null)];
    const answer = fetchMock.getMockImplementation() as (url: string, init?: RequestInit) => Promise<Response>;
    fetchMock.mockImplementation((url: string, init?: RequestInit) =>
      url.startsWith('/api/v1/audit?')
        ? Promise.resolve(new Response(JSON.stringify(page(audit)), { status: 200 }))
        : answer(url, init),
    );
    const rawCodes = ['users.create', 'auth.login.success', 'user'];
    await renderWithApp(userRoute, '/users/7', { user: admin, messages });
    // the section under its heading (a card per entry on this test's narrow screen)
    const section = async (heading: string) => (await screen.findByRole('heading', { name: heading })).parentElement!;
    const list = await section('Aktivitas terakhir');
    expect(await within(list).findByText('Pengguna: dibuat')).toBeTruthy();
    expect(within(list).getByText('Masuk berhasil')).toBeTruthy();
    expect(within(list).getByText('Pengguna 7')).toBeTruthy();
    expect(within(list).getAllByText('Jenis data')).toHaveLength(2);
    for (const code of rawCodes) expect(within(list).queryByText(code)).toBeNull();
    expect(list.textContent).not.toMatch(/users\.create|auth\.login/);

    await i18next.changeLanguage('en');
    try {
      const english = await section('Recent activity');
      expect(await within(english).findByText('User: created')).toBeTruthy();
      expect(within(english).getByText('Signed in')).toBeTruthy();
      expect(within(english).getByText('User 7')).toBeTruthy();
      expect(within(english).getAllByText('Record type')).toHaveLength(2);
      for (const code of rawCodes) expect(within(english).queryByText(code)).toBeNull();
      expect(english.textContent).not.toMatch(/users\.create|auth\.login/);
    } finally {
      await i18next.changeLanguage('id');
    }
  });

  it('says an id out of range is no account, without asking the server', async () => {
    await renderWithApp(userRoute, '/users/99999999999', { user: admin, messages });
    expect(await screen.findByText('Akun tidak ditemukan.')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/v1/users'))).toHaveLength(0);
  });
});
