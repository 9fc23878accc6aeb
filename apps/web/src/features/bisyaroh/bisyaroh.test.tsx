import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { BisyarohMonth, BisyarohSlip } from '@mms/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { id } from '../../i18n/id.ts';
import { registerBisyarohMessages } from '../../i18n/bisyaroh/index.ts';
import { mediaQueryList } from '../../test/media-query.ts';
import { renderWithApp } from '../../test/render.tsx';
import { LoanForm } from './components/loan-form.tsx';
import { RateForm } from './components/rate-form.tsx';
import { MyBisyarohPage } from './pages/my-page.tsx';
import { ProcessPage } from './pages/process-page.tsx';

vi.mock('../../lib/session.ts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useCurrentUser: () => ({
    id: 5,
    username: 'kepsek',
    displayName: 'Kepala Sekolah',
    division: 'PRINCIPAL',
    unit: { id: 1, code: 'SMP', name: 'SMP' },
  }),
}));

const line = (id: number, kind: string, label: string, quantity: number, rate: number, amount: number) =>
  ({ id, kind, label, quantity, rate, amount, reason: null }) as BisyarohSlip['lines'][number];
const lines = [
  line(1, 'JP', 'Mengajar (JP dengan jurnal)', 5, 30_000, 150_000),
  line(2, 'LOAN', 'Angsuran Koperasi', 1, 200_000, -200_000),
  line(3, 'ALLOWANCE', 'Wali kelas', 1, 465_000, 465_000),
];
const month: BisyarohMonth = {
  id: 3,
  unitId: 1,
  unitName: 'SMP',
  month: '2026-10',
  status: 'OPEN',
  computedAt: '2026-11-01T01:00:00.000Z',
  lockedAt: null,
  paidAt: null,
  voucherId: null,
  voucherNumber: null,
  employees: 1,
  total: 415_000,
  slips: [
    { id: 11, employeeId: 7, employeeName: 'Ustadz Ahmad', nip: '1985', position: 'Guru', total: 415_000, lines },
  ],
};
const slip: BisyarohSlip = {
  id: 11,
  monthId: 3,
  month: '2026-10',
  status: 'LOCKED',
  unitId: 1,
  unitName: 'SMP',
  employeeId: 7,
  employeeName: 'Ustadz Ahmad',
  nip: '1985',
  position: 'Guru',
  lines,
  total: 415_000,
  paidAt: null,
};

const missingJournal = {
  timetableSlotId: 4,
  date: '2026-10-07',
  period: 3,
  employeeId: 7,
  employeeName: 'Ustadz Ahmad',
  className: '7A',
  subjectName: 'Fiqih',
  approved: false,
  reason: null,
};

let fetchMock: ReturnType<typeof vi.fn>;
const respond = (url: string, init?: RequestInit): unknown => {
  if (url.startsWith('/api/v1/bisyaroh/months/find')) return { month };
  if (url.includes('/missing-journals')) return { items: [missingJournal] };
  if (url.startsWith('/api/v1/bisyaroh/my-slips/11')) return slip;
  if (url.startsWith('/api/v1/bisyaroh/my-slips'))
    return { items: [{ id: 11, month: '2026-10', unitName: 'SMP', total: 415_000, paidAt: null }] };
  if (url.startsWith('/api/v1/bisyaroh/employees')) return { items: [] };
  if (init?.method === 'POST') return month;
  return { items: [] };
};
beforeEach(async () => {
  if (!i18next.isInitialized) {
    await i18next
      .use(initReactI18next)
      .init({ resources: { id: { translation: id } }, lng: 'id', interpolation: { escapeValue: false } });
  }
  vi.spyOn(window, 'matchMedia').mockImplementation((media) => mediaQueryList(media, true));
  fetchMock = vi.fn((url: string, init?: RequestInit) =>
    Promise.resolve(new Response(JSON.stringify(respond(url, init)), { status: 200 })),
  );
  vi.stubGlobal('fetch', fetchMock);
  registerBisyarohMessages();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const posts = () => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');

describe('the process screen', { timeout: 30_000 }, () => {
  it("shows the month total, opens an employee's lines and locks only after confirmation", async () => {
    await renderWithApp(<ProcessPage />);
    expect(await screen.findByRole('heading', { name: 'Proses Bisyaroh' })).toBeTruthy();
    expect((await screen.findByTestId('month-total')).textContent).toContain('Rp 415.000');
    // a lesson without a journal is dated 07/10/2026, never 2026-10-07 (issue 39)
    const missing = await screen.findByRole('table', { name: 'Pelajaran tanpa jurnal' });
    expect(missing.textContent).toContain('07/10/2026');
    expect(missing.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    fireEvent.click(screen.getByRole('button', { name: 'Rincian Ustadz Ahmad' }));
    expect(await screen.findByText('Angsuran Koperasi')).toBeTruthy();
    expect(screen.getByText('-Rp 200.000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Kunci bulan' }));
    expect(posts()).toEqual([]);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('tidak dapat diubah lagi');
    fireEvent.click(screen.getAllByRole('button', { name: 'Kunci bulan' }).at(-1)!);
    await waitFor(() => expect(posts().map(([u]) => u)).toEqual(['/api/v1/bisyaroh/months/3/lock']));
  });
});

describe('Bisyaroh saya', { timeout: 30_000 }, () => {
  it('lists my locked slips and opens one for printing with the total in words', async () => {
    await renderWithApp(<MyBisyarohPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Slip Oktober 2026' }));
    expect(await screen.findByText(/Empat ratus lima belas ribu rupiah/)).toBeTruthy();
    expect(screen.getByTestId('slip-total').textContent).toBe('Rp 415.000');
  });
});

describe('the rate form', { timeout: 30_000 }, () => {
  it('sends a position rate in whole rupiah', async () => {
    const onDone = vi.fn();
    await renderWithApp(<RateForm unitId={1} month="2026-11" onDone={onDone} />);
    fireEvent.change(await screen.findByRole('textbox', { name: /Jabatan/ }), { target: { value: 'Guru' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Per JP/ }), { target: { value: '25.000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = posts()[0]!;
    expect(url).toBe('/api/v1/bisyaroh/rates');
    expect(JSON.parse((init as RequestInit).body as string)).toMatchObject({
      unitId: 1,
      position: 'Guru',
      employeeId: null,
      validFrom: '2026-11',
      perJp: 25_000,
      allowances: [],
    });
  });
});

describe('the loan form', { timeout: 30_000 }, () => {
  it('checks the loan with the contract before sending it', async () => {
    const onDone = vi.fn();
    await renderWithApp(<LoanForm unitId={1} month="2026-11" onDone={onDone} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Simpan' }));
    await waitFor(() =>
      expect([...document.querySelectorAll('.mantine-InputWrapper-error')].map((e) => e.textContent)).toEqual([
        'Pegawai wajib diisi',
        'Nama pinjaman wajib diisi',
        'Jumlah harus lebih dari 0',
        'Jumlah harus lebih dari 0',
      ]),
    );
    expect(posts()).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
  });
});
