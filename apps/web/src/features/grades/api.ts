import type {
  MyScores,
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
