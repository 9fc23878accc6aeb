import type {
  Assessment,
  AssessmentKind,
  AssessmentResults,
  EssayAnswers,
  FormativeAnalysis,
  ItemAnalysisResult,
  KeyChangeResult,
  MyP5,
  MyTests,
  MyScores,
  P5GradesInput,
  P5Project,
  P5ProjectInput,
  P5Sheet,
  ScoreCellsInput,
  ScoreCellsSaved,
  ScoreChoices,
  ScoreColumn,
  ScoreColumnInput,
  ScoreColumnUpdate,
  ScorePolicy,
  ScorePolicyInput,
  ScoreRecap,
  ScoreSheet,
  ScoreSheetQuery,
  Semester,
} from '@mms/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

const sheetParams = (q: ScoreSheetQuery) =>
  new URLSearchParams({ classGroupId: String(q.classGroupId), subjectId: String(q.subjectId), semester: q.semester });

/** The class and subject sheets the caller may open (the same rule as the server's). */
export function useScoreChoices() {
  return useQuery({
    queryKey: ['/scores/choices'],
    queryFn: () => api<ScoreChoices>('/scores/choices'),
    staleTime: 5 * 60_000,
  });
}

export function useScoreSheet(q: ScoreSheetQuery | null) {
  return useQuery({
    queryKey: ['/scores/sheet', q],
    queryFn: () => api<ScoreSheet>(`/scores/sheet?${sheetParams(q!)}`),
    enabled: q !== null,
  });
}

export function useScoreRecap(q: ScoreSheetQuery | null) {
  return useQuery({
    queryKey: ['/scores/recap', q],
    queryFn: () => api<ScoreRecap>(`/scores/recap?${sheetParams(q!)}`),
    enabled: q !== null,
  });
}

/** After a write, the sheet and the recap are read again. */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['/scores/sheet'] }),
      client.invalidateQueries({ queryKey: ['/scores/recap'] }),
    ]);
}

export function useSaveCells() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ScoreCellsInput) => api<ScoreCellsSaved>('/scores/cells', { method: 'PUT', body }),
    onSuccess: () => void refresh(),
  });
}

export function useSaveColumn() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ScoreColumnInput | ScoreColumnUpdate }) =>
      id
        ? api<ScoreColumn>(`/scores/columns/${id}`, { method: 'PUT', body })
        : api<ScoreColumn>('/scores/columns', { method: 'POST', body }),
    onSuccess: () => void refresh(),
  });
}

export function useDeleteColumn() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/scores/columns/${id}`, { method: 'DELETE' }),
    onSuccess: () => void refresh(),
  });
}

export function useSavePolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ScorePolicyInput) => api<ScorePolicy>('/scores/policy', { method: 'PUT', body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['/scores/recap'] }),
  });
}

export function useMyScores(semester: Semester) {
  return useQuery({
    queryKey: ['/scores/me', semester],
    queryFn: () => api<MyScores>(`/scores/me?semester=${semester}`),
  });
}

// ---- P5 projects ----

export function useP5Sheet(projectId: number | null, classGroupId: number | null) {
  return useQuery({
    queryKey: ['/p5-projects/sheet', projectId, classGroupId],
    queryFn: () =>
      api<P5Sheet>(`/p5-projects/${projectId}/sheet${classGroupId === null ? '' : `?classGroupId=${classGroupId}`}`),
    enabled: projectId !== null,
  });
}

export function useSaveP5Project() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: P5ProjectInput }) =>
      id
        ? api<P5Project>(`/p5-projects/${id}`, { method: 'PUT', body })
        : api<P5Project>('/p5-projects', { method: 'POST', body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['/p5-projects'] }),
  });
}

export function useDeleteP5Project() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/p5-projects/${id}`, { method: 'DELETE' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['/p5-projects'] }),
  });
}

export function useSaveP5Grades(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: P5GradesInput) => api<P5Sheet>(`/p5-projects/${projectId}/grades`, { method: 'PUT', body }),
    onSuccess: (sheet) => {
      client.setQueryData(['/p5-projects/sheet', projectId, sheet.classGroup.id], sheet);
      void client.invalidateQueries({ queryKey: ['/p5-projects'] });
    },
  });
}

export function useMyP5() {
  return useQuery({ queryKey: ['/p5-projects/me'], queryFn: () => api<MyP5>('/p5-projects/me') });
}

// ---- assessment results ----

const RESULT_STATES = ['SCHEDULED', 'OPEN', 'CLOSED', 'GRADED', 'PUBLISHED'];

/** The assessments of a kind that have results (scheduled or later) the caller may read. */
export function useAssessmentsWithResults(kind: AssessmentKind) {
  return useQuery({
    queryKey: ['/assessments', 'with-results', kind],
    queryFn: () =>
      api<{ items: Assessment[] }>(`/assessments?kind=${kind}&pageSize=200`).then((p) =>
        p.items.filter((a) => RESULT_STATES.includes(a.state)),
      ),
  });
}

export function useAssessmentResults(id: number | null) {
  return useQuery({
    queryKey: ['/assessments/results', id],
    queryFn: () => api<AssessmentResults>(`/assessments/${id}/results`),
    enabled: id !== null,
  });
}

export function useEssays(id: number | null, questionId: number | null) {
  return useQuery({
    queryKey: ['/assessments/essays', id, questionId],
    queryFn: () => api<EssayAnswers>(`/assessments/${id}/essays${questionId ? `?questionId=${questionId}` : ''}`),
    enabled: id !== null,
  });
}

export function useItemAnalysis(id: number | null) {
  return useQuery({
    queryKey: ['/assessments/analysis', id],
    queryFn: () => api<ItemAnalysisResult>(`/assessments/${id}/analysis`),
    enabled: id !== null,
  });
}

export function useMarkEssay(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ answerId, marks }: { answerId: number; marks: number[] }) =>
      api<{ score: number; grade: number; pendingEssays: number }>(`/assessments/${id}/essays/${answerId}`, {
        method: 'PUT',
        body: { marks },
      }),
    onSuccess: () =>
      Promise.all(
        ['/assessments/results', '/assessments/essays', '/assessments/analysis'].map((k) =>
          client.invalidateQueries({ queryKey: [k, id] }),
        ),
      ),
  });
}

export function useFormativeAnalysis(subjectId: number | null, gradeId: number | null) {
  return useQuery({
    queryKey: ['/assessments/formative-analysis', subjectId, gradeId],
    queryFn: () => api<FormativeAnalysis>(`/assessments/formative-analysis?subjectId=${subjectId}&gradeId=${gradeId}`),
    enabled: subjectId !== null && gradeId !== null,
  });
}

export function useMyTests() {
  return useQuery({ queryKey: ['/assessments/mine'], queryFn: () => api<MyTests>('/assessments/mine') });
}

/** Changes a pilihan ganda's key: the question's next version, every attempt regraded on the server. */
export function useChangeKey(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, content }: { questionId: number; content: unknown }) =>
      api<KeyChangeResult>(`/assessments/${id}/items/${questionId}/key`, { method: 'PUT', body: { content } }),
    onSuccess: () =>
      Promise.all(
        ['/assessments/results', '/assessments/analysis'].map((k) => client.invalidateQueries({ queryKey: [k, id] })),
      ),
  });
}
