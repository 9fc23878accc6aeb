import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MyRapors,
  MyRaporSubjects,
  RaporBoard,
  RaporNoteInput,
  RaporReopenInput,
  RaporSubmitInput,
  Semester,
} from '@mms/shared';
import { downloadServerExport } from '../../components/data-list/export-xlsx.ts';
import { api } from '../../lib/api.ts';

const BOARD = '/rapor/board';

/** The completeness board of a class and semester (issue 40 §3). */
export function useRaporBoard(classGroupId: number | null, semester: Semester) {
  return useQuery({
    queryKey: [BOARD, classGroupId, semester],
    queryFn: () => api<RaporBoard>(`/rapor/classes/${classGroupId}/board`, { query: { semester } }),
    enabled: classGroupId !== null,
    retry: false,
  });
}

type Action = 'submit' | 'remind' | 'lock' | 'publish' | 'reopen';
type ActionBody = RaporSubmitInput | { semester: Semester } | RaporReopenInput;

/** One of the board's actions (submit, remind, lock, publish, reopen); the board reloads after it. */
export function useRaporAction(classGroupId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: Action; body: ActionBody }) =>
      api(`/rapor/classes/${classGroupId}/${action}`, { method: 'POST', body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: [BOARD] }),
  });
}

/** The homeroom's note on a student's rapor. */
export function useSaveRaporNote(classGroupId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ studentId, body }: { studentId: number; body: RaporNoteInput }) =>
      api(`/rapor/classes/${classGroupId}/notes/${studentId}`, { method: 'PUT', body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: [BOARD] }),
  });
}

/** The caller's own class-subjects (what they may submit), each with its submission. */
export function useMyRaporSubjects(semester: Semester, enabled: boolean) {
  return useQuery({
    queryKey: [BOARD, 'mine', semester],
    queryFn: () => api<MyRaporSubjects>('/rapor/my-subjects', { query: { semester } }),
    enabled,
    retry: false,
  });
}

/** The signed-in student's published rapors. */
export function useMyRapors() {
  return useQuery({ queryKey: ['/rapor/mine'], queryFn: () => api<MyRapors>('/rapor/mine'), retry: false });
}

/** Downloads the student's own published rapor (the first download marks it seen). */
export const downloadMyRapor = (semester: Semester, fileName: string) =>
  downloadServerExport('/rapor/mine', { semester }, fileName, 'pdf');
