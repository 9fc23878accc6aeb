import type {
  QuestionImportResult,
  AssessmentAction,
  AssessmentDetail,
  AssessmentItemsInput,
  ClassGroup,
  DrawRulesInput,
  Page,
  Question,
  QuestionChoices,
  QuestionImage,
  QuestionInput,
  QuestionUpdate,
  ScheduleInput,
  ShareInput,
} from '@mms/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchAllPages } from '../../components/data-list/fetch-all.ts';
import { filterQuery, type ListFilters } from '../../components/data-list/list-params.ts';
import {
  AssessmentDetail as AssessmentDetailSchema,
  AssessmentInput,
  AssessmentItemsInput as AssessmentItemsInputSchema,
  AssessmentUpdate,
  DrawRulesInput as DrawRulesInputSchema,
  OkResponse,
  ScheduleInput as ScheduleInputSchema,
  ShareInput as ShareInputSchema,
  TransitionInput,
} from '@mms/shared';
import { api, apiForm } from '../../lib/api.ts';
import { endpoint, saveBy } from '../../lib/endpoint.ts';

/** The assessment routes on endpoint so far, with the contracts the server routes declare. */
const routes = {
  one: endpoint('GET', '/assessments/:id', { response: AssessmentDetailSchema }),
  add: endpoint('POST', '/assessments', { body: AssessmentInput, response: AssessmentDetailSchema }),
  change: endpoint('PUT', '/assessments/:id', { body: AssessmentUpdate, response: AssessmentDetailSchema }),
  remove: endpoint('DELETE', '/assessments/:id', { response: OkResponse }),
  items: endpoint('PUT', '/assessments/:id/items', {
    body: AssessmentItemsInputSchema,
    response: AssessmentDetailSchema,
  }),
  drawRules: endpoint('PUT', '/assessments/:id/draw-rules', {
    body: DrawRulesInputSchema,
    response: AssessmentDetailSchema,
  }),
  share: endpoint('POST', '/assessments/:id/share', { body: ShareInputSchema, response: AssessmentDetailSchema }),
  copy: endpoint('POST', '/assessments/:id/copy', { response: AssessmentDetailSchema }),
  schedule: endpoint('POST', '/assessments/:id/schedule', {
    body: ScheduleInputSchema,
    response: AssessmentDetailSchema,
  }),
  /** a step of the workflow (submit, approve, return ...): its note, if any */
  step: endpoint('POST', '/assessments/:id/:action', { body: TransitionInput, response: AssessmentDetailSchema }),
};

/** The subject and grade pairs the caller may write questions for (the same rule as the server's write check). */
export function useQuestionChoices(enabled = true) {
  return useQuery({
    queryKey: ['/questions/choices'],
    queryFn: () => api<QuestionChoices>('/questions/choices'),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** Writes a question, or its next version (PUT). */
export function useSaveQuestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: QuestionInput | QuestionUpdate }) =>
      id
        ? api<Question>(`/questions/${id}`, { method: 'PUT', body })
        : api<Question>('/questions', { method: 'POST', body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['/questions'] }),
  });
}

export function useDeleteQuestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/questions/${id}`, { method: 'DELETE' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['/questions'] }),
  });
}

export type QuestionFileFormat = 'xlsx' | 'docx';

/** Imports an Excel or Word file of questions into a subject and grade (all or nothing; errors by question). */
export function useImportQuestions(format: QuestionFileFormat) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ subjectId, gradeId, file }: { subjectId: number; gradeId: number; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return apiForm<QuestionImportResult>(`/questions/import/${format}`, form, { query: { subjectId, gradeId } });
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: ['/questions'] }),
    meta: { silent: true },
  });
}

/** Every question the bank's filters select, for the printed paper. */
export function usePaperQuestions(filters: ListFilters, enabled: boolean) {
  const query = filterQuery(filters);
  return useQuery({
    queryKey: ['/questions', 'paper', query],
    queryFn: ({ signal }) =>
      fetchAllPages<Question>('/questions', query, signal).then((p) => p.items.sort((a, b) => a.id - b.id)),
    enabled,
  });
}

/** One assessment with its questions, draw rules and shares. */
export function useAssessment(id: number | null) {
  return useQuery({
    queryKey: ['/assessments', 'one', id],
    queryFn: () => routes.one({ params: { id: id! } }),
    enabled: id !== null,
  });
}

/** Writes an assessment (a draft) or edits a draft or returned one (PUT). */
export function useSaveAssessment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveBy(routes.add, routes.change),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['/assessments'] }),
  });
}

/** A write to one assessment (`/assessments/:id/<what>`) answered with the assessment; the lists refresh. */
function useAssessmentWrite<B>(route: (input: { params: { id: number }; body: B }) => Promise<AssessmentDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: B }) => route({ params: { id }, body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['/assessments'] }),
  });
}

/** Sets the fixed questions of an assessment, in order. */
export const useSetAssessmentItems = () => useAssessmentWrite<AssessmentItemsInput>(routes.items);

/** Sets the rules that draw questions per student (replacing the old ones). */
export const useSetDrawRules = () => useAssessmentWrite<DrawRulesInput>(routes.drawRules);

/** Shares an assessment with another teacher, to read or to copy. */
export const useShareAssessment = () => useAssessmentWrite<ShareInput>(routes.share);

/** Copies an assessment (the caller's own, or one shared to copy) as the caller's new draft. */
export const useCopyAssessment = () =>
  useAssessmentWrite<Record<string, never>>(({ params }) => routes.copy({ params }));

/** Puts an approved assessment on the schedule: its classes and window. */
export const useScheduleAssessment = () => useAssessmentWrite<ScheduleInput>(routes.schedule);

export function useDeleteAssessment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => routes.remove({ params: { id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['/assessments'] }),
  });
}

/** A step of the workflow (submit, approve, return with its note...). */
export function useAssessmentStep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, note = null }: { id: number; action: AssessmentAction; note?: string | null }) =>
      routes.step({ params: { id, action }, body: { note } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['/assessments'] }),
  });
}

/** The bank's questions of one subject and grade (what an assessment may be built from). */
export function useBankQuestions(subjectId: number | null, gradeId: number | null) {
  return useQuery({
    queryKey: ['/questions', 'pick', subjectId, gradeId],
    queryFn: () =>
      api<Page<Question>>('/questions', { query: { subjectId: subjectId!, gradeId: gradeId!, pageSize: 200 } }),
    enabled: subjectId !== null && gradeId !== null,
  });
}

/** The class groups of a grade in the active year (who may take an assessment of that grade). */
export function useGradeClasses(gradeId: number | null, academicYearId: number | null) {
  return useQuery({
    queryKey: ['/classes', 'assessment', gradeId, academicYearId],
    queryFn: () =>
      api<Page<ClassGroup>>('/classes', {
        query: { gradeId: gradeId!, academicYearId: academicYearId!, pageSize: 200 },
      }),
    enabled: gradeId !== null && academicYearId !== null,
    staleTime: 5 * 60_000,
  });
}

/** Uploads a picture from the question editor; answers the address the rich text points to. */
export async function uploadQuestionImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  return (await apiForm<QuestionImage>('/questions/images', form)).url;
}
