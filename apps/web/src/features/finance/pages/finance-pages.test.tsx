import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import type { AuthUser, ComponentIncomeAccounts, Division } from '@mms/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { id } from '../../../i18n/id.ts';
import { registerFinanceMessages } from '../../../i18n/finance/index.ts';
import { registerFinancePaymentsMessages } from '../../../i18n/finance-payments/index.ts';
import { registerSchoolMessages } from '../../../i18n/school/index.ts';
import { SESSION_KEY } from '../../../lib/session.ts';
import { mediaQueryList } from '../../../test/media-query.ts';
import { BillsPage } from './bills-page.tsx';
import { PaymentComponentsPage } from './components-page.tsx';
import { StudentInvoicePage } from './invoice-pages.tsx';

const user = (division: Division): AuthUser => ({
  id: 1,
  username: division.toLowerCase(),
  displayName: 'Bendahara Uji',
  division,
  avatarUrl: null,
  employeeId: 9,
  employeeNumber: null,
  studentId: null,
  studentNumber: null,
  unit: { id: 2, code: 'SMP', name: 'SMP Uji' },
});

async function renderAs(division: Division, ui: ReactElement) {
  if (!i18next.isInitialized) {
    await i18next
      .use(initReactI18next)
      .init({ resources: { id: { translation: id } }, lng: 'id', interpolation: { escapeValue: false } });
  }
  registerSchoolMessages();
  registerFinanceMessages();
  registerFinancePaymentsMessages();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(SESSION_KEY, user(division));
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: ['/'] });
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

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.spyOn(window, 'matchMedia').mockImplementation((media) => mediaQueryList(media, true));
  fetchMock = vi.fn((url: string) =>
    Promise.resolve(
      new Response(
        JSON.stringify(
          url.startsWith('/api/v1/finance/bills') ? { items: [], total: 0, page: 1, pageSize: 25 } : { items: [] },
        ),
        { status: 200 },
      ),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('finance screens', { timeout: 30_000 }, () => {
  it('the component form says in Indonesian what is missing and sends nothing', async () => {
    await renderAs('TEACHERCASHIER', <PaymentComponentsPage />);
    expect(await screen.findByText('Belum ada komponen pembayaran')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tambah komponen' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Kode komponen wajib diisi')).toBeTruthy();
    expect(screen.getByText('Nama komponen wajib diisi')).toBeTruthy();
    expect(screen.getByText('Nominal wajib diisi')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'POST')).toBe(false);
  });

  it('refuses a code with spaces', async () => {
    await renderAs('TEACHERCASHIER', <PaymentComponentsPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Tambah komponen' }));
    fireEvent.change(await screen.findByLabelText('Kode'), { target: { value: 'SPP 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Kode hanya huruf, angka, - dan _')).toBeTruthy();
  });

  it('a reader sees no add button', async () => {
    await renderAs('PRINCIPAL', <PaymentComponentsPage />);
    expect(await screen.findByText('Belum ada komponen pembayaran')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Tambah komponen' })).toBeNull();
  });

  it('the bill list shows its empty state and the generator asks for a component first', async () => {
    await renderAs('TEACHERCASHIER', <BillsPage />);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).startsWith('/api/v1/finance/bills'))).toBe(true),
    );
    expect(await screen.findByText('Tidak ada data yang cocok.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pratinjau' }));
    expect(await screen.findByText('Komponen wajib diisi')).toBeTruthy();
  });

  it('a student with no open bills is told so', async () => {
    await renderAs('STUDENT', <StudentInvoicePage />);
    expect(await screen.findByText('Tidak ada tagihan yang belum lunas')).toBeTruthy();
    expect(screen.getByText('Belum ada invoice')).toBeTruthy();
  });
});

const mapping: ComponentIncomeAccounts = {
  items: [
    {
      componentId: 1,
      code: 'SPP',
      name: 'SPP',
      isActive: true,
      mappedAccountId: null,
      account: { id: 11, code: '4-101', name: 'Pendapatan SPP' },
      source: 'NAME',
    },
    {
      componentId: 2,
      code: 'KITAB',
      name: 'Kitab',
      isActive: true,
      mappedAccountId: 12,
      account: { id: 12, code: '4-109', name: 'Pendapatan Lain-lain' },
      source: 'MAPPED',
    },
  ],
  accounts: [
    { id: 11, code: '4-101', name: 'Pendapatan SPP' },
    { id: 12, code: '4-109', name: 'Pendapatan Lain-lain' },
  ],
};

/** The Select's input (its listbox carries the same label). */
const inputLabelled = async (label: string) =>
  (await screen.findAllByLabelText(label)).find((e) => e.tagName === 'INPUT') as HTMLInputElement;

describe('the income account of each component', { timeout: 30_000 }, () => {
  beforeEach(() => {
    fetchMock = vi.fn((url: string) =>
      Promise.resolve(
        new Response(JSON.stringify(String(url).includes('/component-accounts') ? mapping : { items: [] }), {
          status: 200,
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
  });

  it('a treasurer sees the default rule and maps a component to an account', async () => {
    await renderAs('TEACHERCASHIER', <PaymentComponentsPage />);
    expect(await screen.findByRole('heading', { name: 'Akun pendapatan per komponen' })).toBeTruthy();
    const spp = await inputLabelled('Akun pendapatan SPP');
    expect(spp.placeholder).toBe('Aturan bawaan: 4-101 Pendapatan SPP');
    expect(screen.getByText('Bawaan (nama)')).toBeTruthy();
    expect((await inputLabelled('Akun pendapatan Kitab')).value).toBe('4-109 Pendapatan Lain-lain');
    fireEvent.click(spp);
    const option = await waitFor(() => {
      const list = document.getElementById(spp.getAttribute('aria-controls') ?? '');
      return within(list!).getByRole('option', { name: '4-109 Pendapatan Lain-lain', hidden: true });
    });
    fireEvent.click(option);
    await waitFor(() => {
      const put = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');
      expect(put?.[0]).toContain('/api/v1/finance-payments/component-accounts/1');
      expect(JSON.parse(String((put![1] as RequestInit).body))).toEqual({ accountId: 12 });
    });
  });

  it('a reader sees the accounts without a choice', async () => {
    await renderAs('PRINCIPAL', <PaymentComponentsPage />);
    expect(await screen.findByText('4-101 Pendapatan SPP')).toBeTruthy();
    expect(screen.queryByLabelText('Akun pendapatan SPP')).toBeNull();
    expect(screen.getByText('Dipilih bendahara')).toBeTruthy();
  });
});
