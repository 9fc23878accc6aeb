import type { ExamListItem } from '@mms/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderExamEngine } from '../render-exam-engine.test-helper.tsx';
import { FormativeListPage, OnlineTestListPage } from './exam-list-page.tsx';

const base: ExamListItem = {
  assessmentId: 3,
  kind: 'FORMATIVE',
  title: 'Kuis pecahan',
  subjectName: 'Matematika',
  // 08:00 to 10:00 WIB
  opensAt: '2026-11-23T01:00:00.000Z',
  closesAt: '2026-11-23T03:00:00.000Z',
  durationMinutes: 30,
  questionCount: 10,
  tokenRequired: false,
  isSample: false,
  status: 'OPEN',
  attemptId: null,
  attemptsUsed: 0,
  attemptsAllowed: 1,
  grade: null,
};

function stubList(items: ExamListItem[]) {
  const fetchMock = vi.fn(() =>
    Promise.resolve(new Response(JSON.stringify({ items, serverNow: '2026-11-23T02:00:00.000Z' }), { status: 200 })),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the student's online quizzes and exams", { timeout: 30_000 }, () => {
  it('lists each with its state, window in WIB, duration, questions and grade, offering only what can be taken', async () => {
    const fetchMock = stubList([
      base,
      { ...base, assessmentId: 4, title: 'Kuis desimal', status: 'IN_PROGRESS', attemptId: 40 },
      { ...base, assessmentId: 5, title: 'Kuis persen', status: 'UPCOMING' },
      { ...base, assessmentId: 6, title: 'Kuis rasio', status: 'DONE', grade: 87.5 },
      { ...base, assessmentId: 8, title: 'Kuis skala', status: 'CLOSED', durationMinutes: null },
    ]);
    await renderExamEngine(<FormativeListPage />);
    expect(await screen.findByText('Kuis pecahan')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0 as never])).toBe('/api/v1/exam/mine?kind=FORMATIVE');
    const open = screen.getByTestId('exam-card-3');
    expect(open.textContent).toContain('Bisa dikerjakan');
    expect(open.textContent).toContain('08:00');
    expect(open.textContent).toContain('10:00');
    expect(open.textContent).toContain('30 menit');
    expect(open.textContent).toContain('10 soal');
    const take = screen.getByRole('link', { name: 'Kerjakan Kuis pecahan' });
    expect(take.getAttribute('href')).toBe('/backend/mms/tutor/play-online-formative/3');
    expect(screen.getByRole('link', { name: 'Lanjutkan Kuis desimal' })).toBeTruthy();
    expect(screen.getByTestId('exam-card-5').textContent).toContain('Belum dibuka');
    expect(screen.getByTestId('exam-card-6').textContent).toContain('Selesai');
    expect(screen.getByTestId('exam-card-6').textContent).toContain('87,5');
    expect(screen.getByTestId('exam-card-8').textContent).toContain('Ditutup');
    expect(screen.getByTestId('exam-card-8').textContent).toContain('Tanpa batas waktu');
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });

  it('says when there is nothing, and asks for exams of the summative kind', async () => {
    const fetchMock = stubList([]);
    await renderExamEngine(<OnlineTestListPage />);
    expect(await screen.findByText('Belum ada ujian yang dibuka atau dijadwalkan.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ujian online' })).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0 as never])).toBe('/api/v1/exam/mine?kind=SUMMATIVE');
  });
});
