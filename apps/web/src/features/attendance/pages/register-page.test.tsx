import { fireEvent, screen, waitFor } from '@testing-library/react';
import type * as ReactRouter from 'react-router';
import type * as Notify from '../../../lib/notify.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { id } from '../../../i18n/id.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { registerAttendanceMessages } from '../../../i18n/attendance/index.ts';

const notifyDone = vi.fn();
vi.mock('../../../lib/notify.ts', async (original) => ({
  ...(await original<typeof Notify>()),
  notifyDone: (kind: string) => notifyDone(kind),
}));
vi.mock('react-router', async (original) => ({
  ...(await original<typeof ReactRouter>()),
  useParams: () => ({ classGroupId: '13', date: '2026-11-21' }),
}));

const register = (taken: boolean) => ({
  classGroupId: 13,
  className: '7A',
  date: '2026-11-21',
  taken,
  entries: [
    { studentId: 1, nis: '2000001', name: 'Fadhil Sholihah', code: 'H', lateMinutes: 0, note: null, recorded: taken },
    { studentId: 2, nis: '2000002', name: 'Aqila Rahman', code: 'I', lateMinutes: 0, note: 'izin', recorded: true },
  ],
});

describe('daily register', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts from the server’s codes, takes one tap for A and saves the whole class', async () => {
    const fetchMock = vi.fn((url: string, init?: RequestInit) => {
      const body = init?.method === 'PUT' ? register(true) : register(false);
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    });
    vi.stubGlobal('fetch', fetchMock);
    if (!i18next.isInitialized) {
      await i18next.use(initReactI18next).init({
        resources: { id: { translation: id } },
        lng: 'id',
        interpolation: { escapeValue: false },
      });
    }
    registerAttendanceMessages();
    const { RegisterPage } = await import('./register-page.tsx');
    await renderWithApp(<RegisterPage />);

    expect(await screen.findByText('1. Fadhil Sholihah')).toBeTruthy();
    expect(screen.getByText('H 1 · S 0 · I 1 · A 0')).toBeTruthy();
    const row = screen.getByTestId('register-row-2000001');
    fireEvent.click(row.querySelector('input[value="A"]')!);
    expect(screen.getByText('H 0 · S 0 · I 1 · A 1')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Simpan presensi' }));
    await waitFor(() => expect(notifyDone).toHaveBeenCalledWith('saved'));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(put[0]).toBe('/api/v1/attendance/classes/13/daily/2026-11-21');
    expect(JSON.parse(String(put[1]!.body))).toEqual({
      entries: [
        { studentId: 1, code: 'A', lateMinutes: 0, note: null },
        { studentId: 2, code: 'I', lateMinutes: 0, note: 'izin' },
      ],
    });
  });

  it('asks before a changed mark is lost by navigating away, and lets go once it is saved', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) =>
        Promise.resolve(new Response(JSON.stringify(register(init?.method === 'PUT')), { status: 200 })),
      ),
    );
    registerAttendanceMessages();
    const { RegisterPage } = await import('./register-page.tsx');
    const { router } = await renderWithApp(<RegisterPage />);
    await screen.findByText('1. Fadhil Sholihah');
    // untouched: leaving is free
    await router.navigate('/elsewhere');
    expect(router.state.location.pathname).toBe('/elsewhere');
    await router.navigate('/');
    await screen.findByText('1. Fadhil Sholihah');

    fireEvent.click(screen.getByTestId('register-row-2000001').querySelector('input[value="S"]')!);
    void router.navigate('/elsewhere');
    expect(await screen.findByText('Perubahan belum disimpan')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tetap di sini' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getByText('H 0 · S 1 · I 1 · A 0')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Simpan presensi' }));
    await waitFor(() => expect(notifyDone).toHaveBeenCalled());
    await router.navigate('/elsewhere');
    expect(router.state.location.pathname).toBe('/elsewhere');
  });
});
