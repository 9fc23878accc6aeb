import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { MyRapors, RaporBoard } from '@mms/shared';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerListMessages } from '../../i18n/list/index.ts';
import { registerPrintMessages } from '../../i18n/print/index.ts';
import { initTestI18n, renderWithApp } from '../../test/render.tsx';
import { mediaQueryList } from '../../test/media-query.ts';
import { PAPER_LETTERHEAD } from '../../test/printed-paper.ts';
import { authUser } from '../../test/fixtures.ts';
import { registerRaporMessages } from './i18n.ts';
import { registerRaporFlowMessages } from './workflow-i18n.ts';
import { MyRaporPage } from './pages/my-rapor-page.tsx';
import { RaporBoardPage } from './pages/rapor-board-page.tsx';

function serve(routes: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const body = routes[String(url).replace(/\?.*$/, '')];
      return Promise.resolve(
        body === undefined
          ? new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Tidak ditemukan' } }), { status: 404 })
          : new Response(JSON.stringify(body), { status: 200 }),
      );
    }),
  );
}

const board: RaporBoard = {
  classGroup: { id: 3, name: '7A' },
  semester: 'GANJIL',
  status: 'DRAFT',
  lockedAt: null,
  lockedBy: null,
  publishedAt: null,
  publishedBy: null,
  complete: false,
  can: { note: false, lock: true, remind: true },
  subjects: [
    {
      subjectId: 1,
      name: 'Matematika',
      teacher: { employeeId: 9, name: 'Bu Sari' },
      submittedAt: null,
      submittedBy: null,
      missingScore: [{ id: 7, name: 'Ahmad Fauzi' }],
      missingDescription: [],
      mine: false,
    },
  ],
  students: [{ id: 7, nis: '7001', name: 'Ahmad Fauzi', note: 'Rajin', akhlak: null, seenAt: null }],
  reopens: [],
};

const homeroom = authUser({ division: 'TEACHER' });

beforeEach(async () => {
  await initTestI18n();
  vi.spyOn(window, 'matchMedia').mockImplementation((media) => mediaQueryList(media, true));
  registerRaporMessages();
  registerRaporFlowMessages();
  registerPrintMessages();
  registerListMessages();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18next.changeLanguage('id');
});

describe('the rapor workflow screens', { timeout: 30_000 }, () => {
  it('shows the board: what is missing, a reminder, and the lock held back while incomplete', async () => {
    serve({ '/api/v1/rapor/classes': { items: [{ id: 3, name: '7A' }] }, '/api/v1/rapor/classes/3/board': board });
    await renderWithApp(<RaporBoardPage />, '/', { user: homeroom });
    expect(await screen.findByText('1: Ahmad Fauzi')).toBeTruthy();
    expect(screen.getByText('Belum diserahkan')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ingatkan' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Kunci rapor' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Rajin')).toBeTruthy();
  });

  it('prints the board on the letterhead and exports it through the board’s Excel route', async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    serve({
      '/api/v1/rapor/classes': { items: [{ id: 3, name: '7A' }] },
      '/api/v1/rapor/classes/3/board': board,
      '/api/v1/rapor/classes/3/board/export': {},
      '/api/v1/letterhead': PAPER_LETTERHEAD,
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await renderWithApp(<RaporBoardPage />, '/', { user: homeroom });
    expect(await screen.findByRole('heading', { name: 'Kelengkapan Rapor Kelas 7A Semester Ganjil' })).toBeTruthy();
    expect(await screen.findByTestId('letterhead')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cetak' }));
    expect(print).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Ekspor Excel' }));
    await waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.map(([u]) => String(u))).toContain(
        '/api/v1/rapor/classes/3/board/export?semester=GANJIL',
      ),
    );
  });

  it('saves the note on akhlak beside the homeroom note, in one request', async () => {
    serve({
      '/api/v1/rapor/classes': { items: [{ id: 3, name: '7A' }] },
      '/api/v1/rapor/classes/3/board': { ...board, can: { ...board.can, note: true } },
      '/api/v1/rapor/classes/3/notes/7': { ok: true },
    });
    await renderWithApp(<RaporBoardPage />, '/', { user: homeroom });
    const akhlak = await screen.findByRole('textbox', { name: 'Catatan akhlak' });
    fireEvent.change(akhlak, { target: { value: 'Santun kepada guru.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => {
      const put = vi.mocked(fetch).mock.calls.find(([u]) => String(u) === '/api/v1/rapor/classes/3/notes/7');
      expect(put).toBeTruthy();
      expect(JSON.parse(String((put![1] as RequestInit).body))).toEqual({
        semester: 'GANJIL',
        text: 'Rajin',
        akhlak: 'Santun kepada guru.',
      });
    });
  });

  it('lists the student’s published rapors with the seen mark', async () => {
    const mine: MyRapors = {
      items: [
        { classGroupId: 3, className: '7A', semester: 'GANJIL', publishedAt: '2026-12-19T03:00:00.000Z', seenAt: null },
      ],
    };
    serve({ '/api/v1/rapor/mine': mine });
    await renderWithApp(<MyRaporPage />);
    expect(await screen.findByText('Belum dilihat')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unduh PDF' })).toBeTruthy();
  });
});
