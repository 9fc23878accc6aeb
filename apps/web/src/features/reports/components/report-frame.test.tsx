import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { id } from '../../../i18n/id.ts';
import { registerReportMessages } from '../../../i18n/reports/index.ts';
import { registerPrintMessages } from '../../../i18n/print/index.ts';
import type { Letterhead } from '@mms/shared';
import { renderWithApp } from '../../../test/render.tsx';
import { printedAt, ReportFrame, type ReportData } from './report-frame.tsx';

const ready: ReportData = { isPending: false, isError: false, error: null };

beforeAll(async () => {
  if (!i18next.isInitialized)
    await i18next.use(initReactI18next).init({
      resources: { id: { translation: id } },
      lng: 'id',
      interpolation: { escapeValue: false },
    });
  registerReportMessages();
  registerPrintMessages();
});

const SMP: Letterhead = {
  kind: 'UNIT',
  foundationName: 'Yayasan Pendidikan Islam Al-Amin',
  name: 'SMP Islam Terpadu Al-Amin',
  npsn: '20235678',
  address: 'Jl. Pesantren No. 17, Bogor',
  phone: '(021) 8765-4322',
  email: 'smp@al-amin.sch.id',
  logoUrl: '/api/v1/files/logos/0123456789abcdef0123456789abcdef',
  signature: {
    place: 'Bogor',
    date: '2026-11-25',
    role: 'HEADMASTER',
    name: 'Drs. H. Muhammad Yusuf, M.Pd.',
    nip: '197204101998031004',
  },
};
const FOUNDATION: Letterhead = {
  ...SMP,
  kind: 'FOUNDATION',
  name: 'Yayasan Pendidikan Islam Al-Amin',
  npsn: null,
  logoUrl: null,
  signature: { place: 'Bogor', date: '2026-11-25', role: 'CHAIR', name: 'KH. Abdullah Mansur', nip: null },
};
const asked: string[] = [];

beforeEach(() => {
  asked.length = 0;
  // the server's letterhead answer (the server's own tests check how it is made)
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    asked.push(url);
    const body = url.includes('/letterhead')
      ? url.includes('unitId=2')
        ? SMP
        : FOUNDATION
      : { items: [{ id: 2, code: 'SMP', name: 'SMP Islam Terpadu Al-Amin' }], total: 1, page: 1, pageSize: 200 };
    return new Response(JSON.stringify(body), { status: 200 });
  });
});
afterEach(() => vi.restoreAllMocks());

const frame = (props: Partial<Parameters<typeof ReportFrame>[0]> = {}) => (
  <ReportFrame
    title="Laporan Daftar Siswa"
    unitId={2}
    onUnitChange={() => {}}
    unitClearable={false}
    data={ready}
    isEmpty={false}
    {...props}
  >
    <p>isi laporan</p>
  </ReportFrame>
);

describe('ReportFrame', () => {
  it("heads the report with the unit's letterhead and title, signs it, and prints with window.print", async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await renderWithApp(frame());
    expect(screen.getByRole('heading', { name: 'Laporan Daftar Siswa' })).toBeTruthy();
    expect(await screen.findByTestId('report-unit')).toHaveProperty('textContent', 'SMP Islam Terpadu Al-Amin');
    expect(asked.some((u) => u.includes('/api/v1/letterhead?unitId=2'))).toBe(true);
    const head = screen.getByTestId('letterhead');
    expect(head.textContent).toContain('Yayasan Pendidikan Islam Al-Amin');
    expect(screen.getByTestId('letterhead-npsn').textContent).toBe('NPSN 20235678');
    expect(head.textContent).toContain('Jl. Pesantren No. 17, Bogor');
    expect(head.textContent).toContain('Telp. (021) 8765-4322 · Email smp@al-amin.sch.id');
    expect(screen.getByRole('img', { name: 'Logo SMP Islam Terpadu Al-Amin' }).getAttribute('src')).toBe(SMP.logoUrl);
    expect(head.textContent).not.toContain('MMS');
    const signature = screen.getByTestId('signature');
    expect(signature.textContent).toContain('Bogor, 25 November 2026');
    expect(signature.textContent).toContain('Kepala Sekolah');
    expect(screen.getByTestId('signature-name').textContent).toBe('Drs. H. Muhammad Yusuf, M.Pd.');
    expect(screen.getByTestId('signature-nip').textContent).toBe('NIP. 197204101998031004');
    expect(screen.getByText('isi laporan')).toBeTruthy();
    expect(screen.getByTestId('report-printed-at').textContent).toMatch(/^Dicetak .+, pukul \d\d:\d\d WIB$/);
    fireEvent.click(screen.getByRole('button', { name: 'Cetak' }));
    expect(print).toHaveBeenCalledOnce();
    // without an export there is no Excel button
    expect(screen.queryByRole('button', { name: 'Ekspor Excel' })).toBeNull();
  });

  it("heads a report about every unit with the foundation's letterhead and chair, and runs the export", async () => {
    const onExport = vi.fn(async () => {});
    await renderWithApp(frame({ unitId: null, onExport }));
    expect((await screen.findByTestId('report-unit')).textContent).toBe('Yayasan Pendidikan Islam Al-Amin');
    expect(screen.queryByTestId('letterhead-npsn')).toBeNull();
    expect(screen.getByTestId('signature').textContent).toContain('Ketua Yayasan');
    expect(screen.getByTestId('signature-name').textContent).toBe('KH. Abdullah Mansur');
    expect(screen.queryByTestId('signature-nip')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Ekspor Excel' }));
    await waitFor(() => expect(onExport).toHaveBeenCalledOnce());
  });

  it('shows a skeleton while loading, "Tidak ada data" when empty, the error when the call failed', async () => {
    const view = await renderWithApp(frame({ data: { isPending: true, isError: false, error: null } }));
    expect(screen.getByTestId('list-skeleton')).toBeTruthy();
    expect(screen.queryByText('isi laporan')).toBeNull();
    view.unmount();

    const empty = await renderWithApp(frame({ isEmpty: true }));
    expect(screen.getByText('Tidak ada data')).toBeTruthy();
    // nothing to sign under an empty report
    await screen.findByTestId('letterhead');
    expect(screen.queryByTestId('signature')).toBeNull();
    empty.unmount();

    await renderWithApp(frame({ data: { isPending: false, isError: true, error: new Error('x') } }));
    expect(screen.getByText('Laporan gagal dimuat.')).toBeTruthy();
    expect(screen.queryByText('isi laporan')).toBeNull();
  });
});

describe('printedAt', () => {
  it("gives the date and time on the school's clock (WIB, UTC+7), whatever the device's zone", () => {
    const moment = new Date('2026-11-22T18:30:00Z'); // 01:30 on the 23rd in Jakarta
    expect(printedAt(moment, 'id')).toEqual({ date: 'Senin, 23 November 2026', time: '01:30' });
    expect(printedAt(moment, 'en')).toEqual({ date: 'Monday, 23 November 2026', time: '01:30' });
  });
});
