import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Question } from '@mms/shared';
import { registerAssessmentMessages } from '../../../i18n/assessment/index.ts';
import { printedPaperTest } from '../../../test/printed-paper.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { QuestionPaper } from './question-paper.tsx';

printedPaperTest(registerAssessmentMessages);

const base = {
  unitId: 2,
  subjectId: 4,
  subjectName: 'Matematika',
  gradeId: 7,
  gradeName: 'Kelas 7',
  version: 1,
  versionId: 1,
  difficulty: 'SEDANG',
  cognitiveLevel: null,
  objective: null,
  tags: [] as string[],
  authorEmployeeId: 1,
  authorName: 'Guru',
  createdAt: '2026-11-20T00:00:00Z',
  updatedAt: '2026-11-20T00:00:00Z',
} as const;

const QUESTIONS: Question[] = [
  {
    ...base,
    id: 1,
    type: 'SINGLE',
    stem: '<p>Hasil dari \\(2^3\\) adalah ...</p>',
    points: 2,
    content: {
      type: 'SINGLE',
      options: [
        { id: 'a', text: '6' },
        { id: 'b', text: '8' },
        { id: 'c', text: '9' },
      ],
      key: 'b',
    },
  },
  {
    ...base,
    id: 2,
    type: 'TRUE_FALSE',
    stem: '<p>Benar atau salah?</p>',
    points: 3,
    content: {
      type: 'TRUE_FALSE',
      statements: [
        { id: 's1', text: 'Air mendidih pada 100 °C' },
        { id: 's2', text: 'Bumi datar' },
      ],
      key: { s1: true, s2: false },
      partial: 'PARTIAL',
    },
  },
  {
    ...base,
    id: 3,
    type: 'SHORT',
    stem: '<p>Artikan: بِسْمِ اللَّهِ</p>',
    points: 1,
    content: { type: 'SHORT', accepted: [{ text: 'Dengan nama Allah' }] },
  },
];

const paper = (withKey: boolean) =>
  renderWithApp(
    <QuestionPaper
      questions={QUESTIONS}
      withKey={withKey}
      unitId={2}
      subtitle="Matematika · Kelas 7"
      onBack={() => {}}
    />,
  );

describe('QuestionPaper', () => {
  it('prints the questions numbered with lettered options under the letterhead, without the key', async () => {
    await paper(false);
    expect((await screen.findByTestId('letterhead')).textContent).toContain('SMP Islam Terpadu Al-Amin');
    expect(screen.getByRole('heading', { name: 'Naskah soal' })).toBeTruthy();
    const items = screen.getAllByTestId('question-view');
    expect(items.map((q) => q.textContent?.slice(0, 2))).toEqual(['1.', '2.', '3.']);
    expect(within(items[0]!).getByText('B.')).toBeTruthy();
    expect(items[0]!.querySelector('.katex')).not.toBeNull();
    expect(items[2]!.querySelector('[lang="ar"][dir="rtl"]')?.textContent).toBe('بِسْمِ اللَّهِ');
    expect(within(items[2]!).getByText(/Jawaban: \.\.\./)).toBeTruthy();
    expect(screen.queryByTestId('question-key')).toBeNull();
    expect(screen.queryByText('Skor 2')).toBeNull();
    expect(screen.queryByText('Dengan nama Allah', { exact: false })).toBeNull();
  });

  it('adds each key and its points in the key version', async () => {
    await paper(true);
    expect(await screen.findByRole('heading', { name: 'Naskah soal dan kunci jawaban' })).toBeTruthy();
    expect(screen.getAllByTestId('question-key').map((k) => k.textContent)).toEqual([
      'Kunci: B',
      'Kunci: Dengan nama Allah',
    ]);
    expect(screen.getByText('Skor 2')).toBeTruthy();
    expect(screen.getByText('Skor 3')).toBeTruthy();
    const statements = screen.getAllByTestId('question-view')[1]!;
    expect(within(statements).getByText('Benar')).toBeTruthy();
    expect(within(statements).getByText('Salah')).toBeTruthy();
  });
});
