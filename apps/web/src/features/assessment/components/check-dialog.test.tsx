import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type * as Notify from '../../../lib/notify.ts';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { id } from '../../../i18n/id.ts';
import { registerAssessmentMessages } from '../../../i18n/assessment/index.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { CheckDialog } from './check-dialog.tsx';

const notifyInfo = vi.fn();
vi.mock('../../../lib/notify.ts', async (original) => ({
  ...(await original<typeof Notify>()),
  notifyInfo: (message: string) => notifyInfo(message),
}));

const submitted = {
  id: 5,
  unitId: 1,
  kind: 'SUMMATIVE',
  title: 'PTS Matematika',
  subjectId: 4,
  subjectName: 'Matematika',
  gradeId: 7,
  gradeName: 'Kelas 7',
  authorEmployeeId: 3,
  authorName: 'Bu Guru',
  instructions: 'Kerjakan dengan jujur',
  state: 'SUBMITTED',
  checkNote: null,
  itemCount: 2,
  classes: [],
  actions: ['return', 'approve'],
  editable: false,
  items: [
    {
      position: 1,
      questionId: 31,
      questionVersionId: 40,
      version: 1,
      type: 'SINGLE',
      stem: '<p>2 + 2 = ...</p>',
      points: 2,
      pointsOverride: null,
    },
    {
      position: 2,
      questionId: 32,
      questionVersionId: 41,
      version: 2,
      type: 'ESSAY',
      stem: '<p>Jelaskan pecahan</p>',
      points: 5,
      pointsOverride: 5,
    },
  ],
  drawRules: [],
  shares: [],
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(submitted), { status: 200 })));
  vi.stubGlobal('fetch', fetchMock);
  notifyInfo.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const posts = () =>
  fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST')
    .map(([url, init]) => [url, JSON.parse(String((init as RequestInit).body))]);

async function renderDialog(onDone = () => {}) {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      resources: { id: { translation: id } },
      lng: 'id',
      interpolation: { escapeValue: false },
    });
  }
  registerAssessmentMessages();
  await renderWithApp(<CheckDialog id={5} onDone={onDone} />);
  await screen.findByText('Jelaskan pecahan (5 poin)');
}

describe('the check of an assessment', { timeout: 30_000 }, () => {
  it('shows its questions and returns it only with a note, after asking', async () => {
    const onDone = vi.fn();
    await renderDialog(onDone);
    expect(screen.getByText('2 + 2 = ... (2 poin)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Kembalikan' }));
    await screen.findByText('Catatan pengembalian wajib diisi');
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.change(screen.getByLabelText(/Catatan untuk penulis/), { target: { value: 'Soal 2 perlu rubrik' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kembalikan' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Kembalikan "PTS Matematika" ke penulisnya dengan catatan ini?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kembalikan' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(posts()).toEqual([['/api/v1/assessments/5/return', { note: 'Soal 2 perlu rubrik' }]]);
    expect(notifyInfo).toHaveBeenCalledWith('Penilaian dikembalikan ke penulis');
  });

  it('approves it after asking, and sends nothing when the deputy backs out', async () => {
    const onDone = vi.fn();
    await renderDialog(onDone);
    fireEvent.click(screen.getByRole('button', { name: 'Setujui' }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Setujui' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Setujui' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(posts()).toEqual([['/api/v1/assessments/5/approve', { note: null }]]);
    expect(notifyInfo).toHaveBeenCalledWith('Penilaian disetujui');
  });
});
