import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ArrearsReport, CollectionsReport, DailyCashReport } from '@mms/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { id } from '../../i18n/id.ts';
import { registerFinanceReportsMessages } from '../../i18n/finance-reports/index.ts';
import { mediaQueryList } from '../../test/media-query.ts';
import { renderWithApp } from '../../test/render.tsx';
import { FinanceReportPage } from './pages/report-page.tsx';

vi.mock('../../lib/session.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useCurrentUser: () => ({
    id: 7,
    username: 'kepsek',
    displayName: 'Kepala Sekolah',
    division: 'PRINCIPAL',
    unit: { id: 1, code: 'SMP', name: 'SMP' },
  }),
}));

const ages = { d0_30: 350_000, d31_60: 425_000, d61_90: 350_000, d90: 700_000, total: 1_825_000 };
const arrears: ArrearsReport = {
  asOf: '2026-11-18',
  classes: [{ classGroupId: 11, className: '7A', unitCode: 'SMP', bills: 6, students: 2, ...ages }],
  students: [],
  totals: { bills: 6, students: 2, ...ages },
};
const drilled: ArrearsReport = {
  ...arrears,
  students: [
    {
      studentId: 3,
      nis: 'A1',
      name: 'Siswa 01',
      className: '7A',
      bills: 5,
      oldestDueDate: '2026-07-10',
      d0_30: 350_000,
      d31_60: 350_000,
      d61_90: 350_000,
      d90: 700_000,
      total: 1_750_000,
    },
  ],
};
const amounts = { bills: 5, billed: 1_750_000, discount: 175_000, paid: 450_000, outstanding: 1_125_000, rate: 28 };
const collections: CollectionsReport = {
  fromMonth: '2026-11',
  toMonth: '2026-11',
  byComponent: [{ id: 1, label: 'SPP SPP', ...amounts }],
  byClass: [{ id: 11, label: 'SMP 7A', ...amounts }],
  totals: amounts,
};
const cash: DailyCashReport = {
  date: '2026-11-18',
  accounts: [
    {
      moneyAccountId: 1,
      code: '1-101',
      name: 'Kas',
      kind: 'CASH',
      unitCode: 'SMP',
      opening: 800_000,
      in: 500_000,
      out: 100_000,
      closing: 1_200_000,
    },
  ],
  makers: [{ makerName: 'Bendahara', vouchers: 2, in: 500_000, out: 100_000 }],
  lines: [
    {
      voucherId: 4,
      number: 'BKM/2026/11/0004',
      type: 'BKM',
      moneyAccount: '1-101 Kas',
      account: '4-101 Pendapatan SPP',
      description: 'SPP November',
      makerName: 'Bendahara',
      in: 500_000,
      out: 0,
    },
  ],
  totals: { opening: 800_000, in: 500_000, out: 100_000, closing: 1_200_000 },
};

const letterhead = {
  kind: 'UNIT',
  foundationName: 'Yayasan Al-Amin',
  name: 'SMP Islam Terpadu Al-Amin',
  npsn: null,
  address: null,
  phone: null,
  email: null,
  logoUrl: null,
  signature: { place: 'Bogor', date: '2026-11-18', role: 'HEADMASTER', name: 'Drs. H. Muhammad Yusuf', nip: null },
};

let fetchMock: ReturnType<typeof vi.fn>;
const urls = () => fetchMock.mock.calls.map(([u]) => String(u));
beforeEach(async () => {
  if (!i18next.isInitialized) {
    await i18next
      .use(initReactI18next)
      .init({ resources: { id: { translation: id } }, lng: 'id', interpolation: { escapeValue: false } });
  }
  vi.spyOn(window, 'matchMedia').mockImplementation((media) => mediaQueryList(media, true));
  fetchMock = vi.fn((url: string) => {
    const body = url.startsWith('/api/v1/finance-reports/arrears')
      ? url.includes('classGroupId=11')
        ? drilled
        : arrears
      : url.startsWith('/api/v1/finance-reports/collections')
        ? collections
        : url.startsWith('/api/v1/finance-reports/daily-cash')
          ? cash
          : url.startsWith('/api/v1/letterhead')
            ? letterhead
            : { items: [] };
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  });
  vi.stubGlobal('fetch', fetchMock);
  registerFinanceReportsMessages();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the finance report', { timeout: 30_000 }, () => {
  it('shows the arrears per class and age of the unit, drills down to the students, and exports', async () => {
    await renderWithApp(<FinanceReportPage />);
    expect(screen.getByRole('heading', { name: 'Laporan Tunggakan dan Penerimaan' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Tunggakan per kelas' });
    const row = within(table).getByRole('button', { name: 'Rincian siswa kelas 7A' }).closest('tr')!;
    expect(within(row).getByText('Rp 700.000')).toBeTruthy();
    expect(within(row).getByText('Rp 1.825.000')).toBeTruthy();
    expect(urls().some((u) => u.startsWith('/api/v1/finance-reports/arrears?unitId=1&asOf='))).toBe(true);
    const excel = screen.getByRole('link', { name: 'Ekspor Excel' });
    expect(excel.getAttribute('href')).toMatch(/^\/api\/v1\/finance-reports\/arrears\/export\?unitId=1&asOf=/);

    fireEvent.click(within(table).getByRole('button', { name: 'Rincian siswa kelas 7A' }));
    const students = await screen.findByRole('table', { name: 'Tunggakan per siswa' });
    expect(within(students).getByText('Siswa 01')).toBeTruthy();
    expect(within(students).getByText('Rp 1.750.000')).toBeTruthy();
    // the oldest due date as a date, never 2026-07-10 (issue 39 finding 3)
    expect(within(students).getByText('10/07/2026')).toBeTruthy();
    expect(students.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(screen.getByRole('link', { name: 'Ekspor Excel' }).getAttribute('href')).toContain('classGroupId=11');
  });

  it('shows the collections with the rate, and the day’s cash with opening and closing', async () => {
    await renderWithApp(<FinanceReportPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Penerimaan' }));
    const byComponent = await screen.findByRole('table', { name: 'Per komponen' });
    expect(within(byComponent).getAllByText('28%')).toHaveLength(2);
    expect(within(byComponent).getAllByText('Rp 1.125.000')).toHaveLength(2);
    await waitFor(() => expect(urls().some((u) => u.includes('/collections?unitId=1&fromMonth='))).toBe(true));

    fireEvent.click(screen.getByRole('tab', { name: 'Kas harian' }));
    const accounts = await screen.findByRole('table', { name: 'Saldo per akun kas/bank' });
    expect(within(accounts).getAllByText('Rp 1.200.000')).toHaveLength(2);
    expect(within(accounts).getAllByText('Rp 800.000')).toHaveLength(2);
    expect(screen.getByRole('table', { name: 'Per kasir' })).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Rincian bukti' })).getByText('BKM/2026/11/0004')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ekspor Excel' }).getAttribute('href')).toMatch(
      /daily-cash\/export\?unitId=1&date=/,
    );
  });

  it('shows the empty state when nothing is overdue', async () => {
    const none = { ...arrears, classes: [], totals: { ...arrears.totals, bills: 0, students: 0, total: 0 } };
    fetchMock.mockImplementation((url: string) =>
      Promise.resolve(
        new Response(
          JSON.stringify(url.includes('/arrears') ? none : url.includes('/letterhead') ? letterhead : { items: [] }),
          { status: 200 },
        ),
      ),
    );
    await renderWithApp(<FinanceReportPage />);
    expect(await screen.findByText('Tidak ada data untuk pilihan ini.')).toBeTruthy();
  });
});
