import { screen, waitFor } from '@testing-library/react';
import type { Bill, Book, InvoiceSummary, MyPayments, Payment } from '@mms/shared';
import type { z } from 'zod';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerFinanceBooksMessages } from '../../i18n/finance-books/index.ts';
import { registerFinancePaymentsMessages } from '../../i18n/finance-payments/index.ts';
import { registerFinanceMessages } from '../../i18n/finance/index.ts';
import { registerListMessages } from '../../i18n/list/index.ts';
import { mediaQueryList } from '../../test/media-query.ts';
import { initTestI18n, renderWithApp } from '../../test/render.tsx';
import { BooksPage } from '../finance-books/pages/books-page.tsx';
import { StudentPaymentPage } from '../finance-payments/pages/student-payment-page.tsx';
import { BillsPage } from './pages/bills-page.tsx';
import { StudentInvoicePage } from './pages/invoice-pages.tsx';

// issue 39 finding 3: finance screens showed `2026-09-10` and "2026-07"; dates read 10/09/2026 or 10 September 2026
// and periods Juli 2026 (July 2026), in both languages
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

const bill: Bill = {
  id: 1,
  studentId: 7,
  studentName: 'Murid Satu',
  nis: 'P1001',
  className: '7A',
  componentId: 1,
  componentName: 'SPP',
  period: '2026-07',
  instalment: 1,
  amount: 300000,
  discount: 0,
  paid: 0,
  outstanding: 300000,
  dueDate: '2026-09-10',
  status: 'UNPAID',
  cancelReason: null,
};
const invoice: z.infer<typeof InvoiceSummary> = {
  id: 3,
  number: 'INV/SMP/2026/09/0001',
  studentId: 7,
  studentName: 'Murid Satu',
  nis: 'P1001',
  className: '7A',
  unitId: 1,
  unitName: 'SMP',
  dueDate: '2026-09-10',
  createdAt: '2026-09-01T22:42:00.000Z',
  total: 300000,
};
const payment = {
  id: 2,
  unitId: 1,
  number: 'KWT/SMP/2026/09/0001',
  date: '2026-09-10',
  student: { id: 7, name: 'Murid Satu', nis: 'P1001', className: '7A' },
  method: 'CASH',
  amount: 300000,
  creditAdded: 0,
  creditUsed: 0,
  payerName: null,
  note: null,
  cashierName: 'Bendahara',
  voucherNumbers: [],
  status: 'POSTED',
  reversalReason: null,
  reversalRequestedBy: null,
  reversalRequestedById: null,
  reversalApprovedBy: null,
  reversedAt: null,
  allocations: [],
  createdAt: '2026-09-09T22:42:00.000Z',
} as unknown as Payment;
const { studentId: _s, studentName: _n, nis: _i, className: _c, cancelReason: _r, ...openBill } = bill;
const mine: MyPayments = { payments: [payment], bills: [openBill], credit: 0, charges: [] };
const book: Book = {
  unitId: 1,
  kind: 'CASH',
  month: '2026-09',
  opening: 0,
  lines: [
    {
      voucherId: 1,
      date: '2026-09-10',
      number: 'BKM/2026/09/0001',
      type: 'BKM',
      moneyAccount: 'Kas',
      account: 'Pendapatan SPP',
      description: 'SPP Juli',
      debit: 300000,
      credit: 0,
      balance: 300000,
    },
  ],
  days: [{ date: '2026-09-10', debit: 300000, credit: 0, balance: 300000 }],
  debit: 300000,
  credit: 0,
  closing: 300000,
  closed: false,
};

const letterhead = {
  kind: 'UNIT',
  foundationName: 'Yayasan',
  name: 'SMP',
  npsn: null,
  address: null,
  phone: null,
  email: null,
  logoUrl: null,
  signature: { place: 'Bogor', date: '2026-09-10', role: 'HEADMASTER', name: null, nip: null },
};

const reply = (url: string): unknown => {
  if (url.includes('/letterhead')) return letterhead;
  if (url.includes('/finance/me/bills')) return { items: [bill] };
  if (url.includes('/finance/me/invoices')) return { items: [invoice] };
  if (url.includes('/finance-payments/me')) return mine;
  if (url.includes('/finance-books/books')) return book;
  if (url.includes('/finance/bills')) return { items: [bill], total: 1, page: 1, pageSize: 20 };
  if (url.includes('/finance/components')) return { items: [] };
  return { items: [], total: 0, page: 1, pageSize: 20 };
};

const ISO = /\d{4}-\d{2}(-\d{2})?/;
const text = () => document.body.textContent ?? '';
const labels = () => [...document.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label')).join(' ');

beforeEach(async () => {
  await initTestI18n();
  vi.spyOn(window, 'matchMedia').mockImplementation((media) => mediaQueryList(media, true));
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => Promise.resolve(new Response(JSON.stringify(reply(String(url))), { status: 200 }))),
  );
  registerFinanceMessages();
  registerFinancePaymentsMessages();
  registerFinanceBooksMessages();
  registerListMessages();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18next.changeLanguage('id');
});

describe('finance dates and periods as a person reads them', { timeout: 60_000 }, () => {
  it('Tagihan saya: the bill’s period as a month, the due dates as dates, in both languages', async () => {
    const view = await renderWithApp(<StudentInvoicePage />);
    await screen.findByText('INV/SMP/2026/09/0001');
    await waitFor(() => expect(text()).toContain('Juli 2026'));
    expect(text()).toContain('10 September 2026');
    expect(text().replace('INV/SMP/2026/09/0001', '')).not.toMatch(ISO);
    view.unmount();
    await i18next.changeLanguage('en');
    await renderWithApp(<StudentInvoicePage />);
    await screen.findByText('INV/SMP/2026/09/0001');
    await waitFor(() => expect(text()).toContain('July 2026'));
    expect(text().replace('INV/SMP/2026/09/0001', '')).not.toMatch(ISO);
  });

  it('the student’s payments: the payment’s date and the bill’s period', async () => {
    await renderWithApp(<StudentPaymentPage />);
    await screen.findByText('KWT/SMP/2026/09/0001');
    expect(text()).toContain('10/09/2026');
    expect(text()).toContain('Juli 2026');
    expect(labels()).toContain('SPP Juli 2026');
    expect(text().replace('KWT/SMP/2026/09/0001', '')).not.toMatch(ISO);
    expect(labels()).not.toMatch(ISO);
  });

  it('Buku kas: each line’s and each day’s date', async () => {
    await renderWithApp(<BooksPage />);
    await screen.findByText('BKM/2026/09/0001');
    expect(text()).toContain('10/09/2026');
    expect(text().replace('BKM/2026/09/0001', '')).not.toMatch(ISO);
  });

  it('Tagihan siswa: the period as a month and the due date as a date', async () => {
    await renderWithApp(<BillsPage />);
    await screen.findAllByText('Murid Satu');
    expect(text()).toContain('Juli 2026');
    expect(text()).toContain('10/09/2026');
    expect(text()).not.toMatch(ISO);
    expect(labels()).not.toMatch(ISO);
  });
});
