import { fireEvent, screen, waitFor } from '@testing-library/react';
import type * as Notify from '../../../lib/notify.ts';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { id } from '../../../i18n/id.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { writeRichText } from '../../../test/rich-text.ts';
import { registerAssessmentMessages } from '../../../i18n/assessment/index.ts';
import { QuestionForm } from './question-form.tsx';
import type { Question } from '@mms/shared';

const notifyDone = vi.fn();
vi.mock('../../../lib/notify.ts', async (original) => ({
  ...(await original<typeof Notify>()),
  notifyDone: (kind: string) => notifyDone(kind),
}));

const choices = {
  items: [
    { subjectId: 4, subjectName: 'Matematika', gradeId: 7, gradeName: 'Kelas 7' },
    { subjectId: 4, subjectName: 'Matematika', gradeId: 8, gradeName: 'Kelas 8' },
  ],
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  // jsdom has no scrolling; the open list scrolls its selected option into view
  Element.prototype.scrollIntoView = () => {};
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const body = url.endsWith('/questions/choices') ? choices : { id: 1, ...JSON.parse(String(init?.body ?? '{}')) };
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  });
  vi.stubGlobal('fetch', fetchMock);
  notifyDone.mockReset();
});
afterEach(() => vi.unstubAllGlobals());
// a Mantine transition's timer (a dialog or list closing) still pending at the end would fire after the test
// environment is torn down ("window is not defined", an unhandled error that fails the run): let it fire first
afterAll(() => new Promise((resolve) => setTimeout(resolve, 500)));

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Writes into a rich-text editor as ProseMirror reads a change of its DOM (jsdom has no typing of its own). */
async function write(label: string | RegExp, text: string) {
  await writeRichText(screen.getByRole('textbox', { name: label }), text);
}

async function pick(label: string | RegExp, option: string) {
  const input = screen.getByRole('combobox', { name: label });
  // the choices come from the server: open the list until they are there
  const found = await waitFor(() => {
    if (!screen.queryByRole('listbox')) fireEvent.click(input);
    return screen.getByRole('option', { name: option, hidden: true });
  });
  fireEvent.click(found);
}

async function renderForm(question: Question | null = null) {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      resources: { id: { translation: id } },
      lng: 'id',
      interpolation: { escapeValue: false },
    });
  }
  registerAssessmentMessages();
  const view = await renderWithApp(<QuestionForm question={question} onDone={() => {}} />);
  await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/v1/questions/choices', expect.anything()));
  return view;
}

const posted = () => {
  const call = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'POST')!;
  expect(call[0]).toBe('/api/v1/questions');
  return JSON.parse(String((call[1] as RequestInit).body));
};

