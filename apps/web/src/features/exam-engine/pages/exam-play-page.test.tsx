import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import type { ExamListItem, ExamPaper } from '@mms/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { mathLoaded, mathRequested } from '../../../lib/rich-content.tsx';
import { renderExamEngine } from '../render-exam-engine.test-helper.tsx';
import { ExamPlay, resetJournalForTests } from './exam-play-page.tsx';

const item: ExamListItem = {
  assessmentId: 7,
  kind: 'SUMMATIVE',
  title: 'PAS Matematika',
  subjectName: 'Matematika',
  opensAt: '2026-11-23T01:00:00.000Z',
  closesAt: '2026-11-23T03:00:00.000Z',
  durationMinutes: 90,
  questionCount: 6,
  tokenRequired: true,
  isSample: false,
  status: 'OPEN',
  attemptId: null,
  attemptsUsed: 0,
  attemptsAllowed: 1,
  grade: null,
};

const part = (id: string, text: string) => ({ id, text: `<p>${text}</p>` });

function paperOf(over: Partial<ExamPaper['attempt']> = {}, rest: Partial<ExamPaper> = {}): ExamPaper {
  return {
    attempt: {
      id: 31,
      assessmentId: 7,
      attemptNo: 1,
      kind: 'SUMMATIVE',
      title: 'PAS Matematika',
      subjectName: 'Matematika',
      instructions: null,
      status: 'IN_PROGRESS',
      startedAt: '2026-11-23T01:05:00.000Z',
      deadlineAt: '2026-11-23T02:35:00.000Z',
      submittedAt: null,
      secondsLeft: 600,
      serverNow: '2026-11-23T02:25:00.000Z',
      maxSeq: 4,
      showScore: true,
      grade: null,
      ...over,
    },
    questions: [
      {
        questionId: 101,
        number: 1,
        type: 'SINGLE',
        points: 2,
        stem: '<p>1 + 1 = ?</p>',
        parts: [part('a', 'Dua'), part('b', 'Tiga')],
        choices: [],
      },
      {
        questionId: 102,
        number: 2,
        type: 'MULTIPLE',
        points: 2,
        stem: '<p>Bilangan prima?</p>',
        parts: [part('a', 'Dua'), part('b', 'Empat')],
        choices: [],
      },
      {
        questionId: 103,
        number: 3,
        type: 'TRUE_FALSE',
        points: 2,
        stem: '<p>Benar atau salah</p>',
        parts: [part('s1', '2 genap'), part('s2', '3 genap')],
        choices: [],
      },
      {
        questionId: 104,
        number: 4,
        type: 'MATCHING',
        points: 2,
        stem: '<p>Jodohkan</p>',
        parts: [part('l1', 'Kucing')],
        choices: [part('c1', 'Mengeong'), part('c2', 'Menggonggong')],
      },
      { questionId: 105, number: 5, type: 'SHORT', points: 2, stem: '<p>Ibu kota?</p>', parts: [], choices: [] },
      { questionId: 106, number: 6, type: 'ESSAY', points: 2, stem: '<p>Jelaskan</p>', parts: [], choices: [] },
    ],
    answers: [],
    notices: [],
    ...rest,
  };
}

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
type FetchCall = [url: string, init?: RequestInit];
let fetchMock: Mock<(...call: FetchCall) => Promise<Response>>;
let routes: Record<string, Handler>;

/** The stub server: `METHOD path` → handler; saves are acknowledged unless a test says otherwise. */
function serve(extra: Record<string, Handler> = {}) {
  routes = {
    'GET /api/v1/exam/mine': () => json({ items: [item], serverNow: '2026-11-23T02:00:00.000Z' }),
    'POST /api/v1/exam/assessments/7/start': () => json(paperOf()),
    'GET /api/v1/exam/attempts/31': () => json(paperOf()),
    'POST /api/v1/exam/attempts/31/saves': (_url, init) => {
      const body = JSON.parse(String(init.body)) as { saves: { questionId: number; clientSeq: number }[] };
      return json({
        acks: body.saves.map((s) => ({ questionId: s.questionId, clientSeq: s.clientSeq })),
        secondsLeft: 590,
        status: 'IN_PROGRESS',
      });
    },
    'POST /api/v1/exam/attempts/31/submit': () =>
      json({ status: 'SUBMITTED', submittedAt: '2026-11-23T02:30:00.000Z', grade: 80 }),
    ...extra,
  };
}

