import type {
  CounsellingNote,
  CounsellingNoteInput,
  CounsellingNoteSummary,
  CounsellingReport,
  CounsellingStatusList,
  Psychotest,
  PsychotestInput,
  PsychotestSummary,
  StudentCounsellingNotes,
  StudentPsychotests,
} from '@mms/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiForm } from '../../lib/api.ts';

export const NOTES_PATH = '/counselling/notes';
export const PSYCHOTESTS_PATH = '/counselling/psychotests';

/** A note with its content; the server audits every such read, so it is fetched only when shown. */
export function useNote(id: number | null) {
  return useQuery({
    queryKey: [NOTES_PATH, 'detail', id],
    queryFn: () => api<CounsellingNote>(`${NOTES_PATH}/${id}`),
    enabled: !!id,
    // one audited read per opening, not one per focus or remount
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

function useInvalidate(path: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [path] });
}

export function useSaveNote(id: number | null) {
  const invalidate = useInvalidate(NOTES_PATH);
  return useMutation({
    mutationFn: (body: CounsellingNoteInput) =>
      id
        ? api<CounsellingNoteSummary>(`${NOTES_PATH}/${id}`, { method: 'PUT', body })
        : api<CounsellingNoteSummary>(NOTES_PATH, { method: 'POST', body }),
    onSuccess: () => void invalidate(),
  });
}

export function useDeleteNote() {
  const invalidate = useInvalidate(NOTES_PATH);
  return useMutation({
    mutationFn: (id: number) => api(`${NOTES_PATH}/${id}`, { method: 'DELETE' }),
    onSuccess: () => void invalidate(),
  });
}

/** That a student has counselling cases and their status (the homeroom teacher's card). */
export function useCounsellingStatus(studentId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: ['/counselling/status', studentId],
    queryFn: () => api<CounsellingStatusList>('/counselling/status', { query: { studentId } }),
    enabled: enabled && !!studentId,
    retry: false,
  });
}

export function useMyNotes() {
  return useQuery({
    queryKey: ['/counselling/me/notes'],
    queryFn: () => api<StudentCounsellingNotes>('/counselling/me/notes'),
  });
}

export function usePsychotest(id: number | null) {
  return useQuery({
    queryKey: [PSYCHOTESTS_PATH, 'detail', id],
    queryFn: () => api<Psychotest>(`${PSYCHOTESTS_PATH}/${id}`),
    enabled: !!id,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

export function useSavePsychotest(id: number | null) {
  const invalidate = useInvalidate(PSYCHOTESTS_PATH);
  return useMutation({
    mutationFn: (body: PsychotestInput) =>
      id
        ? api<PsychotestSummary>(`${PSYCHOTESTS_PATH}/${id}`, { method: 'PUT', body })
        : api<PsychotestSummary>(PSYCHOTESTS_PATH, { method: 'POST', body }),
    onSuccess: () => void invalidate(),
  });
}

export function useDeletePsychotest() {
  const invalidate = useInvalidate(PSYCHOTESTS_PATH);
  return useMutation({
    mutationFn: (id: number) => api(`${PSYCHOTESTS_PATH}/${id}`, { method: 'DELETE' }),
    onSuccess: () => void invalidate(),
  });
}

export function useAttachPsychotestFile(id: number) {
  const invalidate = useInvalidate(PSYCHOTESTS_PATH);
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return apiForm<PsychotestSummary>(`${PSYCHOTESTS_PATH}/${id}/attachment`, form);
    },
    onSuccess: () => void invalidate(),
  });
}

export function useRemovePsychotestFile(id: number) {
  const invalidate = useInvalidate(PSYCHOTESTS_PATH);
  return useMutation({
    mutationFn: () => api<PsychotestSummary>(`${PSYCHOTESTS_PATH}/${id}/attachment`, { method: 'DELETE' }),
    onSuccess: () => void invalidate(),
  });
}

export function useMyPsychotests() {
  return useQuery({
    queryKey: ['/counselling/me/psychotests'],
    queryFn: () => api<StudentPsychotests>('/counselling/me/psychotests'),
  });
}

export function useCounsellingReport(query: { unitId?: number | undefined; fromMonth: string; toMonth: string }) {
  return useQuery({
    queryKey: ['/counselling/report', query],
    queryFn: () => api<CounsellingReport>('/counselling/report', { query }),
    enabled: !!query.fromMonth && !!query.toMonth,
  });
}
