import type { AuthUser, Division } from '@mms/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerPrayerMessages } from '../../../i18n/prayer/index.ts';
import { registerPrintMessages } from '../../../i18n/print/index.ts';
import { letterheadFixture } from '../../../test/fixtures.ts';
import { mediaQueryList } from '../../../test/media-query.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { MyPrayers } from '../components/my-prayers.tsx';
import { PrayerInputPage } from './input-page.tsx';
import { PrayerMiddayPage } from './monitor-pages.tsx';
import { PrayerRecapPage } from './recap-page.tsx';

const user = (division: Division): AuthUser => ({
  id: 1,
  username: division.toLowerCase(),
  displayName: 'Dewi Lestari',
  division,
  avatarUrl: null,
  employeeId: 9,
  employeeNumber: null,
  studentId: division === 'STUDENT' ? 11 : null,
  studentNumber: null,
  unit: { id: 2, code: 'SMP', name: 'SMP Uji' },
});

const renderAs = (division: Division, ui: ReactElement) =>
  renderWithApp(ui, '/', { user: user(division), messages: [registerPrayerMessages, registerPrintMessages] });

const row = (studentId: number, name: string, gender: 'L' | 'P') => ({
  studentId,
  nis: `N${studentId}`,
  name,
  gender,
  status: null,
  reason: null,
  recordedBy: null,
  recordedAt: null,
});
const sheet = {
  classGroupId: 4,
  className: '7A',
  date: '2026-11-18',
  prayer: 'DZUHUR',
  rows: [
    row(11, 'Ahmad Faqih', 'L'),
    {
      ...row(12, 'Siti Aisyah', 'P'),
      status: 'BERJAMAAH',
      recordedBy: 'Ustadz Ali',
      recordedAt: '2026-11-18T05:30:00.000Z',
    },
    row(13, 'Umar Said', 'L'),
  ],
};
const figures = (b: number, t: number, u: number, x: number, rate: number | null) => ({
  counts: { BERJAMAAH: b, TERLAMBAT: t, UDZUR: u, TIDAK_SALAT: x },
  total: b + t + u + x,
  rate,
});
const recap = {
  month: '2026-11',
  students: {
    items: [{ studentId: 13, nis: 'N13', name: 'Umar Said', className: '7A', ...figures(1, 0, 1, 3, 25) }],
    total: 1,
    page: 1,
    pageSize: 25,
  },
  byClass: [{ classGroupId: 4, className: '7A', ...figures(15, 1, 1, 3, 79) }],
  byGrade: [{ gradeId: 2, gradeName: 'Kelas 7', ...figures(15, 1, 1, 3, 79) }],
  total: figures(15, 1, 1, 3, 79),
};
const monitor = {
  date: '2026-11-18',
  prayer: 'DZUHUR',
  schoolDay: true,
  today: [{ classGroupId: 4, className: '7A', students: 20, recorded: 20, rate: 90 }],
  month: [{ classGroupId: 4, className: '7A', ...figures(15, 1, 1, 3, 79) }],
  days: [{ date: '2026-11-18', recorded: 20, rate: 90 }],
  mostAbsent: [{ studentId: 13, name: 'Umar Said', className: '7A', absences: 3 }],
};
let fetchMock: ReturnType<typeof vi.fn>;
let sheetAnswer: { status: number; body: unknown };
beforeEach(() => {
  vi.spyOn(window, 'matchMedia').mockImplementation((media) => mediaQueryList(media, true));
  sheetAnswer = { status: 200, body: sheet };
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const path = url.replace(/\?.*$/, '');
    const [status, body] =
      path === '/api/v1/prayer/classes'
        ? [
            200,
            {
              classes: [
                { id: 4, name: '7A', unitId: 2, own: true },
                { id: 5, name: '7B', unitId: 2, own: false },
              ],
            },
          ]
        : path === '/api/v1/prayer/sheet' && init?.method === 'PUT'
          ? [200, { saved: 3, points: [{ studentId: 13, name: 'Umar Said', points: 5 }] }]
          : path === '/api/v1/prayer/sheet'
            ? [sheetAnswer.status, sheetAnswer.body]
            : path === '/api/v1/prayer/recap'
              ? [200, recap]
              : path === '/api/v1/prayer/rule'
                ? [200, { unitId: 2, threshold: 4, points: 5, isActive: true }]
                : path === '/api/v1/prayer/me'
                  ? [
                      200,
                      {
                        month: '2026-11',
                        records: [{ date: '2026-11-16', prayer: 'DZUHUR', status: 'UDZUR', reason: 'SAKIT' }],
                        counts: figures(0, 0, 1, 0, null).counts,
                        rate: null,
                      },
                    ]
                  : path === '/api/v1/prayer/monitor'
                    ? [200, monitor]
                    : path === '/api/v1/letterhead'
                      ? [200, letterheadFixture]
                      : [404, { error: { code: 'NOT_FOUND', message: 'x' } }];
    return Promise.resolve(new Response(JSON.stringify(body), { status }));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const puts = () =>
  fetchMock.mock.calls.filter(
    ([url, init]) => String(url).startsWith('/api/v1/prayer/sheet') && (init as RequestInit)?.method === 'PUT',
  );

describe('the prayer input', { timeout: 30_000 }, () => {
  it('marks the whole class in congregation, takes the exceptions and saves once', async () => {
    await renderAs('TEACHER', <PrayerInputPage />);
    expect(await screen.findByText('Ahmad Faqih')).toBeTruthy();
    expect(screen.getByText(/Dicatat Ustadz Ali/)).toBeTruthy();
    expect(screen.getByText('2 siswa belum diisi')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Semua berjamaah' }));
    expect(screen.queryByText(/belum diisi/)).toBeNull();
    const umar = screen.getByTestId('prayer-row-13');
    fireEvent.click(within(umar).getByRole('radio', { name: 'Tidak' }));
    const ahmad = screen.getByTestId('prayer-row-11');
    fireEvent.click(within(ahmad).getByRole('radio', { name: 'Udzur' }));
    // a boy is offered no HAID; a girl is
    expect(within(ahmad).queryByRole('radio', { name: 'Haid' })).toBeNull();
    fireEvent.click(within(screen.getByTestId('prayer-row-12')).getByRole('radio', { name: 'Udzur' }));
    // a girl marked udzur is offered HAID, the reason chosen at first
    expect(within(screen.getByTestId('prayer-row-12')).getByRole('radio', { name: 'Haid' })).toHaveProperty(
      'checked',
      true,
    );
    fireEvent.click(within(screen.getByTestId('prayer-row-12')).getByRole('radio', { name: 'Jamaah' }));
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    const body = JSON.parse(String((puts()[0]![1] as RequestInit).body));
    expect(body).toMatchObject({ classGroupId: 4, prayer: 'DZUHUR' });
    expect(body.records).toEqual([
      { studentId: 11, status: 'UDZUR', reason: 'SAKIT' },
      { studentId: 12, status: 'BERJAMAAH', reason: null },
      { studentId: 13, status: 'TIDAK_SALAT', reason: null },
    ]);
    expect(await screen.findByText(/Umar Said mendapat 5 poin/)).toBeTruthy();
  });

  it('shows the server’s message for a non-school day and offers no save', async () => {
    sheetAnswer = { status: 400, body: { error: { code: 'BAD_REQUEST', message: 'Hari Minggu bukan hari sekolah' } } };
    await renderAs('TEACHER', <PrayerInputPage />);
    expect((await screen.findByRole('alert')).textContent).toContain('Hari Minggu bukan hari sekolah');
    expect(screen.queryByRole('button', { name: 'Simpan' })).toBeNull();
  });
});

describe('the recap and the student’s own', { timeout: 30_000 }, () => {
  it('shows the counts per class and student, and the rule to the principal', async () => {
    await renderAs('PRINCIPAL', <PrayerRecapPage />);
    const byClass = await screen.findByRole('table', { name: 'Per kelas' });
    expect(byClass.textContent).toContain('79');
    expect(screen.getByRole('table', { name: 'Per siswa' }).textContent).toContain('Umar Said (7A)');
    expect(await screen.findByRole('button', { name: 'Simpan aturan' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ekspor Excel' })).toHaveProperty('disabled', false);
  });

  it('filters the recap by grade (the recap per grade of the issue)', async () => {
    await renderAs('PRINCIPAL', <PrayerRecapPage />);
    await screen.findByRole('table', { name: 'Per kelas' });
    Element.prototype.scrollIntoView = () => {};
    const input = screen.getByRole('combobox', { name: 'Tingkat' });
    const option = await waitFor(() => {
      if (!screen.queryByRole('listbox')) fireEvent.click(input);
      return screen.getByRole('option', { name: 'Kelas 7', hidden: true });
    });
    fireEvent.click(option);
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url]) => String(url).includes('/prayer/recap') && String(url).includes('gradeId=2'),
        ),
      ).toBe(true),
    );
  });

  it('hides the rule from a teacher', async () => {
    await renderAs('TEACHER', <PrayerRecapPage />);
    await screen.findByRole('table', { name: 'Per kelas' });
    expect(screen.queryByRole('button', { name: 'Simpan aturan' })).toBeNull();
  });

  it('lists the student’s own prayers of the month', async () => {
    await renderAs('STUDENT', <MyPrayers />);
    expect(await screen.findByText('Udzur (Sakit)')).toBeTruthy();
  });
});

describe('the principal’s midday page', { timeout: 30_000 }, () => {
  it('shows today, the month per class, the days and the most absent, with print and Excel', async () => {
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
    await renderAs('PRINCIPAL', <PrayerMiddayPage />);
    expect(await screen.findByRole('heading', { name: 'Salat zuhur' })).toBeTruthy();
    expect((await screen.findByRole('table', { name: 'Hari ini per kelas' })).textContent).toContain('20 / 20');
    expect(screen.getByText('Umar Said')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cetak' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Ekspor Excel (bulan per kelas)' })).toHaveProperty('disabled', false);
  });
});
