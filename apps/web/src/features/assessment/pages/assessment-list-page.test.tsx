import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mediaQueryList } from '../../../test/media-query.ts';
import { renderAssessment } from '../components/render-assessment.test-helper.tsx';
import { AssessmentList } from './assessment-list-page.tsx';

// a quiz whose window has passed: the server allows its author 'grade' only
const closed = {
  ...{ id: 7, unitId: 1, kind: 'FORMATIVE', title: 'Kuis pecahan', subjectId: 4, subjectName: 'Matematika' },
  ...{ gradeId: 7, gradeName: 'Kelas 7', authorEmployeeId: 3, authorName: 'Guru' },
  instructions: null,
  dueAt: null,
  durationMinutes: 30,
  opensAt: '2026-11-16T00:00:00.000Z',
  closesAt: '2026-11-16T01:00:00.000Z',
  shuffleQuestions: false,
  shuffleOptions: false,
  attemptsAllowed: 1,
  passingMark: 75,
  showScore: true,
  showKey: false,
  tokenRequired: false,
  isSample: false,
  state: 'CLOSED',
  checkNote: null,
  itemCount: 2,
  classes: [{ id: 1, name: '7A' }],
  actions: ['grade'],
  editable: false,
  createdAt: '2026-11-10T00:00:00.000Z',
  updatedAt: '2026-11-10T00:00:00.000Z',
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  // mantine-datatable shows a column while its media query matches (jsdom's stub matches nothing)
  vi.spyOn(window, 'matchMedia').mockImplementation((media) => mediaQueryList(media, true));
  fetchMock = vi.fn((url: string) =>
    Promise.resolve(
      new Response(
        JSON.stringify(
          url.startsWith('/api/v1/assessments?') || url.startsWith('/api/v1/assessments/?')
            ? { items: [closed], total: 1, page: 1, pageSize: 25 }
            : url.endsWith('/grade')
              ? { ...closed, state: 'GRADED', items: [], drawRules: [], shares: [] }
              : { items: [] },
        ),
        { status: 200 },
      ),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the teacher's assessment list", { timeout: 30_000 }, () => {
  it('offers the later workflow steps the server allows, each asked first', async () => {
    await renderAssessment(<AssessmentList kind="FORMATIVE" />);
    const grade = await screen.findByRole('button', { name: /Selesai dinilai Kuis pecahan/ });
    expect(screen.queryByRole('button', { name: /Umumkan nilai/ })).toBeNull();
    fireEvent.click(grade);
    const confirm = await screen.findByRole('dialog', { name: 'Selesai dinilai' });
    expect(confirm.textContent).toContain('Tandai "Kuis pecahan" selesai dinilai?');
    fireEvent.click(screen.getAllByRole('button', { name: 'Selesai dinilai' }).at(-1)!);
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/v1/assessments/7/grade',
        expect.objectContaining({ method: 'POST' }),
      ),
    );
  });
});
