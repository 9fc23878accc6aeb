import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOARD, LIST, renderControl, stubControlFetch } from '../control.test-helper.tsx';
import { ControlScorePage } from './score-page.tsx';

const download = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('../../../components/data-list/export-xlsx.ts', async (original) => ({
  ...(await original<object>()),
  downloadClientXlsx: download,
}));

afterEach(() => {
  vi.unstubAllGlobals();
  download.mockClear();
});

const PATH = '/?kind=SUMMATIVE&assessment=5';

describe('the exam control scores', { timeout: 30_000 }, () => {
  it('shows each grade in Indonesian, passed or not against the pass mark, and who submitted', async () => {
    stubControlFetch({ '/exam/control?kind': LIST, '/exam/control/5': BOARD });
    await renderControl(<ControlScorePage />, PATH);
    expect(await screen.findByRole('heading', { name: 'Kontrol ujian: nilai' })).toBeTruthy();
    const table = await screen.findByTestId('score-table');
    const ahmad = within(table).getByTestId('score-3');
    expect(within(ahmad).getByTestId('score-grade').textContent).toBe('87,5');
    expect(within(ahmad).getByText('Tuntas')).toBeTruthy();
    expect(within(ahmad).getByText('Pengawas')).toBeTruthy();
    // a link to the attempt's detail
    expect(within(ahmad).getByRole('link', { name: 'Ahmad Fauzi' }).getAttribute('href')).toBe(
      '/backend/mms/tutor/summative-control-detail?kind=SUMMATIVE&assessment=5&attempt=103',
    );
    const dewi = within(table).getByTestId('score-4');
    expect(within(dewi).getByTestId('score-grade').textContent).toBe('–');
    expect(screen.getByText(/KKM 75/)).toBeTruthy();
  });

  it('exports the rows with labels, not codes', async () => {
    stubControlFetch({ '/exam/control?kind': LIST, '/exam/control/5': BOARD });
    await renderControl(<ControlScorePage />, PATH);
    await screen.findByTestId('score-table');
    fireEvent.click(screen.getByRole('button', { name: 'Ekspor Excel' }));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    const [heading, columns, rows] = download.mock.calls[0] as unknown as [
      { title: string },
      { title: string; value: (r: unknown) => unknown }[],
      unknown[],
    ];
    expect(heading.title).toContain('PAS Matematika');
    expect(columns.map((c) => c.title)).toEqual([
      'NIS',
      'Nama',
      'Kelas',
      'Status',
      'Nilai',
      'Uraian belum dinilai',
      'Ketuntasan',
      'Dikumpulkan oleh',
      'Waktu kumpul',
    ]);
    const table = rows.map((r) => columns.map((c) => c.value(r)));
    expect(table[2]).toEqual(['2026003', 'Ahmad Fauzi', '7B', 'Selesai', 87.5, 0, 'Tuntas', 'Pengawas', '09:30:00']);
    expect(table[3]).toEqual(['2026004', 'Dewi Lestari', '7B', 'Belum mulai', null, 0, '–', '', '']);
  });
});
