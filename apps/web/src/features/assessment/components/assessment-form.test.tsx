import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type * as Notify from '../../../lib/notify.ts';
import type { AssessmentDetail } from '@mms/shared';
import { renderAssessment } from './render-assessment.test-helper.tsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AssessmentForm } from './assessment-form.tsx';

const notifyDone = vi.fn();
const notifyInfo = vi.fn();
vi.mock('../../../lib/notify.ts', async (original) => ({
  ...(await original<typeof Notify>()),
  notifyDone: (kind: string) => notifyDone(kind),
  notifyInfo: (message: string) => notifyInfo(message),
}));

const choices = { items: [{ subjectId: 4, subjectName: 'Matematika', gradeId: 7, gradeName: 'Kelas 7' }] };
const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 200 });
const years = page([{ id: 2, name: '2026/2027', isActive: true }]);
const classes = page([
  { id: 11, name: '7A' },
  { id: 12, name: '7B' },
]);
const bank = page([
  { id: 31, stem: '<p>2 + 2 = ...</p>', points: 2 },
  { id: 32, stem: '<p>3 × 3 = ...</p>', points: 3 },
]);

const detail: AssessmentDetail = {
  id: 9,
  unitId: 1,
  kind: 'FORMATIVE',
  title: 'Kuis pecahan',
  subjectId: 4,
  subjectName: 'Matematika',
  gradeId: 7,
  gradeName: 'Kelas 7',
  authorEmployeeId: 3,
  authorName: 'Bu Guru',
  instructions: null,
  dueAt: null,
  durationMinutes: 30,
  opensAt: null,
  closesAt: null,
  shuffleQuestions: true,
  shuffleOptions: true,
  attemptsAllowed: 1,
  passingMark: 70,
  showScore: true,
  showKey: false,
  tokenRequired: false,
  isSample: false,
  state: 'DRAFT',
  checkNote: null,
  itemCount: 0,
  classes: [{ id: 11, name: '7A' }],
  actions: ['submit'],
  editable: true,
  createdAt: '2026-11-18T03:00:00.000Z',
  updatedAt: '2026-11-18T03:00:00.000Z',
  items: [],
  drawRules: [],
  shares: [],
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  Element.prototype.scrollIntoView = () => {};
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const path = url.split('?')[0]!;
    const body = path.endsWith('/questions/choices')
      ? choices
      : path.endsWith('/academic-years')
        ? years
        : path.endsWith('/classes')
          ? classes
          : path.endsWith('/questions')
            ? bank
            : { ...detail, ...JSON.parse(String(init?.body ?? '{}')) };
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  });
  vi.stubGlobal('fetch', fetchMock);
  notifyDone.mockReset();
  notifyInfo.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function pick(label: string | RegExp, option: string) {
  const input = screen.getByRole('combobox', { name: label });
  const found = await waitFor(() => {
    if (!screen.queryByRole('listbox')) fireEvent.click(input);
    return screen.getByRole('option', { name: option, hidden: true });
  });
  fireEvent.click(found);
}

const sent = (method: string, end: string) => {
  const call = fetchMock.mock.calls.find(
    ([url, init]) => (init as RequestInit | undefined)?.method === method && String(url).endsWith(end),
  );
  return call ? JSON.parse(String((call[1] as RequestInit).body)) : undefined;
};

async function renderForm(assessment: AssessmentDetail | null = null, onDone = () => {}) {
  const view = await renderAssessment(<AssessmentForm kind="FORMATIVE" assessment={assessment} onDone={onDone} />);
  await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/v1/questions/choices', expect.anything()));
  return view;
}

describe('the assessment editor', { timeout: 30_000 }, () => {
  it('builds a quiz into the contract body, its window on the school clock', async () => {
    await renderForm();
    type(/^Judul/, 'Kuis pecahan');
    await pick(/Mapel dan tingkat/, 'Matematika · Kelas 7');
    type(/^Tanggal buka/, '25/11/2026');
    type(/^Jam buka/, '07:30');
    type(/^Tanggal tutup/, '25/11/2026');
    type(/^Jam tutup/, '09:00');
    type(/^KKM/, '70');
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(notifyDone).toHaveBeenCalledWith('saved'));
    expect(sent('POST', '/assessments')).toEqual({
      kind: 'FORMATIVE',
      title: 'Kuis pecahan',
      subjectId: 4,
      gradeId: 7,
      classIds: [],
      instructions: null,
      dueAt: null,
      durationMinutes: 60,
      opensAt: '2026-11-25T07:30:00+07:00',
      closesAt: '2026-11-25T09:00:00+07:00',
      attemptsAllowed: 1,
      passingMark: 70,
      shuffleQuestions: true,
      shuffleOptions: true,
      showScore: true,
      showKey: false,
      tokenRequired: false,
      isSample: false,
    });
  });

  it('shows the contract’s messages under the fields and sends nothing', async () => {
    await renderForm();
    await pick(/Mapel dan tingkat/, 'Matematika · Kelas 7');
    type(/^Tanggal buka/, '25/11/2026');
    type(/^Jam buka/, '09:00');
    type(/^Tanggal tutup/, '25/11/2026');
    type(/^Jam tutup/, '08:00');
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(screen.getByText('Judul wajib diisi')).toBeTruthy());
    expect(screen.getByText('Waktu tutup harus setelah waktu buka')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'POST')).toBe(false);
  });

  it('picks questions from the bank and submits the quiz for the check after asking', async () => {
    const onDone = vi.fn();
    await renderForm(detail, onDone);
    const second = await screen.findByRole('checkbox', { name: /^Pilih soal 2:/ });
    fireEvent.click(second);
    fireEvent.click(screen.getByRole('checkbox', { name: /^Pilih soal 1:/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Simpan pilihan soal' }));
    await waitFor(() => expect(notifyDone).toHaveBeenCalledWith('saved'));
    expect(sent('PUT', '/assessments/9/items')).toEqual({
      items: [
        { questionId: 32, points: null },
        { questionId: 31, points: null },
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ajukan untuk dicek' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Ajukan "Kuis pecahan" untuk dicek wakakur?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ajukan untuk dicek' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent('POST', '/assessments/9/submit')).toEqual({ note: null });
    expect(notifyInfo).toHaveBeenCalledWith('Penilaian diajukan untuk dicek');
  });
});
