import { fireEvent, screen, within } from '@testing-library/react';
import type { ExamTrialPaper } from '@mms/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderExamEngine } from '../render-exam-engine.test-helper.tsx';
import { Trial } from './trial-page.tsx';

const PAPER: ExamTrialPaper = {
  assessmentId: 5,
  kind: 'SUMMATIVE',
  title: 'PTS Matematika',
  subjectName: 'Matematika',
  instructions: null,
  durationMinutes: 90,
  questions: [
    {
      questionId: 11,
      number: 1,
      type: 'SINGLE',
      points: 2,
      stem: '<p>2 + 3 = …</p>',
      parts: [
        { id: 'a', text: '<p>4</p>' },
        { id: 'b', text: '<p>5</p>' },
      ],
      choices: [],
    },
    { questionId: 12, number: 2, type: 'ESSAY', points: 5, stem: '<p>Jelaskan</p>', parts: [], choices: [] },
  ],
};

afterEach(() => vi.restoreAllMocks());

describe('uji coba', () => {
  it('answers the paper in the page, sends the answers to be scored and shows the result; nothing else is sent', async () => {
    const calls: { url: string; method: string; body: unknown }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.startsWith('/api/v1/exam/trial/5/score'))
        return new Response(
          JSON.stringify({
            earned: 2,
            max: 7,
            grade: 28.57,
            items: [
              { questionId: 11, number: 1, points: 2, earned: 2, correct: true },
              { questionId: 12, number: 2, points: 5, earned: null, correct: null },
            ],
          }),
          { status: 200 },
        );
      if (url.startsWith('/api/v1/exam/trial/5')) return new Response(JSON.stringify(PAPER), { status: 200 });
      return new Response('{}', { status: 404 });
    });
    await renderExamEngine(<Trial assessmentId={5} />);
    expect(await screen.findByRole('heading', { name: 'Uji coba: PTS Matematika' })).toBeTruthy();
    expect(screen.getByText(/Jawaban tidak disimpan/)).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('trial-q-1')).getByRole('radio', { name: '5' }));
    fireEvent.click(screen.getByRole('button', { name: 'Selesai dan nilai' }));
    expect(await screen.findByText('Poin 2 dari 2')).toBeTruthy();
    expect(screen.getByText('Uraian: dinilai guru')).toBeTruthy();
    expect(screen.getByText('28,57')).toBeTruthy();
    const sent = calls.filter((c) => c.method === 'POST');
    expect(sent).toEqual([
      {
        url: '/api/v1/exam/trial/5/score',
        method: 'POST',
        body: { responses: [{ questionId: 11, response: { type: 'SINGLE', optionId: 'b' } }] },
      },
    ]);
    // again: the answers are cleared
    fireEvent.click(screen.getByRole('button', { name: 'Ulangi uji coba' }));
    expect(screen.getByRole('button', { name: 'Selesai dan nilai' })).toHaveProperty('disabled', false);
  });
});
