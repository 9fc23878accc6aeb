import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { id } from '../../i18n/id.ts';
import { registerFinanceBooksMessages } from '../../i18n/finance-books/index.ts';
import { mediaQueryList } from '../../test/media-query.ts';
import { renderWithApp } from '../../test/render.tsx';
import { AccountsPage } from './pages/accounts-page.tsx';

const notify = vi.hoisted(() => ({ done: vi.fn(), error: vi.fn() }));
vi.mock('../../lib/notify.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  notifyDone: notify.done,
  notifyError: notify.error,
}));
vi.mock('../../lib/session.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useCurrentUser: () => ({
    id: 5,
    username: 'bendahara',
    displayName: 'Bendahara',
    division: 'TEACHERCASHIER',
    unit: { id: 1, code: 'SMP', name: 'SMP' },
  }),
}));

const accounts = {
  items: [
    { id: 1, unitId: 1, code: '1-101', name: 'Kas', kind: 'CASH', active: true, used: true },
    { id: 2, unitId: 1, code: '1-102', name: 'Bank BSI', kind: 'BANK', active: true, used: false },
    { id: 3, unitId: 1, code: '4-101', name: 'Pendapatan SPP', kind: 'INCOME', active: true, used: true },
  ],
};

let fetchMock: ReturnType<typeof vi.fn>;
let writeStatus = 200;
const writes = () =>
  fetchMock.mock.calls.filter(([, init]) => init && ['POST', 'PUT'].includes((init as RequestInit).method ?? ''));
beforeEach(async () => {
  if (!i18next.isInitialized) {
    await i18next
      .use(initReactI18next)
      .init({ resources: { id: { translation: id } }, lng: 'id', interpolation: { escapeValue: false } });
  }
  vi.spyOn(window, 'matchMedia').mockImplementation((media) => mediaQueryList(media, true));
  writeStatus = 200;
  notify.done.mockReset();
  notify.error.mockReset();
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if ((init?.method ?? 'GET') !== 'GET') {
      const body =
        writeStatus === 409
          ? { error: { code: 'CONFLICT', message: 'Kode dan jenis akun yang sudah dipakai tidak dapat diubah' } }
          : { ...accounts.items[0], id: 9 };
      return Promise.resolve(new Response(JSON.stringify(body), { status: writeStatus }));
    }
    const body = url.startsWith('/api/v1/finance-books/accounts') ? accounts : { items: [] };
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  });
  vi.stubGlobal('fetch', fetchMock);
  registerFinanceBooksMessages();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the chart of accounts', { timeout: 30_000 }, () => {
  it('lists the unit’s accounts and narrows them by search', async () => {
    await renderWithApp(<AccountsPage />);
    expect(screen.getByRole('heading', { name: 'Bagan Akun' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Bagan Akun' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    fireEvent.change(screen.getByRole('textbox', { name: 'Cari kode atau nama' }), { target: { value: 'bank' } });
    expect(within(screen.getByRole('table', { name: 'Bagan Akun' })).getAllByRole('row')).toHaveLength(2);
    expect(screen.getByText('Bank BSI')).toBeTruthy();
  });

  it('adds an account for the cashier’s unit', async () => {
    await renderWithApp(<AccountsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Akun baru' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Kode' }), { target: { value: '5-301' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Nama akun' }), { target: { value: 'Listrik' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    const [url, init] = writes()[0]!;
    expect(url).toBe('/api/v1/finance-books/accounts');
    expect(JSON.parse((init as RequestInit).body as string)).toEqual({
      unitId: 1,
      code: '5-301',
      name: 'Listrik',
      kind: 'INCOME',
      active: true,
    });
    await waitFor(() => expect(notify.done).toHaveBeenCalled());
  });

  it('shows the server’s refusal (409) when a used account’s code changes', async () => {
    writeStatus = 409;
    await renderWithApp(<AccountsPage />);
    const table = await screen.findByRole('table', { name: 'Bagan Akun' });
    const row = within(table).getByText('1-101').closest('tr')!;
    fireEvent.click(within(row).getAllByRole('button')[0]!);
    expect(await screen.findByText(/sudah dipakai bukti/)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Kode' }), { target: { value: '1-109' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalled());
    expect(String(notify.error.mock.calls[0]![0])).toContain('tidak dapat diubah');
    expect(writes()[0]![0]).toBe('/api/v1/finance-books/accounts/1');
  });
});
