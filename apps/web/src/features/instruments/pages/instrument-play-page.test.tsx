import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  AuthUser,
  InstrumentPreview,
  InstrumentProfileBody,
  InstrumentSummary,
  MyInstruments,
  PlayAttempt,
} from '@mms/shared';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInstruments, stubFetch, type Call } from '../instruments.test-helper.tsx';
import type { RouteHandle } from '../../../lib/route-handle.ts';
import { instrumentRoutes } from '../routes.ts';
import { InstrumentPlayPage } from './instrument-play-page.tsx';

const PROFILE: InstrumentProfileBody = {
  scales: [
    {
      code: 'R',
      name: 'Realistik',
      raw: 9,
      max: 10,
      score: 90,
      band: { label: 'Tinggi', interpretation: 'Minat kuat' },
    },
    { code: 'I', name: 'Investigatif', raw: 2, max: 5, score: 40, band: null },
  ],
  top: ['R', 'I'],
};

const WINDOW = {
  windowId: 3,
  instrumentName: 'Eksplorasi Minat (RIASEC)',
  description: 'Mengenali minat',
  opensOn: '2026-07-13',
  closesOn: '2027-06-30',
  itemCount: 3,
  answered: 1,
};

const ATTEMPT: PlayAttempt = {
  attemptId: 40,
  instrumentName: 'Eksplorasi Minat (RIASEC)',
  instructions: 'Pilih yang paling sesuai',
  closesOn: '2027-06-30',
  items: [
    { id: 1, number: 1, text: 'Saya senang memperbaiki sepeda.', type: 'LIKERT5', options: [] },
    { id: 2, number: 2, text: 'Saya suka percobaan sains.', type: 'YES_NO', options: [] },
    { id: 3, number: 3, text: 'Yang paling saya sukai', type: 'CHOICE', options: ['Membaca', 'Menggambar'] },
  ],
  answers: [{ itemId: 1, value: 4 }],
};

const person = (division: AuthUser['division'], fields: Partial<AuthUser> = {}): AuthUser => ({
  id: 9,
  username: division.toLowerCase(),
  displayName: division,
  division,
  avatarUrl: null,
  employeeId: null,
  employeeNumber: null,
  studentId: null,
  studentNumber: null,
  unit: { id: 1, code: 'SMP', name: 'SMP' },
  ...fields,
});
const student = person('STUDENT', { studentId: 5, studentNumber: '2026001' });
const counsellor = person('BPBK', { employeeId: 3 });

const SUMMARY: InstrumentSummary = {
  id: 7,
  unitId: 1,
  unitName: 'SMP',
  kind: 'interest-exploration',
  name: 'Eksplorasi Minat (RIASEC)',
  description: '',
  instructions: 'Pilih yang paling sesuai',
  source: 'MMS',
  licence: 'bebas',
  version: 2,
  itemCount: 2,
  updatedAt: '2026-11-18T03:00:00.000Z',
};
const PREVIEW: InstrumentPreview = {
  instrumentName: 'Eksplorasi Minat (RIASEC)',
  instructions: 'Pilih yang paling sesuai',
  items: [
    { id: 1, number: 1, text: 'Saya senang memperbaiki sepeda.', type: 'LIKERT5', options: [] },
    { id: 2, number: 2, text: 'Saya suka percobaan sains.', type: 'YES_NO', options: [] },
  ],
};
const forbidden = () =>
  new Response(JSON.stringify({ error: { code: 'FORBIDDEN', message: 'Akses ditolak' } }), { status: 403 });

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18next.changeLanguage('id');
});

