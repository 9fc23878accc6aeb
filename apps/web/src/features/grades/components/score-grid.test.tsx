import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ScoreSheet } from '@mms/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { id } from '../../../i18n/id.ts';
import { registerGradesMessages } from '../../../i18n/grades/index.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { ScoreGrid } from './score-grid.tsx';

const sheet: ScoreSheet = {
  classGroup: { id: 1, name: '7A', gradeId: 7 },
  subject: { id: 4, name: 'Matematika' },
  semester: 'GANJIL',
  columns: [
    {
      id: 10,
      classGroupId: 1,
      subjectId: 4,
      semester: 'GANJIL',
      kind: 'HARIAN',
      title: 'UH 1',
      date: '2026-09-10',
      assessmentId: null,
    },
    {
      id: 11,
      classGroupId: 1,
      subjectId: 4,
      semester: 'GANJIL',
      kind: 'PTS',
      title: 'PTS',
      date: '2026-10-05',
      assessmentId: null,
    },
  ],
  students: [
    { id: 101, nis: '7001', name: 'Ahmad' },
    { id: 102, nis: '7002', name: 'Budi' },
    { id: 103, nis: '7003', name: 'Citra' },
  ],
  cells: [{ columnId: 10, studentId: 101, score: 80 }],
  canEdit: true,
};

let fetchMock: ReturnType<typeof vi.fn>;
let answer: () => Response;
beforeEach(() => {
  answer = () => new Response(JSON.stringify({ saved: 1, cleared: 0 }), { status: 200 });
  fetchMock = vi.fn(() => Promise.resolve(answer()));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const puts = () =>
  fetchMock.mock.calls
    .filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')
    .map(([url, init]) => ({ url, body: JSON.parse(String((init as RequestInit).body)) }));
const cell = (student: string, column: string) => screen.getByLabelText(`Nilai ${student} pada ${column}`);

async function renderGrid(s: ScoreSheet = sheet) {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      resources: { id: { translation: id } },
      lng: 'id',
      interpolation: { escapeValue: false },
    });
  }
  registerGradesMessages();
  return renderWithApp(<ScoreGrid sheet={s} onEditColumn={() => {}} />);
}

describe('the score grid', { timeout: 30_000 }, () => {
  it('shows saved scores in Indonesian, saves a typed one when the cell is left, and Enter moves down', async () => {
    await renderGrid();
    expect((cell('Ahmad', 'UH 1') as HTMLInputElement).value).toBe('80');
    const budi = cell('Budi', 'UH 1');
    budi.focus();
    fireEvent.change(budi, { target: { value: '87,5' } });
    fireEvent.keyDown(budi, { key: 'Enter' });
    expect(document.activeElement).toBe(cell('Citra', 'UH 1'));
    fireEvent.blur(budi);
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toEqual({
      url: '/api/v1/scores/cells',
      body: { cells: [{ columnId: 10, studentId: 102, score: 87.5 }] },
    });
  });

  it('names a wrong score in the cell and never sends it', async () => {
    await renderGrid();
    const c = cell('Citra', 'PTS');
    c.focus();
    fireEvent.change(c, { target: { value: '101' } });
    expect(c.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('cell-problem').textContent).toContain('Nilai harus antara 0 dan 100');
    fireEvent.blur(c);
    expect(await screen.findByText('1 nilai perlu diperbaiki')).toBeTruthy();
    expect(puts()).toHaveLength(0);
  });

  it('fills a column pasted from Excel downwards and saves it at once', async () => {
    await renderGrid();
    const start = cell('Ahmad', 'PTS');
    start.focus();
    fireEvent.paste(start, { clipboardData: { getData: () => '70\r\n75,5\r\n90\r\n' } });
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body.cells).toEqual([
      { columnId: 11, studentId: 101, score: 70 },
      { columnId: 11, studentId: 102, score: 75.5 },
      { columnId: 11, studentId: 103, score: 90 },
    ]);
  });

  it('keeps what was typed when the save fails, counts it, and saves it again on request', async () => {
    answer = () => new Response('{}', { status: 503 });
    await renderGrid();
    const c = cell('Budi', 'PTS');
    c.focus();
    fireEvent.change(c, { target: { value: '66' } });
    fireEvent.blur(c);
    expect(await screen.findByText('1 nilai belum tersimpan')).toBeTruthy();
    expect((c as HTMLInputElement).value).toBe('66');
    answer = () => new Response(JSON.stringify({ saved: 1, cleared: 0 }), { status: 200 });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan ulang' }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]!.body.cells).toEqual([{ columnId: 11, studentId: 102, score: 66 }]);
  });

  it('marks a column an online exam fills: badge, read-only cells with a tooltip, no delete, pastes skip it', async () => {
    const fed: ScoreSheet = {
      ...sheet,
      columns: [
        sheet.columns[0]!,
        { ...sheet.columns[1]!, id: 12, kind: 'SUMATIF', title: 'Sumatif Bab 1', assessmentId: 77 },
      ],
      cells: [...sheet.cells, { columnId: 12, studentId: 101, score: 66.67 }],
    };
    await renderGrid(fed);
    expect(screen.getByTestId('from-exam-12').textContent).toBe('Dari ujian online');
    expect(screen.queryByTestId('from-exam-10')).toBeNull();
    const exam = cell('Ahmad', 'Sumatif Bab 1') as HTMLInputElement;
    expect(exam.value).toBe('66,67');
    expect(exam.hasAttribute('readonly')).toBe(true);
    expect(exam.title).toBe('Diisi otomatis dari ujian online; ubah lewat hasil dan koreksi ujian');
    expect(document.getElementById(exam.getAttribute('aria-describedby')!)!.textContent).toContain(
      'terisi sendiri saat ujian dinilai',
    );
    expect(cell('Ahmad', 'UH 1').hasAttribute('readonly')).toBe(false);
    // its kind may change (Ubah), it is never deleted here
    expect(screen.getByRole('button', { name: /Ubah Sumatif Bab 1/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Hapus Sumatif Bab 1/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Hapus UH 1/ })).toBeTruthy();
    // pasted into it: nothing; two columns pasted from UH 1: only UH 1 is saved
    fireEvent.paste(exam, { clipboardData: { getData: () => '70\r\n80\r\n' } });
    const start = cell('Budi', 'UH 1');
    start.focus();
    fireEvent.paste(start, { clipboardData: { getData: () => '70\t71\r\n75\t76\r\n' } });
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body.cells).toEqual([
      { columnId: 10, studentId: 102, score: 70 },
      { columnId: 10, studentId: 103, score: 75 },
    ]);
    expect(exam.value).toBe('66,67');
    // in English
    await i18next.changeLanguage('en');
    try {
      expect(await screen.findByText('From online exam')).toBeTruthy();
    } finally {
      await i18next.changeLanguage('id');
    }
  });

  it('is read-only for a reader', async () => {
    await renderGrid({ ...sheet, canEdit: false });
    expect(screen.getByText('Anda hanya dapat melihat lembar nilai ini.')).toBeTruthy();
    expect(cell('Ahmad', 'UH 1').hasAttribute('readonly')).toBe(true);
    expect(screen.queryByRole('button', { name: /Hapus UH 1/ })).toBeNull();
  });
});
