import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { id } from '../../../i18n/id.ts';
import { registerReportMessages } from '../../../i18n/reports/index.ts';
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
});

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    async () =>
      new Response(
        JSON.stringify({
          items: [{ id: 2, code: 'SMP', name: 'SMP Islam Terpadu Al-Amin' }],
          total: 1,
          page: 1,
          pageSize: 200,
        }),
        { status: 200 },
      ),
  );
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
  it("heads the report with the unit's name and title, and prints with window.print", async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await renderWithApp(frame());
    expect(screen.getByRole('heading', { name: 'Laporan Daftar Siswa' })).toBeTruthy();
    expect(await screen.findByText('SMP Islam Terpadu Al-Amin')).toBeTruthy();
    expect(screen.getByText('isi laporan')).toBeTruthy();
    expect(screen.getByTestId('report-printed-at').textContent).toMatch(/^Dicetak .+, pukul \d\d:\d\d WIB$/);
    fireEvent.click(screen.getByRole('button', { name: 'Cetak' }));
    expect(print).toHaveBeenCalledOnce();
    // without an export there is no Excel button
    expect(screen.queryByRole('button', { name: 'Ekspor Excel' })).toBeNull();
  });

  it('names the whole foundation when no unit is chosen, and runs the export', async () => {
    const onExport = vi.fn(async () => {});
    await renderWithApp(frame({ unitId: null, onExport }));
    expect(screen.getByTestId('report-unit').textContent).toBe('Seluruh unit Yayasan');
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
