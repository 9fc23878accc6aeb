import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Voucher } from '@mms/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerFinanceBooksMessages } from '../../i18n/finance-books/index.ts';
import { mediaQueryList } from '../../test/media-query.ts';
import { renderWithApp } from '../../test/render.tsx';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { id } from '../../i18n/id.ts';
import { VoucherForm } from './components/voucher-form.tsx';
import { VouchersPage } from './pages/vouchers-page.tsx';

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
    { id: 3, unitId: 1, code: '4-101', name: 'Pendapatan SPP', kind: 'INCOME', active: true, used: true },
  ],
};
const draft: Voucher = {
  id: 9,
  unitId: 1,
  type: 'BKM',
  number: null,
  date: '2026-11-10',
  account: { id: 3, code: '4-101', name: 'Pendapatan SPP' },
  moneyAccount: { id: 1, code: '1-101', name: 'Kas' },
  amount: 1_250_000,
  description: 'SPP November',
  state: 'DRAFT',
  makerName: 'Bendahara',
  approverName: null,
  approvedAt: null,
  reverses: null,
  reversalReason: null,
  reversedBy: null,
  source: null,
  createdAt: '2026-11-10T01:00:00.000Z',
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(async () => {
  // the feature's texts join the Indonesian ones, so i18next must be up before they register
  if (!i18next.isInitialized) {
    await i18next
      .use(initReactI18next)
      .init({ resources: { id: { translation: id } }, lng: 'id', interpolation: { escapeValue: false } });
  }
  vi.spyOn(window, 'matchMedia').mockImplementation((media) => mediaQueryList(media, true));
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const body = url.startsWith('/api/v1/finance-books/accounts')
      ? accounts
      : url.startsWith('/api/v1/finance-books/vouchers') && (init?.method ?? 'GET') === 'GET'
        ? { items: [], total: 0, page: 1, pageSize: 25 }
        : url.startsWith('/api/v1/finance-books/vouchers/')
          ? draft
          : { items: [] };
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  });
  vi.stubGlobal('fetch', fetchMock);
  registerFinanceBooksMessages();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const writes = () =>
  fetchMock.mock.calls.filter(
    ([, init]) => init && (init as RequestInit).method !== 'GET' && (init as RequestInit).method !== undefined,
  );

describe('the voucher form', { timeout: 30_000 }, () => {
  it('refuses an empty voucher without a request and names the missing fields', async () => {
    await renderWithApp(<VoucherForm unitId={1} today="2026-11-20" onDone={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Simpan draf' }));
    expect(await screen.findByText('Akun wajib diisi')).toBeTruthy();
    expect(screen.getByText('Uraian wajib diisi')).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it('sends a changed draft as whole rupiah', async () => {
    const onDone = vi.fn();
    await renderWithApp(<VoucherForm voucher={draft} unitId={1} today="2026-11-20" onDone={onDone} />);
    const description = await screen.findByRole('textbox', { name: /Uraian/ });
    fireEvent.change(description, { target: { value: 'SPP November kelas 7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan draf' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = writes()[0]!;
    expect(url).toBe('/api/v1/finance-books/vouchers/9');
    expect((init as RequestInit).method).toBe('PUT');
    expect(JSON.parse((init as RequestInit).body as string)).toMatchObject({
      unitId: 1,
      type: 'BKM',
      accountId: 3,
      moneyAccountId: 1,
      amount: 1_250_000,
      description: 'SPP November kelas 7',
    });
  });
});

describe('the voucher list', { timeout: 30_000 }, () => {
  it('shows its empty state and offers a new voucher to the treasurer', async () => {
    await renderWithApp(<VouchersPage />);
    expect(await screen.findByText('Tidak ada data yang cocok.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bukti baru' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('heading', { name: 'Bukti Kas dan Bank' })).toBeTruthy();
  });
});
