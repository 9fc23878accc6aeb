import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import type { AuthUser, BtqProgressGroup, BtqPromotion, BtqSheet } from '@mms/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { id } from '../../../i18n/id.ts';
import { registerBtqProgressMessages } from '../../../i18n/btq-progress/index.ts';
import { SESSION_KEY } from '../../../lib/session.ts';
import { mediaQueryList } from '../../../test/media-query.ts';
import { BtqProgressPage } from './progress-page.tsx';
import { BtqPromotionPage } from './promotion-page.tsx';
import { registerPrintMessages } from '../../../i18n/print/index.ts';

const ustadz: AuthUser = {
  id: 1,
  username: 'teacher',
  displayName: 'Ustadz Ahmad',
  division: 'TEACHER',
  avatarUrl: null,
  employeeId: 9,
  employeeNumber: null,
  studentId: null,
  studentNumber: null,
  unit: { id: 2, code: 'SMP', name: 'SMP Uji' },
};

async function renderPage(ui: ReactElement) {
  if (!i18next.isInitialized) {
    await i18next
      .use(initReactI18next)
      .init({ resources: { id: { translation: id } }, lng: 'id', interpolation: { escapeValue: false } });
  }
  registerBtqProgressMessages();
  registerPrintMessages();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(SESSION_KEY, ustadz);
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

const groups: BtqProgressGroup[] = [
  { id: 4, unitId: 2, name: 'Halaqah Al-Fatih', schoolYear: '2026/2027', teacherName: 'Ustadz Ahmad' },
];
const level = { id: 7, name: 'Jilid 1', methodName: 'Iqro', methodKind: 'READING' as const, pages: 40 };
const lastEntry = {
  id: 50,
  studentId: 11,
  studentName: 'Aisyah',
  groupId: 4,
  date: '2026-11-18',
  levelId: 7,
  levelName: 'Jilid 1',
  kind: 'READING' as const,
  pageFrom: 30,
  pageTo: 36,
  juz: null,
  surah: null,
  ayatFrom: null,
  ayatTo: null,
  score: 85,
  grade: 'JAYYID_JIDDAN' as const,
  note: null,
  teacherName: 'Ustadz Ahmad',
};
const sheet: BtqSheet = {
  group: groups[0]!,
  date: '2026-11-20',
  cutoffs: [],
  rows: [
    {
      studentId: 11,
      nis: '1',
      name: 'Aisyah',
      level,
      suggestedPageFrom: 37,
      lastEntry,
      entries: [],
      canPropose: false,
      openPromotionStatus: null,
    },
    {
      studentId: 12,
      nis: '2',
      name: 'Bagus',
      level,
      suggestedPageFrom: 1,
      lastEntry: null,
      entries: [],
      canPropose: true,
      openPromotionStatus: null,
    },
    {
      studentId: 13,
      nis: '3',
      name: 'Cahya',
      level: { id: 9, name: 'Juz 30', methodName: 'Tahfidz', methodKind: 'TAHFIDZ', pages: null },
      suggestedPageFrom: null,
      lastEntry: null,
      entries: [],
      canPropose: false,
      openPromotionStatus: null,
    },
  ],
};

const promotion = (id: number, studentName: string, status: BtqPromotion['status']): BtqPromotion => ({
  id,
  unitId: 2,
  studentId: 100 + id,
  studentName,
  fromLevel: 'Jilid 1',
  toLevel: 'Jilid 2',
  status,
  proposedBy: 'Ustadz Ahmad',
  proposedAt: '2026-11-18T03:00:00Z',
  testKind: status === 'PROPOSED' ? null : 'MUNAQOSYAH',
  tester: status === 'PROPOSED' ? null : 'Ustadzah Fatimah',
  testResult: status === 'PROPOSED' ? null : 'LULUS',
  testScore: status === 'PROPOSED' ? null : 88,
  testNote: null,
  decidedAt: null,
  decisionNote: null,
});
const promotions: BtqPromotion[] = [
  promotion(1, 'Aisyah', 'TESTED'),
  ...Array.from({ length: 25 }, (_, i) => promotion(10 + i, `Santri ${String(i + 1).padStart(2, '0')}`, 'APPROVED')),
];
let canDecide = false;

let fetchMock: ReturnType<typeof vi.fn>;
let saveReply: { status: number; body: unknown };
beforeEach(() => {
  saveReply = { status: 200, body: { saved: 2 } };
  vi.spyOn(window, 'matchMedia').mockImplementation((media) => mediaQueryList(media, true));
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const path = url.replace(/\?.*$/, '');
    if (path === '/api/v1/btq-progress/promotions') {
      return Promise.resolve(new Response(JSON.stringify({ items: promotions, canDecide }), { status: 200 }));
    }
    if (path === '/api/v1/letterhead') return Promise.resolve(new Response('{}', { status: 404 }));
    if (path === '/api/v1/btq-progress/entries' && init?.method === 'POST') {
      return Promise.resolve(new Response(JSON.stringify(saveReply.body), { status: saveReply.status }));
    }
    const body =
      path === '/api/v1/btq-progress/groups' ? groups : path === '/api/v1/btq-progress/sheet' ? sheet : { ok: true };
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const posts = () =>
  fetchMock.mock.calls.filter(
    ([url, init]) => url === '/api/v1/btq-progress/entries' && (init as RequestInit | undefined)?.method === 'POST',
  );

describe('the group entry form', { timeout: 30_000 }, () => {
  it('shows the whole group, pre-fills the next page, grades at once and saves only the filled rows', async () => {
    await renderPage(<BtqProgressPage />);
    const aisyah = await screen.findByRole('region', { name: 'Aisyah' });
    const from = within(aisyah).getByRole('textbox', { name: 'Hal. dari — Aisyah' }) as HTMLInputElement;
    expect(from.value).toBe('37');
    expect(aisyah.textContent).toContain('dari 40 halaman');
    fireEvent.change(within(aisyah).getByRole('textbox', { name: 'Hal. sampai — Aisyah' }), {
      target: { value: '40' },
    });
    fireEvent.change(within(aisyah).getByRole('textbox', { name: 'Nilai — Aisyah' }), { target: { value: '92' } });
    expect(await within(aisyah).findByText('Mumtaz')).toBeTruthy();
    const cahya = screen.getByRole('region', { name: 'Cahya' });
    fireEvent.change(within(cahya).getByRole('textbox', { name: 'Surah — Cahya' }), { target: { value: '78' } });
    fireEvent.change(within(cahya).getByRole('textbox', { name: 'Ayat dari — Cahya' }), { target: { value: '1' } });
    fireEvent.change(within(cahya).getByRole('textbox', { name: 'Ayat sampai — Cahya' }), { target: { value: '10' } });
    // Bagus stays empty and is not sent; he may be proposed
    expect(
      within(screen.getByRole('region', { name: 'Bagus' })).getByRole('button', { name: 'Ajukan kenaikan' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Simpan semua' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    const body = JSON.parse(String((posts()[0]![1] as RequestInit).body));
    expect(body.groupId).toBe(4);
    expect(body.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.entries).toEqual([
      { studentId: 11, kind: 'READING', score: 92, note: null, pageFrom: 37, pageTo: 40 },
      { studentId: 13, kind: 'ZIYADAH', score: null, note: null, juz: null, surah: 78, ayatFrom: 1, ayatTo: 10 },
    ]);
  });

  it("shows the server's message on the row it belongs to", async () => {
    saveReply = {
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Halaman melebihi jumlah halaman jilid ini (40)',
          fields: { 'entries.0.pageTo': 'Halaman melebihi jumlah halaman jilid ini (40)' },
        },
      },
    };
    await renderPage(<BtqProgressPage />);
    const aisyah = await screen.findByRole('region', { name: 'Aisyah' });
    fireEvent.change(within(aisyah).getByRole('textbox', { name: 'Hal. sampai — Aisyah' }), {
      target: { value: '41' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan semua' }));
    expect(await within(aisyah).findByRole('alert')).toBeTruthy();
    expect(within(aisyah).getByRole('alert').textContent).toContain('melebihi');
  });
});

describe('the promotion list', { timeout: 30_000 }, () => {
  it('offers the decision to the coordinator only, pages the decided ones, searches, exports and prints', async () => {
    canDecide = false;
    await renderPage(<BtqPromotionPage />);
    const waiting = await screen.findByRole('table', { name: 'Menunggu keputusan' });
    expect(within(waiting).getByText('Aisyah')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Setujui Aisyah' })).toBeNull();
    const decided = screen.getByRole('table', { name: 'Sudah diputuskan' });
    expect(within(decided).getAllByRole('row')).toHaveLength(21); // header + 20 of 25
    fireEvent.click(screen.getByRole('button', { name: /halaman 2|page 2|^2$/i }));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Sudah diputuskan' })).getAllByRole('row')).toHaveLength(6),
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Cari siswa atau jilid' }), {
      target: { value: 'santri 07' },
    });
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Sudah diputuskan' })).getAllByRole('row')).toHaveLength(2),
    );
    expect(screen.getByRole('button', { name: 'Ekspor Excel' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Cetak' })).toHaveProperty('disabled', false);
  });

  it('shows approve and reject to the coordinator', async () => {
    canDecide = true;
    await renderPage(<BtqPromotionPage />);
    expect(await screen.findByRole('button', { name: 'Setujui Aisyah' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tolak Aisyah' })).toHaveProperty('disabled', false);
  });
});
