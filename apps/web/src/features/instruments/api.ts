import type {
  AnswerInput,
  AnswerSaved,
  Instrument,
  InstrumentClassSummary,
  InstrumentCreateBody,
  InstrumentDefinitionInput,
  InstrumentImportResult,
  InstrumentKind,
  InstrumentList,
  InstrumentMetaInput,
  InstrumentProfileBody,
  InstrumentWindow,
  InstrumentWindowInput,
  InstrumentWindowList,
  MyInstruments,
  PlayAttempt,
  ReopenInput,
} from '@mms/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiForm } from '../../lib/api.ts';

const KEY = '/instruments';

/** The unit's instrument of a kind (the server picks the caller's unit); null when there is none yet. */
export function useInstrumentOfKind(kind: InstrumentKind) {
  return useQuery({
    queryKey: [KEY, 'kind', kind],
    queryFn: async () => {
      const list = await api<InstrumentList>('/instruments', { query: { kind } });
      const first = list.items[0];
      return first ? api<Instrument>(`/instruments/${first.id}`) : null;
    },
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: [KEY] });
}

export function useCreateInstrument() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: InstrumentCreateBody) => api<Instrument>('/instruments', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useUpdateInstrument(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: InstrumentMetaInput) => api<Instrument>(`/instruments/${id}`, { method: 'PATCH', body }),
    onSuccess: invalidate,
  });
}

export function useSaveDefinition(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: InstrumentDefinitionInput) =>
      api<Instrument>(`/instruments/${id}/definition`, { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

/** Sends an Excel workbook of items (it replaces the instrument's items) and refreshes what shows them. */
export function useImportItems(id: number) {
  const invalidate = useInvalidate();
  return async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    const result = await apiForm<InstrumentImportResult>('/instruments/items-import', form, {
      query: { instrumentId: id },
    });
    await invalidate();
    return result;
  };
}

export function useWindows(instrumentId: number) {
  return useQuery({
    queryKey: [KEY, instrumentId, 'windows'],
    queryFn: () => api<InstrumentWindowList>(`/instruments/${instrumentId}/windows`),
  });
}

export function useSaveWindow(instrumentId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: InstrumentWindowInput }) =>
      id
        ? api<InstrumentWindow>(`/instruments/windows/${id}`, { method: 'PATCH', body })
        : api<InstrumentWindow>(`/instruments/${instrumentId}/windows`, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useRemoveWindow() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api(`/instruments/windows/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useReopen() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ windowId, body }: { windowId: number; body: ReopenInput }) =>
      api(`/instruments/windows/${windowId}/reopen`, { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useSummary(
  instrumentId: number,
  filters: { academicYearId?: number; classGroupId?: number; gradeId?: number },
) {
  return useQuery({
    queryKey: [KEY, instrumentId, 'summary', filters],
    queryFn: () => api<InstrumentClassSummary>(`/instruments/${instrumentId}/summary`, { query: filters }),
  });
}

// ---- the student ----

export function useMyInstruments(kind: InstrumentKind) {
  return useQuery({
    queryKey: [KEY, 'my', kind],
    queryFn: () => api<MyInstruments>('/instruments/my', { query: { kind } }),
  });
}

export function useStartAttempt() {
  return useMutation({
    mutationFn: (windowId: number) =>
      api<PlayAttempt>(`/instruments/my/windows/${windowId}/attempt`, { method: 'POST' }),
  });
}

export const saveAnswer = (attemptId: number, body: AnswerInput) =>
  api<AnswerSaved>(`/instruments/my/attempts/${attemptId}/answers`, { method: 'PUT', body });

export function useSubmitAttempt() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (attemptId: number) =>
      api<InstrumentProfileBody>(`/instruments/my/attempts/${attemptId}/submit`, { method: 'POST' }),
    onSuccess: invalidate,
  });
}
