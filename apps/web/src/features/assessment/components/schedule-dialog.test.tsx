import { fireEvent, screen, waitFor } from '@testing-library/react';
import type * as Notify from '../../../lib/notify.ts';
import type { Assessment } from '@mms/shared';
import { renderAssessment } from './render-assessment.test-helper.tsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScheduleDialog } from './schedule-dialog.tsx';

const notifyInfo = vi.fn();
vi.mock('../../../lib/notify.ts', async (original) => ({
  ...(await original<typeof Notify>()),
  notifyInfo: (message: string) => notifyInfo(message),
}));

const approved = {
  id: 9,
  title: 'Tugas pecahan',
  gradeId: 7,
  state: 'APPROVED',
  classes: [{ id: 11, name: '7A' }],
  opensAt: '2026-11-25T00:30:00.000Z',
  closesAt: null,
} as Assessment;

const list = (items: object[]) => ({ items, total: items.length, page: 1, pageSize: 200 });
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn((url: string) => {
    const path = url.split('?')[0]!;
    const body = path.endsWith('/academic-years')
      ? list([{ id: 2, name: '2026/2027', isActive: true }])
      : path.endsWith('/classes')
        ? list([{ id: 11, name: '7A' }])
        : approved;
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  });
  vi.stubGlobal('fetch', fetchMock);
  notifyInfo.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

async function renderDialog(onDone = () => {}) {
  await renderAssessment(<ScheduleDialog assessment={approved} onDone={onDone} />);
}

const posted = () =>
  fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST')
    .map(([url, init]) => [url, JSON.parse(String((init as RequestInit).body))]);

describe('scheduling an assessment', { timeout: 30_000 }, () => {
  it('starts from its window on the school clock and needs a closing time after the opening', async () => {
    await renderDialog();
    expect((screen.getByLabelText(/^Jam buka/) as HTMLInputElement).value).toBe('07:30');
    fireEvent.click(screen.getByRole('button', { name: 'Jadwalkan' }));
    await waitFor(() => expect(screen.getByLabelText(/^Tanggal tutup/).getAttribute('aria-invalid')).toBe('true'));
    fireEvent.change(screen.getByLabelText(/^Tanggal tutup/), { target: { value: '25/11/2026' } });
    fireEvent.change(screen.getByLabelText(/^Jam tutup/), { target: { value: '07:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Jadwalkan' }));
    await screen.findByText('Waktu tutup harus setelah waktu buka');
    expect(posted()).toEqual([]);
  });

  it('sends its classes and window', async () => {
    const onDone = vi.fn();
    await renderDialog(onDone);
    fireEvent.change(screen.getByLabelText(/^Tanggal tutup/), { target: { value: '26/11/2026' } });
    fireEvent.change(screen.getByLabelText(/^Jam tutup/), { target: { value: '23:59' } });
    fireEvent.click(screen.getByRole('button', { name: 'Jadwalkan' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(posted()).toEqual([
      [
        '/api/v1/assessments/9/schedule',
        { classIds: [11], opensAt: '2026-11-25T07:30:00+07:00', closesAt: '2026-11-26T23:59:00+07:00' },
      ],
    ]);
    expect(notifyInfo).toHaveBeenCalledWith('Penilaian dijadwalkan');
  });

  it('sends a task’s due time with its window, refused outside the window', async () => {
    const onDone = vi.fn();
    const task = { ...approved, kind: 'TASK', dueAt: null } as Assessment;
    await renderAssessment(<ScheduleDialog assessment={task} onDone={onDone} submitLabel="Distribusikan" />);
    fireEvent.change(screen.getByLabelText(/^Tanggal tutup/), { target: { value: '28/11/2026' } });
    fireEvent.change(screen.getByLabelText(/^Jam tutup/), { target: { value: '23:00' } });
    fireEvent.change(screen.getByLabelText(/^Tanggal batas pengumpulan/), { target: { value: '29/11/2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Distribusikan' }));
    await screen.findByText('Batas pengumpulan harus di dalam waktu buka dan tutup');
    expect(posted()).toEqual([]);
    fireEvent.change(screen.getByLabelText(/^Tanggal batas pengumpulan/), { target: { value: '27/11/2026' } });
    fireEvent.change(screen.getByLabelText(/^Jam batas pengumpulan/), { target: { value: '21:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Distribusikan' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(posted()).toEqual([
      [
        '/api/v1/assessments/9/schedule',
        {
          classIds: [11],
          opensAt: '2026-11-25T07:30:00+07:00',
          closesAt: '2026-11-28T23:00:00+07:00',
          dueAt: '2026-11-27T21:00:00+07:00',
        },
      ],
    ]);
  });
});
