import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import type { AuthUser, Division, Sanction, Violation } from '@mms/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { id } from '../../../i18n/id.ts';
import { registerDisciplineMessages } from '../../../i18n/discipline/index.ts';
import { registerSchoolMessages } from '../../../i18n/school/index.ts';
import { registerPrintMessages } from '../../../i18n/print/index.ts';
import { SESSION_KEY } from '../../../lib/session.ts';
import { mediaQueryList } from '../../../test/media-query.ts';
import { AchievementInputPage } from './achievement-pages.tsx';
import { StudentViolationPage } from './own-pages.tsx';
import { SanctionRecapPage } from './recap-pages.tsx';
import { ViolationRulesPage } from './rules-page.tsx';
import { SanctionLetterPage, SanctionListPage } from './sanction-pages.tsx';
import { ViolationEditPage, ViolationInputPage, ViolationListPage } from './violation-pages.tsx';

const user = (division: Division): AuthUser => ({
  id: 1,
  username: division.toLowerCase(),
  displayName: 'Dewi Lestari',
  division,
  avatarUrl: null,
  employeeId: 9,
  employeeNumber: null,
  studentId: null,
  studentNumber: null,
  unit: { id: 2, code: 'SMP', name: 'SMP Uji' },
});

/** Renders a discipline screen signed in as the division, at `path` matched by `pattern`. */
async function renderAs(division: Division, ui: ReactElement, pattern = '*', path = '/') {
  if (!i18next.isInitialized) {
    await i18next
      .use(initReactI18next)
      .init({ resources: { id: { translation: id } }, lng: 'id', interpolation: { escapeValue: false } });
  }
  registerSchoolMessages();
  registerDisciplineMessages();
  registerPrintMessages();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(SESSION_KEY, user(division));
  const router = createMemoryRouter([{ path: pattern, element: ui }], { initialEntries: [path] });
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

const violation: Violation = {
  id: 5,
  unitId: 2,
  studentId: 11,
  studentName: 'Ahmad Faqih',
  nis: '2526070002',
  className: '7A',
  ruleId: 3,
  ruleCode: 'R01',
  ruleName: 'Terlambat masuk sekolah',
  category: 'RINGAN',
  points: 5,
  occurredOn: '2026-11-16',
  occurredTime: '07:10',
  place: 'Gerbang',
  witness: null,
  notes: null,
  evidence: null,
  status: 'REPORTED',
  reporterName: 'Ustadz Ahmad',
  decidedByName: null,
  decidedAt: null,
  rejectReason: null,
  createdAt: '2026-11-16T00:10:00.000Z',
};

const sanction: Sanction = {
  id: 8,
  unitId: 2,
  studentId: 11,
  studentName: 'Ahmad Faqih',
  nis: '2526070002',
  className: '7A',
  schoolYear: '2026/2027',
  thresholdPoints: 50,
  kind: 'PANGGILAN_1',
  title: 'Surat panggilan orang tua I',
  status: 'PROPOSED',
  balance: 55,
  live: true,
  startDate: null,
  endDate: null,
  supervisorEmployeeId: null,
  supervisorName: null,
  doneDate: null,
  completionNotes: null,
  decisionReason: null,
  decidedByName: null,
  decidedAt: null,
  createdAt: '2026-11-17T03:00:00.000Z',
};

const catalogue = {
  rules: [
    { id: 3, unitId: 2, code: 'R01', name: 'Terlambat masuk sekolah', category: 'RINGAN', points: 5, isActive: true },
  ],
  thresholds: [
    { id: 1, unitId: 2, points: 50, kind: 'PANGGILAN_1', title: 'Surat panggilan orang tua I', isActive: true },
  ],
  settings: { unitId: 2, achievementsOffset: false, pointsByLevel: {} },
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

const own = {
  violations: [{ ...violation, status: 'VERIFIED' }],
  achievements: [],
  ledger: {
    studentId: 11,
    studentName: 'Ahmad Faqih',
    nis: '2526070002',
    className: '7A',
    schoolYear: '2026/2027',
    balance: 0,
    reached: null,
    thresholds: [],
    lines: [
      {
        id: 1,
        date: '2026-11-16',
        source: 'violation',
        points: 5,
        refId: 5,
        note: 'R01',
        createdByName: 'BK',
        createdAt: '2026-11-16T03:00:00.000Z',
        balance: 5,
      },
      {
        id: 2,
        date: '2026-11-17',
        source: 'remission',
        points: -5,
        refId: null,
        note: 'Setelah pembinaan',
        createdByName: 'BK',
        createdAt: '2026-11-17T03:00:00.000Z',
        balance: 0,
      },
    ],
  },
};

const row = { violations: 3, points: 50, sanctions: 1 };
const recap = {
  byClass: [{ classGroupId: 4, className: '7B', ...row }],
  byGrade: [{ gradeName: 'Kelas 7', ...row }],
  byMonth: [{ month: '2026-11', ...row }],
  total: row,
};

let fetchMock: ReturnType<typeof vi.fn>;
const page = (items: unknown[]) => ({ items, total: items.length, page: 1, pageSize: 25 });
beforeEach(() => {
  vi.spyOn(window, 'matchMedia').mockImplementation((media) => mediaQueryList(media, true));
  fetchMock = vi.fn((url: string) => {
    const path = url.replace(/\?.*$/, '');
    const body =
      path === '/api/v1/discipline/violations'
        ? page([violation])
        : path === '/api/v1/discipline/violations/5'
          ? violation
          : path === '/api/v1/discipline/violations/5/verify'
            ? { violation: { ...violation, status: 'VERIFIED' }, balance: 55, proposedSanctionIds: [8] }
            : path === '/api/v1/discipline/sanctions'
              ? page([sanction])
              : path.startsWith('/api/v1/discipline/sanctions/8/')
                ? url.endsWith('/letter')
                  ? {
                      sanction,
                      unitName: 'SMP',
                      parentName: 'Bapak Hasan',
                      address: null,
                      violations: [{ occurredOn: '2026-11-16', ruleName: 'Membolos', points: 20 }],
                    }
                  : { ...sanction, status: 'CONFIRMED' }
                : path === '/api/v1/discipline/rules'
                  ? catalogue
                  : path === '/api/v1/discipline/me'
                    ? own
                    : path === '/api/v1/discipline/recap'
                      ? recap
                      : path === '/api/v1/letterhead'
                        ? letterhead
                        : page([]);
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const calls = (method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => url === path && (init as RequestInit | undefined)?.method === method);

describe('the discipline screens', { timeout: 30_000 }, () => {
  it('refuses an empty report with field errors and sends nothing', async () => {
    await renderAs('BPBK', <ViolationInputPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Siswa wajib diisi')).toBeTruthy();
    expect(screen.getByText('Jenis pelanggaran wajib diisi')).toBeTruthy();
    expect(calls('POST', '/api/v1/discipline/violations')).toHaveLength(0);
  });

  it('changes a waiting report without sending the student again', async () => {
    await renderAs('TEACHER', <ViolationEditPage />, '/edit/:id', '/edit/5');
    const place = await screen.findByRole('textbox', { name: 'Tempat' });
    expect((place as HTMLInputElement).value).toBe('Gerbang');
    fireEvent.change(place, { target: { value: 'Kantin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(calls('PATCH', '/api/v1/discipline/violations/5')).toHaveLength(1));
    const body = JSON.parse(String((calls('PATCH', '/api/v1/discipline/violations/5')[0]![1] as RequestInit).body));
    expect(body).toMatchObject({ ruleId: 3, occurredOn: '2026-11-16', place: 'Kantin' });
    expect(body.studentId).toBeUndefined();
  });

  it('lets BPBK verify a waiting report after confirming', async () => {
    await renderAs('BPBK', <ViolationListPage />);
    const verify = await screen.findByRole('button', { name: /Verifikasi Ahmad Faqih/ });
    fireEvent.click(verify);
    const dialog = await screen.findByRole('dialog', { name: 'Verifikasi' });
    expect(dialog.textContent).toContain('Terlambat masuk sekolah oleh Ahmad Faqih');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verifikasi' }));
    await waitFor(() => expect(calls('POST', '/api/v1/discipline/violations/5/verify')).toHaveLength(1));
  });

  it('shows a teacher no verify button', async () => {
    await renderAs('TEACHER', <ViolationListPage own />);
    expect(await screen.findByText('Terlambat masuk sekolah')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Verifikasi/ })).toBeNull();
  });

  it('lets BPBK confirm a proposed sanction', async () => {
    await renderAs('BPBK', <SanctionListPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Tetapkan Ahmad Faqih/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Tetapkan sanksi' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tetapkan' }));
    await waitFor(() => expect(calls('POST', '/api/v1/discipline/sanctions/8/confirm')).toHaveLength(1));
  });

  it('prints the letter on the letterhead with the student and the violations', async () => {
    await renderAs('BPBK', <SanctionLetterPage />, '/letter/:id', '/letter/8');
    expect((await screen.findByTestId('letter-student')).textContent).toBe('Ahmad Faqih');
    expect((await screen.findByTestId('report-unit')).textContent).toBe('SMP Islam Terpadu Al-Amin');
    expect(screen.getByText('Kepada Yth. Bapak/Ibu Bapak Hasan')).toBeTruthy();
    expect(screen.getByText('Membolos')).toBeTruthy();
  });

  it('lists the thresholds and the rules, and checks a new rule before sending it', async () => {
    await renderAs('BPBK', <ViolationRulesPage />);
    expect(await screen.findByText('Terlambat masuk sekolah')).toBeTruthy();
    expect(screen.getAllByText('Surat panggilan orang tua I').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Tambah jenis pelanggaran' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tambah jenis pelanggaran' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByText('Kode wajib diisi')).toBeTruthy();
    expect(calls('POST', '/api/v1/discipline/rules')).toHaveLength(0);
  });

  it('refuses an empty achievement with field errors and sends nothing', async () => {
    await renderAs('BPBK', <AchievementInputPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Siswa wajib diisi')).toBeTruthy();
    expect(screen.getByText('Nama lomba/kegiatan wajib diisi')).toBeTruthy();
    expect(screen.getByText('Pilih bidang prestasi')).toBeTruthy();
    expect(calls('POST', '/api/v1/discipline/achievements')).toHaveLength(0);
  });

  it('shows the student every line of their point record with the balance after it', async () => {
    await renderAs('STUDENT', <StudentViolationPage />);
    expect(await screen.findByText('Terlambat masuk sekolah')).toBeTruthy();
    expect(screen.getByText('Pemutihan')).toBeTruthy();
    expect(screen.getByText('-5')).toBeTruthy();
    expect(screen.getByTestId('ledger-balance').textContent).toBe('Saldo poin: 0');
  });

  it('prints the recap per class, grade and month with the numbers', async () => {
    await renderAs('PRINCIPAL', <SanctionRecapPage />);
    const byClass = await screen.findByRole('table', { name: 'Per kelas' });
    const cells = within(byClass).getAllByRole('row')[1]!.querySelectorAll('td');
    expect([...cells].map((c) => c.textContent)).toEqual(['7B', '3', '50', '1']);
    expect(screen.getByRole('table', { name: 'Per bulan' }).textContent).toContain('November 2026');
    expect(screen.getByRole('button', { name: 'Cetak' })).toHaveProperty('disabled', false);
  });

  it('prints every row the filters select on the letterhead', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await renderAs('BPBK', <ViolationListPage />);
    await screen.findByText('Terlambat masuk sekolah');
    fireEvent.click(screen.getByRole('button', { name: 'Cetak' }));
    await waitFor(() => expect(print).toHaveBeenCalled());
    expect(
      fetchMock.mock.calls.some(([url]) => String(url).includes('/discipline/violations?page=1&pageSize=200')),
    ).toBe(true);
    const paper = screen.getByTestId('print-list');
    expect(within(paper).getByText('Ahmad Faqih')).toBeTruthy();
    expect(within(paper).getByText('Dilaporkan')).toBeTruthy();
  });
});
