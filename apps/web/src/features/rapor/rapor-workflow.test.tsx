import { screen } from '@testing-library/react';
import type { MyRapors, RaporBoard } from '@mms/shared';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n, renderWithApp } from '../../test/render.tsx';
import { mediaQueryList } from '../../test/media-query.ts';
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
  students: [{ id: 7, nis: '7001', name: 'Ahmad Fauzi', note: 'Rajin', seenAt: null }],
  reopens: [],
};

beforeEach(async () => {
  await initTestI18n();
  vi.spyOn(window, 'matchMedia').mockImplementation((media) => mediaQueryList(media, true));
  registerRaporMessages();
  registerRaporFlowMessages();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18next.changeLanguage('id');
});

describe('the rapor workflow screens', { timeout: 30_000 }, () => {
  it('shows the board: what is missing, a reminder, and the lock held back while incomplete', async () => {
    serve({ '/api/v1/rapor/classes': { items: [{ id: 3, name: '7A' }] }, '/api/v1/rapor/classes/3/board': board });
    await renderWithApp(<RaporBoardPage />);
    expect(await screen.findByText('1: Ahmad Fauzi')).toBeTruthy();
    expect(screen.getByText('Belum diserahkan')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ingatkan' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Kunci rapor' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Rajin')).toBeTruthy();
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