const calls = (key: string) =>
  fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${url.split('?')[0]}` === key);
const bodyOf = (call: FetchCall) => JSON.parse(String(call[1]?.body)) as Record<string, unknown>;

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetJournalForTests();
  localStorage.clear();
  serve();
  fetchMock = vi.fn((url: string, init: RequestInit = {}) => {
    const handler = routes[`${init.method ?? 'GET'} ${url.split('?')[0]}`];
    return Promise.resolve(
      handler ? handler(url, init) : json({ error: { code: 'NOT_FOUND', message: 'Tidak ada' } }, 404),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderPlay = () => renderExamEngine(<ExamPlay kind="SUMMATIVE" assessmentId={7} />);

/** Starts with the token and waits for the first question. */
async function startWithToken() {
  await renderPlay();
  fireEvent.change(await screen.findByLabelText(/Token/), { target: { value: 'abc123' } });
  fireEvent.click(screen.getByRole('button', { name: 'Mulai' }));
  await screen.findByText('1 + 1 = ?');
}

describe('the exam play screen', { timeout: 30_000 }, () => {
  it('tells the student where the token comes from: the proctor, from the control screen (issue 39 finding 17)', async () => {
    await renderPlay();
    const field = await screen.findByLabelText(/Token/);
    const hint = document.getElementById(field.getAttribute('aria-describedby')!.split(' ')[0]!)!;
    expect(hint.textContent).toContain('pengawas');
    expect(hint.textContent).toContain('layar kontrol ujian');
    expect(hint.textContent).toContain('papan tulis');
  });

  it('starts with the token, shows the paper and journals then sends an answer after maxSeq', async () => {
    await renderPlay();
    expect((await screen.findByText(/Tata tertib/)).textContent).toBe('Tata tertib');
    expect(screen.getByText(/90 menit/).textContent).toBe('90 menit');
    fireEvent.click(screen.getByRole('button', { name: 'Mulai' }));
    // the token is checked in the browser first
    expect(await screen.findByText('Token wajib diisi')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Token/), { target: { value: 'ab-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mulai' }));
    expect(await screen.findByText('Token hanya huruf dan angka, paling banyak 20')).toBeTruthy();
    expect(calls('POST /api/v1/exam/assessments/7/start')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText(/Token/), { target: { value: 'abc123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mulai' }));
    await screen.findByText('1 + 1 = ?');
    const start = calls('POST /api/v1/exam/assessments/7/start')[0]!;
    expect(bodyOf(start)).toMatchObject({ token: 'ABC123' });
    expect(String(bodyOf(start).deviceId)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(screen.getByTestId('exam-countdown').textContent).toContain('10:00');
    fireEvent.click(screen.getByRole('radio', { name: 'Dua' }));
    await waitFor(() => expect(calls('POST /api/v1/exam/attempts/31/saves')).toHaveLength(1));
    const save = bodyOf(calls('POST /api/v1/exam/attempts/31/saves')[0]!);
    expect(save.saves).toEqual([
      { questionId: 101, clientSeq: 5, response: { type: 'SINGLE', optionId: 'a' }, flagged: false },
    ]);
    await waitFor(() => expect(screen.getByTestId('exam-sync-status').textContent).toBe('Tersimpan'));
    expect(screen.getByRole('button', { name: 'Soal 1: Sudah dijawab' })).toHaveProperty('disabled', false);
    // every ack corrects the countdown with the server's seconds left
    await waitFor(() => expect(screen.getByTestId('exam-countdown').textContent).toContain('09:50'));
  });

  it('renders every question type with a named control', async () => {
    await startWithToken();
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Berikutnya' }));
    expect(await screen.findByText('Bilangan prima?')).toBeTruthy();
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: /^Soal 3/ }));
    expect(await screen.findByText('Benar atau salah')).toBeTruthy();
    const first = screen.getByRole('radiogroup', { name: 'Pernyataan 1' });
    expect(within(first).getByRole('radio', { name: 'Benar' })).toHaveProperty('checked', false);
    expect(within(first).getByRole('radio', { name: 'Salah' })).toHaveProperty('checked', false);
    fireEvent.click(screen.getByRole('button', { name: /^Soal 4/ }));
    const select = await screen.findByRole('combobox', { name: 'Pilih pasangan 1' });
    expect(within(select).getByRole('option', { name: 'Mengeong' })).toBeTruthy();
    fireEvent.change(select, { target: { value: 'c1' } });
    await waitFor(() =>
      expect(
        calls('POST /api/v1/exam/attempts/31/saves').some((c) =>
          JSON.stringify(bodyOf(c)).includes('"pairs":{"l1":"c1"}'),
        ),
      ).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: /^Soal 5/ }));
    const short = await screen.findByRole('textbox', { name: 'Jawaban Anda' });
    expect(short.tagName).toBe('INPUT');
    fireEvent.change(short, { target: { value: 'Jakarta' } });
    fireEvent.blur(short);
    await waitFor(() =>
      expect(
        calls('POST /api/v1/exam/attempts/31/saves').some((c) => JSON.stringify(bodyOf(c)).includes('Jakarta')),
      ).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: /^Soal 6/ }));
    expect((await screen.findByRole('textbox', { name: 'Jawaban Anda' })).tagName).toBe('TEXTAREA');
  });

  it('says offline and how many answers wait when saves cannot be sent', async () => {
    await startWithToken();
    routes['POST /api/v1/exam/attempts/31/saves'] = () => {
      throw new TypeError('Failed to fetch');
    };
    fetchMock.mockImplementation((url: string, init: RequestInit = {}) => {
      const handler = routes[`${init.method ?? 'GET'} ${url.split('?')[0]}`];
      try {
        return Promise.resolve(handler!(url, init));
      } catch (e) {
        return Promise.reject(e);
      }
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Tiga' }));
    await waitFor(() =>
      expect(screen.getByTestId('exam-sync-status').textContent).toBe('Offline — 1 jawaban menunggu dikirim'),
    );
    expect(screen.getByTestId('exam-sync-status').getAttribute('aria-live')).toBe('polite');
    expect(screen.getByRole('button', { name: 'Unduh file jawaban' })).toHaveProperty('disabled', false);
  });

  it("counts down from the server's seconds on the monotonic clock and locks the paper at zero", async () => {
    serve({ 'POST /api/v1/exam/assessments/7/start': () => json(paperOf({ secondsLeft: 65 })) });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    await startWithToken();
    expect(screen.getByTestId('exam-countdown').textContent).toContain('01:05');
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.getByTestId('exam-countdown').textContent).toContain('01:00');
    // a changed device clock does not matter: only performance.now() counts
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByTestId('exam-countdown').textContent).toContain('00:59');
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByTestId('exam-countdown').textContent).toContain('00:00');
    expect(await screen.findByText('Waktu habis')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Dua' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Kumpulkan' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks for the proctor PIN when another device holds the attempt, then takes over with it', async () => {
    let tries = 0;
    serve({
      'POST /api/v1/exam/assessments/7/start': (_url, init) => {
        tries++;
        const body = JSON.parse(String(init.body)) as { pin?: string };
        if (body.pin === '123456') return json(paperOf());
        const message = body.pin ? 'PIN salah' : 'Ujian sedang dikerjakan di perangkat lain';
        return json({ error: { code: 'CONFLICT', message, fields: { pin: message } } }, 409);
      },
    });
    await renderPlay();
    fireEvent.change(await screen.findByLabelText(/Token/), { target: { value: 'ABC123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mulai' }));
    expect(await screen.findByText('Ujian sedang dikerjakan di perangkat lain')).toBeTruthy();
    expect(screen.getByText(/Minta PIN ke pengawas/).textContent).toBe(
      'Minta PIN ke pengawas untuk melanjutkan di perangkat ini.',
    );
    const digits = (pin: string) =>
      fireEvent.change(screen.getByLabelText(/PIN \(6 angka\)/), { target: { value: pin } });
    // a short PIN is refused in the browser, nothing is sent
    digits('12');
    fireEvent.click(screen.getByRole('button', { name: 'Lanjutkan di perangkat ini' }));
    expect(await screen.findByText('PIN terdiri atas 6 angka')).toBeTruthy();
    expect(tries).toBe(1);
    digits('999999');
    fireEvent.click(screen.getByRole('button', { name: 'Lanjutkan di perangkat ini' }));
    expect(await screen.findByText('PIN salah')).toBeTruthy();
    digits('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Lanjutkan di perangkat ini' }));
    await screen.findByText('1 + 1 = ?');
    expect(tries).toBe(3);
    expect(bodyOf(calls('POST /api/v1/exam/assessments/7/start').at(-1)!)).toMatchObject({ pin: '123456' });
  });

  it('shows the token error the server gives', async () => {
    serve({
      'POST /api/v1/exam/assessments/7/start': () =>
        json(
          { error: { code: 'VALIDATION', message: 'Token salah', fields: { token: 'Token salah atau kedaluwarsa' } } },
          400,
        ),
    });
    await renderPlay();
    fireEvent.change(await screen.findByLabelText(/Token/), { target: { value: 'ZZZ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mulai' }));
    expect(await screen.findByText('Token salah atau kedaluwarsa')).toBeTruthy();
  });

  it('confirms the submission with what is unanswered and unsure, then shows the result', async () => {
    await startWithToken();
    fireEvent.click(screen.getByRole('radio', { name: 'Dua' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ragu-ragu' }));
    await waitFor(() => expect(screen.getByTestId('exam-sync-status').textContent).toBe('Tersimpan'));
    expect(screen.getByRole('button', { name: 'Soal 1: Sudah dijawab, Ragu-ragu' })).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByRole('button', { name: 'Kumpulkan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kumpulkan jawaban?' });
    expect(dialog.textContent).toContain('1 dari 6 soal dijawab; 5 belum dijawab, 1 ragu-ragu.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ya, kumpulkan' }));
    expect(await screen.findByText('Jawaban sudah dikumpulkan')).toBeTruthy();
    expect(screen.getByText('Nilai Anda: 80')).toBeTruthy();
    expect(bodyOf(calls('POST /api/v1/exam/attempts/31/submit')[0]!)).toHaveProperty('deviceId');
  });

  it('resumes after a reload from the journal, merging the server (higher sequence wins), and shows notices', async () => {
    await startWithToken();
    fireEvent.click(screen.getByRole('radio', { name: 'Tiga' }));
    await waitFor(() => expect(calls('POST /api/v1/exam/attempts/31/saves')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('exam-sync-status').textContent).toBe('Tersimpan'));
    // the page is left and opened again; the server holds a newer answer to question 2 (another device's)
    document.body.innerHTML = '';
    serve({
      'GET /api/v1/exam/attempts/31': (_url, init) => {
        expect((init.headers as Record<string, string>)['x-exam-device']).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
        return json(
          paperOf(
            { maxSeq: 9 },
            {
              answers: [
                { questionId: 102, clientSeq: 9, response: { type: 'MULTIPLE', optionIds: ['a'] }, flagged: true },
              ],
              notices: [{ at: '2026-11-23T02:20:00.000Z', text: 'Waktu ditambah 10 menit oleh pengawas' }],
            },
          ),
        );
      },
    });
    await renderPlay();
    expect((await screen.findByText(/Waktu ditambah 10 menit oleh pengawas/)).textContent).toBe(
      'Senin, 23 November 2026 09:20: Waktu ditambah 10 menit oleh pengawas',
    );
    expect((screen.getByRole('radio', { name: 'Tiga' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Soal 2: Sudah dijawab, Ragu-ragu' })).toHaveProperty('disabled', false);
    expect(calls('POST /api/v1/exam/assessments/7/start')).toHaveLength(1);
  });

  it('shows the paper and the answers from the journal when a reload finds no connection', async () => {
    await startWithToken();
    fireEvent.click(screen.getByRole('radio', { name: 'Tiga' }));
    await waitFor(() => expect(screen.getByTestId('exam-sync-status').textContent).toBe('Tersimpan'));
    document.body.innerHTML = '';
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    await renderPlay();
    expect(await screen.findByText('1 + 1 = ?')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Tiga' }) as HTMLInputElement).checked).toBe(true);
    expect(await screen.findByText('Offline: soal dan jawaban dari perangkat ini ditampilkan.')).toBeTruthy();
    // an answer made offline waits in the journal and says so
    fireEvent.click(screen.getByRole('button', { name: 'Berikutnya' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Dua' }));
    await waitFor(() =>
      expect(screen.getByTestId('exam-sync-status').textContent).toBe('Offline — 1 jawaban menunggu dikirim'),
    );
    expect(screen.getByRole('button', { name: 'Unduh file jawaban' })).toHaveProperty('disabled', false);
  });

  it('stops and says so when another device took over (409 on a save)', async () => {
    await startWithToken();
    routes['POST /api/v1/exam/attempts/31/saves'] = () =>
      json({ error: { code: 'CONFLICT', message: 'Perangkat lain', fields: { deviceId: 'Perangkat lain' } } }, 409);
    fireEvent.click(screen.getByRole('radio', { name: 'Dua' }));
    expect((await screen.findByText(/sekarang dikerjakan di perangkat lain/)).textContent).toBe(
      'Ujian ini sekarang dikerjakan di perangkat lain. Perangkat ini berhenti menyimpan.',
    );
    expect((screen.getByRole('radio', { name: 'Tiga' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Unduh file jawaban' })).toHaveProperty('disabled', false);
  });

  it('shows the end when the server says the deadline has passed (409) and offers the answer file', async () => {
    await startWithToken();
    routes['POST /api/v1/exam/attempts/31/saves'] = () =>
      json({ error: { code: 'CONFLICT', message: 'Waktu habis', fields: { deadline: 'Waktu habis' } } }, 409);
    fireEvent.click(screen.getByRole('radio', { name: 'Dua' }));
    expect(await screen.findByText('Waktu habis')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unduh file jawaban' })).toHaveProperty('disabled', false);
  });

  it('polls the attempt while working and shows a submission made by the proctor', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await startWithToken();
    serve({
      'GET /api/v1/exam/attempts/31': () =>
        json(paperOf({ status: 'SUBMITTED', submittedAt: '2026-11-23T02:28:00.000Z', grade: 75 })),
    });
    act(() => vi.advanceTimersByTime(30_000));
    expect(await screen.findByText('Jawaban sudah dikumpulkan')).toBeTruthy();
    expect(screen.getByText('Nilai Anda: 75')).toBeTruthy();
  });

  // last: KaTeX is this module graph's state, and every paper above has no formula
  it('never loads KaTeX for a paper without formulas', async () => {
    await startWithToken();
    // the paper shows and its effects ran: nothing asked for KaTeX
    expect(mathRequested()).toBe(false);
    expect(mathLoaded()).toBe(false);
  });

  it('loads KaTeX at once for a paper with a formula anywhere, and typesets it', async () => {
    const withMath = paperOf();
    withMath.questions[5] = { ...withMath.questions[5]!, stem: '<p>Jelaskan \\(x^2\\)</p>' };
    serve({ 'POST /api/v1/exam/assessments/7/start': () => json(withMath) });
    await startWithToken();
    // loaded while the first question shows, not when the sixth is reached (perhaps offline by then)
    await waitFor(() => expect(mathLoaded()).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: /^Soal 6/ }));
    await waitFor(() => expect(document.querySelector('.katex annotation')?.textContent).toBe('x^2'));
  });
});
