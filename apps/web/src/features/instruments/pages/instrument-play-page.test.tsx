import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InstrumentProfileBody, MyInstruments, PlayAttempt } from '@mms/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInstruments, stubFetch, type Call } from '../instruments.test-helper.tsx';
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

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
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
    await renderInstruments(<InstrumentPlayPage kind="interest-exploration" />);
    expect(await screen.findByRole('heading', { name: 'Tes Eksplorasi minat' })).toBeTruthy();
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
  });

  it('says when no test is open for the class', async () => {
    stubFetch({ '/instruments/my?kind': { windows: [], results: [] } });
    await renderInstruments(<InstrumentPlayPage kind="life-values" />);
    expect(await screen.findByText('Tidak ada tes yang sedang dibuka untuk kelasmu.')).toBeTruthy();
  });
});