describe('the question form', { timeout: 30_000 }, () => {
  it('builds a pilihan ganda question into the contract body, the stem escaped in a paragraph', async () => {
    await renderForm();
    await pick(/Mapel dan tingkat/, 'Matematika · Kelas 8');
    await write(/^Soal/, 'Hasil dari 2 < 3 & 3 > 2 adalah ...');
    await write('Pilihan a', 'benar');
    await write('Pilihan b', 'salah');
    fireEvent.click(screen.getByRole('button', { name: 'Hapus baris 4' }));
    fireEvent.click(screen.getByRole('button', { name: 'Hapus baris 3' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Kunci a' }));
    type(/^Skor/, '2');
    type(/Tujuan pembelajaran/, 'Membandingkan bilangan');
    type(/^Label/, 'PTS, bilangan');
    fireEvent.click(screen.getByRole('button', { name: 'Simpan soal' }));
    await waitFor(() => expect(notifyDone).toHaveBeenCalledWith('saved'));
    expect(posted()).toEqual({
      subjectId: 4,
      gradeId: 8,
      stem: '<p>Hasil dari 2 &lt; 3 &amp; 3 &gt; 2 adalah ...</p>',
      content: {
        type: 'SINGLE',
        options: [
          { id: 'a', text: 'benar' },
          { id: 'b', text: 'salah' },
        ],
        key: 'a',
      },
      points: 2,
      difficulty: 'SEDANG',
      cognitiveLevel: null,
      objective: 'Membandingkan bilangan',
      tags: ['PTS', 'bilangan'],
    });
  });

  it('tags the saved question with the TPs of its subject and grade picked in the form', async () => {
    const objectives = {
      academicYearId: 1,
      canManage: true,
      items: [{ id: 5, code: 'TP 8.1', description: 'Membandingkan bilangan bulat', position: 1 }].map((o) => ({
        ...o,
        unitId: 2,
        academicYearId: 1,
        subjectId: 4,
        gradeId: 8,
        columnTags: 0,
        questionTags: 0,
      })),
    };
    fetchMock.mockImplementation((url: string, init?: RequestInit) => {
      const body = url.endsWith('/questions/choices')
        ? choices
        : url.includes('/learning-objectives?')
          ? objectives
          : url.includes('/learning-objectives/question-tags/')
            ? { objectiveIds: [5] }
            : { id: 31, ...JSON.parse(String(init?.body ?? '{}')) };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    });
    await renderForm();
    await pick(/Mapel dan tingkat/, 'Matematika · Kelas 8');
    await write(/^Soal/, 'Manakah yang lebih besar?');
    await write('Pilihan a', '-2');
    await write('Pilihan b', '-5');
    fireEvent.click(screen.getByRole('button', { name: 'Hapus baris 4' }));
    fireEvent.click(screen.getByRole('button', { name: 'Hapus baris 3' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Kunci a' }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(expect.stringContaining('gradeId=8'), expect.anything()),
    );
    await pick(/TP yang diukur soal ini/, 'TP 8.1 – Membandingkan bilangan bulat');
    fireEvent.click(screen.getByRole('button', { name: 'Simpan soal' }));
    await waitFor(() => expect(notifyDone).toHaveBeenCalledWith('saved'));
    const tagged = fetchMock.mock.calls.find(([url]) => String(url).includes('/learning-objectives/question-tags/'))!;
    expect(tagged[0]).toBe('/api/v1/learning-objectives/question-tags/31');
    expect((tagged[1] as RequestInit).method).toBe('PUT');
    expect(JSON.parse(String((tagged[1] as RequestInit).body))).toEqual({ objectiveIds: [5] });
  });

  it('builds a menjodohkan question with its pairs and a distractor on the right', async () => {
    await renderForm();
    await pick(/Mapel dan tingkat/, 'Matematika · Kelas 7');
    await pick(/Jenis soal/, 'Menjodohkan');
    await write(/^Soal/, 'Jodohkan');
    await write('Kiri 1', '2 + 2');
    await write('Jawaban kanan 1', '4');
    await write('Kiri 2', '3 × 3');
    await write('Jawaban kanan 2', '9');
    fireEvent.click(screen.getByRole('button', { name: 'Tambah pengecoh' }));
    await write('Pengecoh 1', '6');
    fireEvent.click(screen.getByRole('button', { name: 'Simpan soal' }));
    await waitFor(() => expect(notifyDone).toHaveBeenCalledWith('saved'));
    expect(posted()).toEqual({
      subjectId: 4,
      gradeId: 7,
      stem: '<p>Jodohkan</p>',
      content: {
        type: 'MATCHING',
        left: [
          { id: 'l1', text: '2 + 2' },
          { id: 'l2', text: '3 × 3' },
        ],
        right: [
          { id: 'r1', text: '4' },
          { id: 'r2', text: '9' },
          { id: 'r3', text: '6' },
        ],
        key: { l1: 'r1', l2: 'r2' },
        partial: 'PARTIAL',
      },
      points: 1,
      difficulty: 'SEDANG',
      cognitiveLevel: null,
      objective: null,
      tags: [],
    });
  });

  it('shows the contract’s message under the field and sends nothing', async () => {
    await renderForm();
    await pick(/Mapel dan tingkat/, 'Matematika · Kelas 7');
    await write('Pilihan a', 'satu');
    await write('Pilihan b', 'dua');
    await write('Pilihan c', 'tiga');
    await write('Pilihan d', 'empat');
    fireEvent.click(screen.getByRole('radio', { name: 'Kunci b' }));
    fireEvent.click(screen.getByRole('button', { name: 'Simpan soal' }));
    const stem = screen.getByRole('textbox', { name: /^Soal/ });
    await waitFor(() => expect(stem.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Soal wajib diisi')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'POST')).toBe(false);
  });

  it('opens a question with rich text in its editors and sends it back as it was', async () => {
    const stem =
      '<p>Hitung <strong>setengah</strong> dari <span data-latex="\\frac{1}{2}"></span></p>' +
      '<p dir="rtl" lang="ar">بِسْمِ اللَّهِ</p>' +
      '<p><img src="/api/v1/questions/images/0123456789abcdef0123456789abcdef" alt=""></p>';
    const question: Question = {
      id: 9,
      unitId: 1,
      subjectId: 4,
      subjectName: 'Matematika',
      gradeId: 8,
      gradeName: 'Kelas 8',
      version: 1,
      versionId: 11,
      type: 'SINGLE',
      stem,
      content: {
        type: 'SINGLE',
        options: [
          { id: 'a', text: 'x<sup>2</sup>' },
          { id: 'b', text: 'a &lt; b' },
        ],
        key: 'b',
      },
      points: 2,
      difficulty: 'MUDAH',
      cognitiveLevel: null,
      objective: null,
      tags: [],
      authorEmployeeId: 1,
      authorName: 'Guru',
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    };
    await renderForm(question);
    const stemBox = screen.getByRole('textbox', { name: /^Soal/ });
    expect(stemBox.querySelector('.katex annotation')?.textContent).toBe('\\frac{1}{2}');
    expect(stemBox.querySelector('p[dir="rtl"][lang="ar"]')!.textContent).toBe('بِسْمِ اللَّهِ');
    expect(screen.getByRole('textbox', { name: 'Pilihan a' }).querySelector('sup')!.textContent).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Simpan soal' }));
    await waitFor(() => expect(notifyDone).toHaveBeenCalledWith('saved'));
    const call = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'PUT')!;
    expect(call[0]).toBe('/api/v1/questions/9');
    expect(JSON.parse(String((call[1] as RequestInit).body))).toMatchObject({ stem, content: question.content });
  });
});