describe('the instrument play screen', { timeout: 30_000 }, () => {
  it('resumes at the first unanswered item, saves each answer, submits, and shows the profile with its numbers', async () => {
    let submitted = false;
    const mine = (): MyInstruments =>
      submitted
        ? {
            windows: [{ ...WINDOW, status: 'SUBMITTED', answered: 0 }],
            results: [
              {
                attemptId: 40,
                instrumentName: WINDOW.instrumentName,
                academicYearName: '2026/2027',
                className: '7A',
                submittedAt: '2026-11-18T03:00:00.000Z',
                profile: PROFILE,
              },
            ],
          }
        : { windows: [{ ...WINDOW, status: 'IN_PROGRESS' }], results: [] };
    const calls = stubFetch({
      '/instruments/my?kind': mine,
      'POST /instruments/my/windows/3/attempt': ATTEMPT,
      'PUT /instruments/my/attempts/40/answers': (c: Call) => ({
        answered: (c.body as { itemId: number }).itemId,
        total: 3,
      }),
      'POST /instruments/my/attempts/40/submit': () => {
        submitted = true;
        return PROFILE;
      },
    });
    await renderInstruments(<InstrumentPlayPage kind="interest-exploration" />, { user: student });
    expect(await screen.findByRole('heading', { name: 'Tes Eksplorasi minat' })).toBeTruthy();
    // the student plays: no preview, nothing of the counsellor's routes
    expect(screen.queryByText('Pratinjau: jawaban tidak disimpan')).toBeNull();
    expect(await screen.findByText('Belum ada hasil.')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Lanjutkan (1/3 terjawab)' }));

    // item 1 was answered before leaving: the player opens at item 2
    expect(await screen.findByText('Butir 2 dari 3')).toBeTruthy();
    expect(screen.getByText(/Saya suka percobaan sains/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Ya' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ itemId: 2, value: 1 }]),
    );
    expect(await screen.findByText(/Jawaban tersimpan/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Berikutnya' }));
    // the last item: submit stays off until it is answered
    const finish = screen.getByRole('button', { name: 'Kirim jawaban' });
    expect((finish as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Masih ada 1 butir yang belum dijawab.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Menggambar' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1]!.body).toEqual({ itemId: 3, value: 1 });

    // back to item 1: its saved answer is shown
    fireEvent.click(screen.getByRole('button', { name: 'Sebelumnya' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sebelumnya' }));
    expect((screen.getByRole('radio', { name: '4 – Sesuai' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Berikutnya' }));
    fireEvent.click(screen.getByRole('button', { name: 'Berikutnya' }));

    fireEvent.click(screen.getByRole('button', { name: 'Kirim jawaban' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kirim jawaban?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kirim jawaban' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/attempts/40/submit'))).toBe(true));

    expect(await screen.findByRole('heading', { name: 'Profil hasilmu' })).toBeTruthy();
    const profiles = await screen.findAllByTestId('instrument-profile');
    const first = profiles[0]!;
    expect(within(first).getByText('Skala teratas: Realistik, Investigatif')).toBeTruthy();
    expect(within(first).getByText('90%')).toBeTruthy();
    expect(within(first).getByText('Tinggi')).toBeTruthy();
    expect(await screen.findByText('Sudah dikerjakan')).toBeTruthy();
    expect(screen.getByText('Eksplorasi Minat (RIASEC) · 2026/2027 · kelas 7A')).toBeTruthy();
    expect(calls.filter((c) => !c.url.includes('/instruments/my'))).toEqual([]);
  });

  it('says when no test is open for the class', async () => {
    stubFetch({ '/instruments/my?kind': { windows: [], results: [] } });
    await renderInstruments(<InstrumentPlayPage kind="life-values" />, { user: student });
    expect(await screen.findByText('Tidak ada tes yang sedang dibuka untuk kelasmu.')).toBeTruthy();
  });
});

describe('the play screen opened by the counsellor: a preview (issue 39 finding 14)', { timeout: 30_000 }, () => {
  it('shows the instrument read-only under a banner, saving and submitting nothing', async () => {
    const calls = stubFetch({
      '/instruments/7/preview': PREVIEW,
      '/instruments?kind=interest-exploration': { items: [SUMMARY] },
    });
    const view = await renderInstruments(<InstrumentPlayPage kind="interest-exploration" />, { user: counsellor });
    expect(await screen.findByRole('heading', { name: 'Tes Eksplorasi minat' })).toBeTruthy();
    const banner = screen.getByTestId('instrument-preview-banner');
    expect(within(banner).getByText('Pratinjau: jawaban tidak disimpan')).toBeTruthy();
    expect(await screen.findByText(/Saya senang memperbaiki sepeda/)).toBeTruthy();
    expect(screen.getByText('Butir 1 dari 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '5 – Sangat sesuai' }));
    expect(screen.getByText(/1 dari 2 terjawab/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Berikutnya' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Ya' }));
    // the last item, every item answered: still no submit, only closing the preview
    expect(screen.queryByRole('button', { name: 'Kirim jawaban' })).toBeNull();
    expect(screen.queryByText(/Jawaban tersimpan/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Tutup pratinjau' }));
    await waitFor(() =>
      expect(view.router.state.location.pathname).toBe('/backend/mms/bpbk/interest-exploration-input'),
    );
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    expect(calls.some((c) => c.url.includes('/instruments/my'))).toBe(false);
  });

  it('says so in English too', async () => {
    stubFetch({ '/instruments/7/preview': PREVIEW, '/instruments?kind': { items: [SUMMARY] } });
    await renderInstruments(<InstrumentPlayPage kind="interest-exploration" />, { user: counsellor });
    await i18next.changeLanguage('en');
    expect(await screen.findByText('Preview: answers are not saved')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Close the preview' })).toBeTruthy();
  });

  it('previews the instrument the address names, among every unit’s for one who sees them all', async () => {
    const other = { ...SUMMARY, id: 8, unitId: 2, unitName: 'SMA', name: 'RIASEC SMA' };
    const calls = stubFetch({
      '/instruments/8/preview': { ...PREVIEW, instrumentName: 'RIASEC SMA' },
      '/instruments?kind': { items: [SUMMARY, other] },
    });
    await renderInstruments(<InstrumentPlayPage kind="interest-exploration" />, {
      user: person('ADMIN', { unit: null }),
      path: '/?instrument=8',
    });
    expect(await screen.findByRole('heading', { name: 'RIASEC SMA' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Instrumen yang dipratinjau' }) as HTMLInputElement).value).toBe(
      'SMA · RIASEC SMA',
    );
    expect(calls.some((c) => c.url.includes('/instruments/7/preview'))).toBe(false);
  });

  it('answers 403 where the server refuses the preview (the principal, another unit’s counsellor)', async () => {
    const calls = stubFetch({ '/instruments/7/preview': forbidden, '/instruments?kind': { items: [SUMMARY] } });
    await renderInstruments(<InstrumentPlayPage kind="interest-exploration" />, { user: person('PRINCIPAL') });
    expect(await screen.findByTestId('error-403')).toBeTruthy();
    expect(screen.queryByText('Pratinjau: jawaban tidak disimpan')).toBeNull();
    expect(screen.queryByText(/Saya senang memperbaiki sepeda/)).toBeNull();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('lets the play screens past the route guard (the page decides), the input screens not', () => {
    const handles = instrumentRoutes.map((r) => r.handle as RouteHandle);
    expect(handles.filter((h) => h.name!.endsWith('-play')).map((h) => h.permission)).toEqual(Array(6).fill(undefined));
    expect(handles.filter((h) => h.name!.endsWith('-input')).map((h) => h.permission)).toEqual(
      Array(6).fill('counselling.manage'),
    );
  });

  it('answers 403 to whom the server refuses even the list (a teacher)', async () => {
    stubFetch({ '/instruments?kind': forbidden });
    await renderInstruments(<InstrumentPlayPage kind="interest-exploration" />, { user: person('TEACHER') });
    expect(await screen.findByTestId('error-403')).toBeTruthy();
  });
});
