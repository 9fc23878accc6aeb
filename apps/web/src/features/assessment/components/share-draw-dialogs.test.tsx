import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AssessmentDetail } from '@mms/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Notify from '../../../lib/notify.ts';
import { DrawRulesDialog } from './draw-rules-dialog.tsx';
import { renderAssessment } from './render-assessment.test-helper.tsx';
import { ShareDialog } from './share-dialog.tsx';

const notifyInfo = vi.fn();
vi.mock('../../../lib/notify.ts', async (original) => ({
  ...(await original<typeof Notify>()),
  notifyInfo: (message: string) => notifyInfo(message),
}));

const draft = {
  id: 9,
  unitId: 1,
  kind: 'SUMMATIVE',
  title: 'PAS IPA',
  subjectId: 4,
  subjectName: 'IPA',
  gradeId: 7,
  gradeName: 'Kelas 7',
  authorEmployeeId: 3,
  authorName: 'Bu Guru',
  state: 'DRAFT',
  editable: true,
  itemCount: 0,
  classes: [],
  actions: ['submit'],
  items: [],
  drawRules: [{ tag: 'listrik', difficulty: 'SEDANG', type: null, count: 4 }],
  shares: [{ employeeId: 21, name: 'Pak Budi', mode: 'READ' }],
} as unknown as AssessmentDetail;

const teachers = {
  items: [
    { id: 21, name: 'Pak Budi', code: '1' },
    { id: 22, name: 'Bu Sari', code: '2' },
  ],
};

let fetchMock: ReturnType<typeof vi.fn>;
let answer: (url: string) => Response;
beforeEach(() => {
  answer = (url) => new Response(JSON.stringify(url.includes('/lookups/teachers') ? teachers : draft), { status: 200 });
  fetchMock = vi.fn((url: string) => Promise.resolve(answer(url)));
  vi.stubGlobal('fetch', fetchMock);
  notifyInfo.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

async function pick(label: string, option: string) {
  const input = screen.getByRole('combobox', { name: label });
  const found = await waitFor(() => {
    if (!screen.queryByRole('listbox')) fireEvent.click(input);
    return screen.getByRole('option', { name: option, hidden: true });
  });
  fireEvent.click(found);
}

const writes = () =>
  fetchMock.mock.calls
    .filter(([, init]) => ['PUT', 'POST'].includes((init as RequestInit | undefined)?.method ?? 'GET'))
    .map(([url, init]) => [(init as RequestInit).method, url, JSON.parse(String((init as RequestInit).body))]);

describe('the random-question rules of an assessment', { timeout: 30_000 }, () => {
  it('keeps the rules, adds and removes rows, refuses a count of 0 and saves the rest', async () => {
    const onDone = vi.fn();
    await renderAssessment(<DrawRulesDialog assessment={draft} onDone={onDone} />);
    expect((screen.getByLabelText('Label aturan 1') as HTMLInputElement).value).toBe('listrik');
    expect(screen.getByText('Total 4 soal per siswa')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tambah aturan' }));
    expect(screen.getByText('Total 9 soal per siswa')).toBeTruthy();
    const counts = screen.getAllByLabelText('Jumlah');
    fireEvent.change(counts[1]!, { target: { value: '0' } });
    fireEvent.blur(counts[1]!);
    fireEvent.click(screen.getByRole('button', { name: 'Simpan aturan' }));
    await screen.findByText('Jumlah soal minimal 1');
    expect(writes()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Hapus aturan 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Simpan aturan' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(writes()).toEqual([
      [
        'PUT',
        '/api/v1/assessments/9/draw-rules',
        { rules: [{ tag: 'listrik', difficulty: 'SEDANG', type: null, count: 4 }] },
      ],
    ]);
    expect(notifyInfo).toHaveBeenCalledWith('Aturan soal acak disimpan');
  });
});

describe('sharing an assessment', { timeout: 30_000 }, () => {
  it('lists who has it, asks for a teacher, and shares to copy', async () => {
    const onDone = vi.fn();
    await renderAssessment(<ShareDialog assessment={draft} onDone={onDone} />);
    expect(screen.getByRole('table', { name: 'Guru penerima PAS IPA' }).textContent).toContain('Pak Budi');
    fireEvent.click(screen.getByRole('button', { name: 'Bagikan' }));
    expect(writes()).toEqual([]);
    await pick('Guru', 'Bu Sari');
    fireEvent.click(screen.getByText('Salin'));
    fireEvent.click(screen.getByRole('button', { name: 'Bagikan' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(writes()).toEqual([['POST', '/api/v1/assessments/9/share', { employeeId: 22, mode: 'COPY' }]]);
  });

  it("shows the server's refusal on the teacher field and stays open", async () => {
    answer = (url) =>
      url.includes('/lookups/teachers')
        ? new Response(JSON.stringify(teachers), { status: 200 })
        : new Response(
            JSON.stringify({
              error: {
                code: 'VALIDATION',
                message: 'Penilaian hanya dapat dibagikan ke guru lain yang mengajar mapel ini di unit yang sama',
                fields: { employeeId: 'Guru tidak sesuai' },
              },
            }),
            { status: 400, headers: { 'content-type': 'application/json' } },
          );
    const onDone = vi.fn();
    await renderAssessment(<ShareDialog assessment={draft} onDone={onDone} />);
    await pick('Guru', 'Bu Sari');
    fireEvent.click(screen.getByRole('button', { name: 'Bagikan' }));
    await screen.findByText('Guru tidak sesuai');
    expect(onDone).not.toHaveBeenCalled();
  });
});
