import type { AuthUser, BackupOverview, BackupRun } from '@mms/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerBackupsMessages } from '../../../i18n/backups/index.ts';
import { backupsEn } from '../../../i18n/backups/en.ts';
import { mediaQueryList } from '../../../test/media-query.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { BackupsPage, sizeText } from './backups-page.tsx';

const admin: AuthUser = {
  id: 1,
  username: 'admin',
  displayName: 'Administrator',
  division: 'ADMIN',
  avatarUrl: null,
  employeeId: 3,
  employeeNumber: null,
  studentId: null,
  studentNumber: null,
  unit: null,
};

const run = (over: Partial<BackupRun>): BackupRun => ({
  id: 'r1',
  kind: 'now',
  state: 'done',
  phase: 'done',
  percent: 100,
  startedAt: '2026-12-01T22:40:00.000Z',
  finishedAt: '2026-12-01T22:42:00.000Z',
  file: 'mms-backup-20261202-054200.tar.gz',
  error: null,
  by: 'admin',
  ...over,
});

const overviewOf = (over: Partial<BackupOverview> = {}): BackupOverview => ({
  archives: [
    { name: 'mms-backup-20261202-054200.tar.gz', size: 3_355_443, createdAt: '2026-12-01T22:42:00.000Z' },
    { name: 'mms-backup-20261201-013000.tar.gz', size: 900, createdAt: '2026-11-30T18:30:00.000Z' },
  ],
  daily: { at: '01:30', keep: 7, last: run({ kind: 'daily', by: null, finishedAt: '2026-11-30T18:31:00.000Z' }) },
  current: null,
  restoreCommand: 'npm run restore /path/to/mms-backup-YYYYMMDD-HHMMSS.tar.gz',
  ...over,
});

let overview: BackupOverview;
let fetchMock: ReturnType<typeof vi.fn>;
const posts = () => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');

beforeEach(() => {
  overview = overviewOf();
  vi.spyOn(window, 'matchMedia').mockImplementation((media) => mediaQueryList(media, true));
  fetchMock = vi.fn((_url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      const started = run({ state: 'queued', phase: 'queued', percent: 0, finishedAt: null, file: null });
      overview = { ...overview, current: { ...started, state: 'running', phase: 'database', percent: 40 } };
      return Promise.resolve(new Response(JSON.stringify(started), { status: 202 }));
    }
    return Promise.resolve(new Response(JSON.stringify(overview), { status: 200 }));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderPage = () => renderWithApp(<BackupsPage />, '/', { user: admin, messages: [registerBackupsMessages] });

describe('the backup screen', { timeout: 30_000 }, () => {
  it('lists the archives with their Jakarta time and size, each a download, the daily run and the restore command', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { name: 'Cadangan data', level: 1 })).toBeTruthy();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    // 22:42 UTC on 1 December is 05:42 WIB on 2 December
    expect(within(rows[1]!).getByText('02/12/2026 05.42')).toBeTruthy();
    expect(within(rows[1]!).getByText('3,2 MB')).toBeTruthy();
    expect(within(rows[2]!).getByText('900 B')).toBeTruthy();
    const link = within(rows[1]!).getByRole('link', { name: 'Unduh mms-backup-20261202-054200.tar.gz' });
    expect(link.getAttribute('href')).toBe('/api/v1/backups/mms-backup-20261202-054200.tar.gz');
    expect(screen.getByText('Berjalan setiap hari pukul 01:30 WIB, menyimpan 7 arsip terbaru.')).toBeTruthy();
    expect(screen.getByText(/Terakhir berhasil: 01\/12\/2026 01\.31/)).toBeTruthy();
    expect(screen.getByText('npm run restore /path/to/mms-backup-YYYYMMDD-HHMMSS.tar.gz')).toBeTruthy();
    expect(screen.getByText(/Pemulihan tidak dilakukan dari layar ini/)).toBeTruthy();
  });

  it('says so when there is no archive yet, and when the daily backup failed or is off', async () => {
    overview = overviewOf({
      archives: [],
      daily: { at: null, keep: 7, last: run({ kind: 'daily', state: 'failed', error: 'disk full', by: null }) },
    });
    await renderPage();
    expect(await screen.findByText(/Belum ada arsip cadangan/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText(/Cadangan harian tidak aktif/)).toBeTruthy();
    expect(screen.getByText(/Terakhir gagal: .*disk full/)).toBeTruthy();
  });

  it('shows a loading state until the list arrives', async () => {
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    await renderPage();
    expect(screen.getByText('Memuat daftar cadangan…')).toBeTruthy();
    answer(new Response(JSON.stringify(overview), { status: 200 }));
    await screen.findByRole('table');
    expect(screen.queryByText('Memuat daftar cadangan…')).toBeNull();
  });

  it('makes a backup only after a confirmation, then shows its progress', async () => {
    await renderPage();
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Buat cadangan sekarang' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buat cadangan sekarang?' });
    expect(within(dialog).getByText(/7 arsip/)).toBeTruthy();
    expect(posts()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts()).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Buat cadangan sekarang' }));
    const again = await screen.findByRole('dialog', { name: 'Buat cadangan sekarang?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Buat cadangan' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]![0]).toContain('/api/v1/backups');
    expect(await screen.findByText('Pencadangan sedang berjalan: 40%', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText('Membaca basis data…')).toBeTruthy();
    // one at a time: the button waits for the running backup
    expect(screen.getByRole('button', { name: 'Buat cadangan sekarang' })).toHaveProperty('disabled', true);
  });

  it('has every text in English too', async () => {
    expect(sizeText(3_355_443, 'en')).toBe('3.2 MB');
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        typeof v === 'string' ? [prefix + k] : keys(v as object, `${prefix}${k}.`),
      );
    await renderPage();
    await i18next.changeLanguage('en');
    try {
      for (const key of keys(backupsEn)) expect(i18next.exists(key, { lng: 'en' }), key).toBe(true);
      expect(await screen.findByRole('heading', { name: 'Backups', level: 1 })).toBeTruthy();
    } finally {
      await i18next.changeLanguage('id');
    }
  });
});
