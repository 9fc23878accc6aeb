import {
  AnswerInput,
  AnswerSaved,
  Instrument,
  InstrumentClassSummary,
  InstrumentCreateInput,
  InstrumentDefinitionInput,
  InstrumentList,
  InstrumentMetaInput,
  InstrumentProfileBody,
  InstrumentResultsQuery,
  InstrumentWindow,
  InstrumentWindowInput,
  InstrumentWindowList,
  InstrumentsQuery,
  MyInstruments,
  MyInstrumentsQuery,
  OkResponse,
  InstrumentPreview,
  PlayAttempt,
  ReopenInput,
  type InstrumentImportResult,
  type InstrumentKind,
} from '@mms/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiForm } from '../../lib/api.ts';
import { endpoint, type Sent } from '../../lib/endpoint.ts';

/** The instrument routes, with the contracts the server routes declare. */
const routes = {
  list: endpoint('GET', '/instruments', { query: InstrumentsQuery, response: InstrumentList }),
  one: endpoint('GET', '/instruments/:id', { response: Instrument }),
  preview: endpoint('GET', '/instruments/:id/preview', { response: InstrumentPreview }),
  create: endpoint('POST', '/instruments', { body: InstrumentCreateInput, response: Instrument }),
  update: endpoint('PATCH', '/instruments/:id', { body: InstrumentMetaInput, response: Instrument }),
  definition: endpoint('PUT', '/instruments/:id/definition', { body: InstrumentDefinitionInput, response: Instrument }),
  windows: endpoint('GET', '/instruments/:id/windows', { response: InstrumentWindowList }),
  addWindow: endpoint('POST', '/instruments/:id/windows', { body: InstrumentWindowInput, response: InstrumentWindow }),
  changeWindow: endpoint('PATCH', '/instruments/windows/:windowId', {
    body: InstrumentWindowInput,
    response: InstrumentWindow,
  }),
  removeWindow: endpoint('DELETE', '/instruments/windows/:windowId', { response: OkResponse }),
  reopen: endpoint('POST', '/instruments/windows/:windowId/reopen', { body: ReopenInput, response: OkResponse }),
  summary: endpoint('GET', '/instruments/:id/summary', {
    query: InstrumentResultsQuery.omit({ page: true, pageSize: true }),
    response: InstrumentClassSummary,
  }),
  my: endpoint('GET', '/instruments/my', { query: MyInstrumentsQuery, response: MyInstruments }),
  start: endpoint('POST', '/instruments/my/windows/:windowId/attempt', { response: PlayAttempt }),
  answer: endpoint('PUT', '/instruments/my/attempts/:attemptId/answers', { body: AnswerInput, response: AnswerSaved }),
  submit: endpoint('POST', '/instruments/my/attempts/:attemptId/submit', { response: InstrumentProfileBody }),
};

const KEY = '/instruments';

/** The unit's instrument of a kind (the server picks the caller's unit); null when there is none yet. */
export function useInstrumentOfKind(kind: InstrumentKind) {
  return useQuery({
    queryKey: [KEY, 'kind', kind],
    queryFn: async () => {
      const list = await routes.list({ query: { kind } });
      const first = list.items[0];
      return first ? routes.one({ params: { id: first.id } }) : null;
    },
  });
}

/**
 * The instruments of a kind the caller's unit keeps (every unit's for one who sees all), for the play screen opened
 * by someone who is not a student (issue 39): the server answers 403 to whoever may not read them.
 */
export function useInstrumentsOfKind(kind: InstrumentKind) {
  return useQuery({ queryKey: [KEY, 'list', kind], queryFn: () => routes.list({ query: { kind } }) });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: [KEY] });
}

/** The instrument as a student answers it, for its counsellor to try (`enabled`: once the preview is opened). */
export function useInstrumentPreview(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['instruments', 'preview', id],
    queryFn: () => routes.preview({ params: { id } }),
    enabled,
  });
}

export function useCreateInstrument() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: Sent<typeof InstrumentCreateInput>) => routes.create({ body }),
    onSuccess: invalidate,
  });
}

export function useUpdateInstrument(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: InstrumentMetaInput) => routes.update({ params: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useSaveDefinition(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: InstrumentDefinitionInput) => routes.definition({ params: { id }, body }),
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
    queryFn: () => routes.windows({ params: { id: instrumentId } }),
  });
}

export function useSaveWindow(instrumentId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: InstrumentWindowInput }) =>
      id
        ? routes.changeWindow({ params: { windowId: id }, body })
        : routes.addWindow({ params: { id: instrumentId }, body }),
    onSuccess: invalidate,
  });
}

export function useRemoveWindow() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => routes.removeWindow({ params: { windowId: id } }),
    onSuccess: invalidate,
  });
}

export function useReopen() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ windowId, body }: { windowId: number; body: ReopenInput }) =>
      routes.reopen({ params: { windowId }, body }),
    onSuccess: invalidate,
  });
}

export function useSummary(
  instrumentId: number,
  filters: { academicYearId?: number; classGroupId?: number; gradeId?: number },
) {
  return useQuery({
    queryKey: [KEY, instrumentId, 'summary', filters],
    queryFn: () => routes.summary({ params: { id: instrumentId }, query: filters }),
  });
}

// ---- the student ----

export function useMyInstruments(kind: InstrumentKind) {
  return useQuery({
    queryKey: [KEY, 'my', kind],
    queryFn: () => routes.my({ query: { kind } }),
  });
}

export function useStartAttempt() {
  return useMutation({
    mutationFn: (windowId: number) => routes.start({ params: { windowId } }),
  });
}

export const saveAnswer = (attemptId: number, body: AnswerInput) => routes.answer({ params: { attemptId }, body });

export function useSubmitAttempt() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (attemptId: number) => routes.submit({ params: { attemptId } }),
    onSuccess: invalidate,
  });
}
