import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY } from '../../../components/data-list/responsive-table.tsx';
import { mediaQueryList } from '../../../test/media-query.ts';
import { BOARD, LIST, renderControl, stubControlFetch, type Call } from '../control.test-helper.tsx';
import { ControlProgressPage } from './progress-page.tsx';

const TOKEN = { required: true, token: 'AB12CD', rotateMinutes: 15, expiresAt: '2026-11-23T02:45:00.000Z' };
const PATH = '/?kind=SUMMATIVE&assessment=5';

const routes = (extra: Record<string, unknown> = {}) => ({
  ...extra,
  '/exam/control?kind': LIST,
  '/exam/control/5/token': TOKEN,
  '/exam/control/5': BOARD,
});

const posted = (calls: Call[], path: string) => calls.filter((c) => c.method !== 'GET' && c.url.endsWith(path));
const boardReads = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.url === '/api/v1/exam/control/5');

beforeEach(() => {
  // mantine-datatable shows a column while its media query matches; a PC's width (not a phone's): table rows
  vi.spyOn(window, 'matchMedia').mockImplementation((media) => mediaQueryList(media, media !== PHONE_QUERY));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The row of a taker on the board (a table row on a PC). */
const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

describe('the exam control progress board', { timeout: 30_000 }, () => {
  it('lists the assessments of the kind in the URL and each taker with a worded state', async () => {
    const { calls } = stubControlFetch(routes());
    await renderControl(<ControlProgressPage />, PATH);
    expect(await screen.findByRole('heading', { name: 'Kontrol ujian: progres' })).toBeTruthy();
    const exams = await screen.findByTestId('control-exams');
    expect(within(exams).getByText('PAS Matematika')).toBeTruthy();
    expect(within(exams).getByText('7A, 7B')).toBeTruthy();
    expect(within(exams).getByText('3 / 1 / 1')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/v1/exam/control?kind=SUMMATIVE')).toBe(true);

    const budi = await rowOf('Budi Santoso');
    expect(within(budi).getByText('Mengerjakan')).toBeTruthy();
    expect(within(budi).getByTestId('takeover').textContent).toBe('Perangkat lain menunggu');
    expect(within(budi).getByText('3 / 10')).toBeTruthy();
    expect(within(budi).getByText('12:05')).toBeTruthy();
    const siti = await rowOf('Siti Aminah');
    expect(within(siti).getByText('Offline')).toBeTruthy();
    expect(within(siti).getByText('offline sejak 09:15:03')).toBeTruthy();
    expect(within(await rowOf('Ahmad Fauzi')).getByText('Selesai')).toBeTruthy();
    expect(within(await rowOf('Dewi Lestari')).getByText('Belum mulai')).toBeTruthy();
    const summary = screen.getByTestId('board-summary');
    expect(within(summary).getByText('Offline: 1')).toBeTruthy();
    // no refresh button: the board reads itself again
    expect(screen.queryByRole('button', { name: /muat ulang|refresh/i })).toBeNull();
  });

  it('reads the board again every 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = stubControlFetch(routes());
    await renderControl(<ControlProgressPage />, PATH);
    await screen.findByText('Budi Santoso');
    const before = boardReads(calls).length;
    expect(before).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_100);
    });
    await waitFor(() => expect(boardReads(calls).length).toBeGreaterThan(before));
  });

  it('counts the time left down each second between two reads', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubControlFetch(routes());
    await renderControl(<ControlProgressPage />, PATH);
    const budi = await rowOf('Budi Santoso');
    expect(within(budi).getByText(/^12:0[45]$/)).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_000);
    });
    await waitFor(() => expect(within(budi).getByText(/^12:0[12]$/)).toBeTruthy());
  });

  it('switches the kind in the URL and asks for that kind', async () => {
    const { calls } = stubControlFetch(routes());
    const view = await renderControl(<ControlProgressPage />, PATH);
    await screen.findByTestId('control-exams');
    fireEvent.click(screen.getByText('Formatif'));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/v1/exam/control?kind=FORMATIVE')).toBe(true));
    expect(view.router.state.location.search).toBe('?kind=FORMATIVE');
  });

  it('filters by state chip, class and name', async () => {
    stubControlFetch(routes());
    await renderControl(<ControlProgressPage />, PATH);
    await screen.findByText('Budi Santoso');
    fireEvent.click(screen.getByTestId('summary-OFFLINE'));
    await waitFor(() => expect(screen.queryByText('Budi Santoso')).toBeNull());
    expect(screen.getByText('Siti Aminah')).toBeTruthy();
    fireEvent.click(screen.getByTestId('summary-OFFLINE'));
    fireEvent.change(screen.getByLabelText('Cari nama'), { target: { value: 'dewi' } });
    await waitFor(() => expect(screen.queryByText('Siti Aminah')).toBeNull());
    expect(screen.getByText('Dewi Lestari')).toBeTruthy();
  });

  it('adds time for one student with minutes and a reason', async () => {
    const { calls } = stubControlFetch(routes({ 'POST /extend': { affected: 1 } }));
    await renderControl(<ControlProgressPage />, PATH);
    fireEvent.click(within(await rowOf('Budi Santoso')).getByRole('button', { name: 'Tambah waktu Budi Santoso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tambah waktu untuk Budi Santoso' });
    fireEvent.change(within(dialog).getByLabelText(/Menit/), { target: { value: '10' } });
    fireEvent.change(within(dialog).getByLabelText(/Alasan/), { target: { value: 'Listrik padam' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tambah waktu' }));
    await waitFor(() => expect(posted(calls, '/exam/control/5/extend')).toHaveLength(1));
    expect(posted(calls, '/exam/control/5/extend')[0]!.body).toEqual({
      minutes: 10,
      reason: 'Listrik padam',
      studentIds: [1],
    });
  });

  it('refuses a reason too short without a request, and shows the server refusal in the dialog', async () => {
    const { calls } = stubControlFetch(
      routes({
        'POST /extend': () =>
          new Response(JSON.stringify({ error: { code: 'CONFLICT', message: 'Ujian sudah ditutup' } }), {
            status: 409,
          }),
      }),
    );
    await renderControl(<ControlProgressPage />, PATH);
    fireEvent.click(within(await rowOf('Siti Aminah')).getByRole('button', { name: 'Tambah waktu Siti Aminah' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tambah waktu untuk Siti Aminah' });
    fireEvent.change(within(dialog).getByLabelText(/Alasan/), { target: { value: 'ab' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tambah waktu' }));
    expect(await within(dialog).findByText('Tulis alasannya (minimal 3 karakter)')).toBeTruthy();
    expect(posted(calls, '/extend')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/Alasan/), { target: { value: 'Laptop mati' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tambah waktu' }));
    expect(await within(dialog).findByText('Ujian sudah ditutup')).toBeTruthy();
  });

  it('adds time for a whole class', async () => {
    const { calls } = stubControlFetch(routes({ 'POST /extend': { affected: 2 } }));
    await renderControl(<ControlProgressPage />, PATH);
    await screen.findByText('Budi Santoso');
    fireEvent.click(screen.getByRole('button', { name: 'Tambah waktu satu kelas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tambah waktu untuk satu kelas' });
    fireEvent.change(within(dialog).getByLabelText(/Alasan/), { target: { value: 'Ruang pindah' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tambah waktu' }));
    expect(await within(dialog).findByText('Pilih kelas yang ditambah waktunya')).toBeTruthy();
    const classInput = within(dialog).getByRole('combobox', { name: /^Kelas/ });
    fireEvent.click(classInput);
    await waitFor(() => expect(classInput.getAttribute('aria-controls')).toBeTruthy());
    const listbox = document.getElementById(classInput.getAttribute('aria-controls')!)!;
    fireEvent.click(within(listbox).getByRole('option', { name: '7B', hidden: true }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tambah waktu' }));
    await waitFor(() => expect(posted(calls, '/extend')).toHaveLength(1));
    expect(posted(calls, '/extend')[0]!.body).toEqual({ minutes: 5, reason: 'Ruang pindah', classGroupId: 72 });
  });

  it('allows a device change after asking and shows the PIN large', async () => {
    const { calls } = stubControlFetch(
      routes({ 'POST /allow-device': { pin: '482913', expiresAt: '2026-11-23T02:50:00.000Z' } }),
    );
    await renderControl(<ControlProgressPage />, PATH);
    fireEvent.click(
      within(await rowOf('Budi Santoso')).getByRole('button', { name: 'Izinkan ganti perangkat Budi Santoso' }),
    );
    await screen.findByRole('dialog', { name: 'Izinkan ganti perangkat' });
    fireEvent.click(screen.getByRole('button', { name: 'Izinkan' }));
    expect((await screen.findByTestId('device-pin')).textContent).toBe('482913');
    expect(screen.getByText('Berlaku sampai 09:50:00 WIB')).toBeTruthy();
    expect(posted(calls, '/exam/control/5/attempts/101/allow-device')).toHaveLength(1);
  });

  it('force-submits only after the red confirmation, with the reason', async () => {
    const { calls } = stubControlFetch(routes({ 'POST /force-submit': { affected: 1 } }));
    await renderControl(<ControlProgressPage />, PATH);
    fireEvent.click(within(await rowOf('Siti Aminah')).getByRole('button', { name: 'Paksa kumpulkan Siti Aminah' }));
    const dialog = await screen.findByRole('dialog', { name: 'Paksa kumpulkan jawaban Siti Aminah' });
    fireEvent.change(within(dialog).getByLabelText(/Alasan/), { target: { value: 'Tidak kembali ke ruang' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lanjutkan' }));
    const confirm = await screen.findByRole('dialog', { name: 'Paksa kumpulkan' });
    expect(confirm.textContent).toContain('Kumpulkan sekarang jawaban Siti Aminah?');
    expect(posted(calls, '/force-submit')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Paksa kumpulkan' }));
    await waitFor(() => expect(posted(calls, '/exam/control/5/attempts/102/force-submit')).toHaveLength(1));
    expect(posted(calls, '/force-submit')[0]!.body).toEqual({ reason: 'Tidak kembali ke ruang' });
  });

  it('reopens a submitted attempt with a reason and minutes after confirming', async () => {
    const { calls } = stubControlFetch(routes({ 'POST /reopen': { affected: 1 } }));
    await renderControl(<ControlProgressPage />, PATH);
    fireEvent.click(within(await rowOf('Ahmad Fauzi')).getByRole('button', { name: 'Buka kembali Ahmad Fauzi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buka kembali ujian Ahmad Fauzi' });
    fireEvent.change(within(dialog).getByLabelText(/Menit/), { target: { value: '15' } });
    fireEvent.change(within(dialog).getByLabelText(/Alasan/), { target: { value: 'Terkumpul tidak sengaja' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lanjutkan' }));
    const confirm = await screen.findByRole('dialog', { name: 'Buka kembali' });
    expect(confirm.textContent).toContain('Buka kembali ujian Ahmad Fauzi selama 15 menit?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Buka kembali' }));
    await waitFor(() => expect(posted(calls, '/exam/control/5/attempts/103/reopen')).toHaveLength(1));
    expect(posted(calls, '/reopen')[0]!.body).toEqual({ reason: 'Terkumpul tidak sengaja', minutes: 15 });
  });

  it('shows the token large and changes it now after asking', async () => {
    const { calls } = stubControlFetch(routes({ 'PUT /token': { ...TOKEN, token: 'ZZ99YY' } }));
    await renderControl(<ControlProgressPage />, PATH);
    expect((await screen.findByTestId('exam-token')).textContent).toBe('AB12CD');
    expect(screen.getByText('Berganti pada 09:45:00 WIB')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ganti token sekarang' }));
    const confirm = await screen.findByRole('dialog', { name: 'Ganti token sekarang' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Ganti token sekarang' }));
    await waitFor(() => expect(posted(calls, '/exam/control/5/token')).toHaveLength(1));
    expect(posted(calls, '/token')[0]!.body).toEqual({ rotateNow: true, rotateMinutes: 15 });
  });

  it('shows the token on the whole screen, readable from the back of the room (issue 39 finding 17)', async () => {
    stubControlFetch(routes());
    await renderControl(<ControlProgressPage />, PATH);
    const token = await screen.findByTestId('exam-token');
    // a monospace display well above body text, and what to do with it
    const text = token.querySelector('p')!;
    expect(text.getAttribute('style')).toContain('monospace');
    expect(text.getAttribute('style')).toContain('font-size: calc(3.5rem');
    expect(screen.getByText('Bacakan token ini kepada siswa atau tuliskan di papan tulis.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tampilkan besar' }));
    const large = await screen.findByTestId('exam-token-large');
    expect(within(large).getByText('AB12CD').getAttribute('style')).toContain('min(16vw, 12rem)');
    expect(within(large).getByText('Token ujian: ketik di layar mulai ujian')).toBeTruthy();
    expect(large.closest('[role="dialog"]')).not.toBeNull();
  });

  it('sets the token period, refusing one under 5 minutes', async () => {
    const { calls } = stubControlFetch(routes({ 'PUT /token': TOKEN }));
    await renderControl(<ControlProgressPage />, PATH);
    await screen.findByTestId('exam-token');
    const period = screen.getByLabelText('Ganti otomatis setiap (menit)');
    fireEvent.change(period, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan periode' }));
    expect(await screen.findByText('Minimal 5 menit')).toBeTruthy();
    expect(posted(calls, '/token')).toHaveLength(0);
    fireEvent.change(period, { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan periode' }));
    await waitFor(() => expect(posted(calls, '/token')).toHaveLength(1));
    expect(posted(calls, '/token')[0]!.body).toEqual({ rotateNow: false, rotateMinutes: 30 });
  });
});

describe('the answer file upload', { timeout: 30_000 }, () => {
  const goodFile = {
    format: 'mms-exam-answers-1',
    attemptId: 102,
    assessmentId: 5,
    deviceId: 'device-abc-123',
    createdAt: '2026-11-23T02:20:00.000Z',
    saves: [{ questionId: 11, clientSeq: 4, response: { type: 'SINGLE', optionId: 'B' }, flagged: false }],
  };
  const pick = (content: string, name = 'jawaban.json') => {
    const input = document.querySelector<HTMLInputElement>('[data-testid="answer-file"] input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File([content], name, { type: 'application/json' })] } });
  };

  it('refuses a file that is not an answer file without sending anything', async () => {
    const { calls } = stubControlFetch(routes({ 'POST /answer-file': { accepted: 1, ignored: 0 } }));
    await renderControl(<ControlProgressPage />, PATH);
    await screen.findByTestId('answer-file');
    pick('not json at all');
    expect((await screen.findByTestId('answer-file-errors')).textContent).toContain('bukan JSON');
    pick(JSON.stringify({ ...goodFile, format: 'other' }));
    await waitFor(() =>
      expect(screen.getByTestId('answer-file-errors').textContent).toContain('File jawaban tidak valid'),
    );
    pick(JSON.stringify({ ...goodFile, assessmentId: 9 }));
    await waitFor(() => expect(screen.getByTestId('answer-file-errors').textContent).toContain('ujian lain'));
    expect(screen.queryByRole('button', { name: 'Unggah' })).toBeNull();
    expect(posted(calls, '/answer-file')).toHaveLength(0);
  });

  it('sends a valid file as JSON and shows what the server accepted and ignored', async () => {
    const { calls } = stubControlFetch(routes({ 'POST /answer-file': { accepted: 1, ignored: 0 } }));
    await renderControl(<ControlProgressPage />, PATH);
    await screen.findByTestId('answer-file');
    pick(JSON.stringify(goodFile));
    expect((await screen.findByTestId('answer-file-summary')).textContent).toContain('percobaan #102, 1 jawaban');
    fireEvent.click(screen.getByRole('button', { name: 'Unggah' }));
    expect((await screen.findByTestId('answer-file-result')).textContent).toContain('Diterima 1 jawaban, diabaikan 0');
    expect(posted(calls, '/exam/control/5/answer-file')[0]!.body).toEqual(goodFile);
  });
});
