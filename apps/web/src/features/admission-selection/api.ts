import {
  APPLICANT_STATES,
  CSRF_HEADER,
  type ApplicantSessionResponse,
  type ExamSavesInput,
  type ExamSavesResult,
  type SelectionAttemptDetail,
  type SelectionAnnouncement,
  type SelectionAttempts,
  type SelectionCards,
  type SelectionDrawInput,
  type SelectionDrawResult,
  type SelectionDraws,
  type SelectionCorrectionInput,
  type SelectionDecideInput,
  type SelectionPaper,
  type SelectionQuestion,
  type SelectionQuestionPage,
  type QuestionType,
  type SelectionRanking,
  type SelectionWaves,
} from '@mms/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export type Decision = SelectionDecideInput['decisions'][number]['to'];
export { APPLICANT_STATES };

// ---- the applicant (cookie mms_applicant, its own CSRF token held in memory for the page)
let applicantCsrf: string | null = null;
const withCsrf = () => (applicantCsrf ? { [CSRF_HEADER]: applicantCsrf } : undefined);

/** The signed-in applicant (401 when not signed in): remembers the CSRF token for the test's changes. */
export async function applicantMe(): Promise<ApplicantSessionResponse> {
  const me = await api<ApplicantSessionResponse>('/admission/public/me');
  applicantCsrf = me.csrfToken;
  return me;
}

export async function applicantSignIn(regNo: string, pin: string): Promise<ApplicantSessionResponse> {
  const me = await api<ApplicantSessionResponse>('/admission/public/sign-in', {
    method: 'POST',
    body: { regNo, pin },
  });
  applicantCsrf = me.csrfToken;
  return me;
}

export const fetchPaper = () => api<SelectionPaper>('/admission/public/test');
export const startTest = (deviceId: string) =>
  api<SelectionPaper>('/admission/public/test/start', { method: 'POST', body: { deviceId }, headers: withCsrf() });
/** The exam engine's send adapter: the attempt is the applicant's own, the server knows it from the session. */
export const sendSelectionSaves = (_attemptId: number, body: ExamSavesInput) =>
  api<ExamSavesResult>('/admission/public/test/answers', { method: 'PUT', body, headers: withCsrf() });
export const submitTest = () =>
  api<{ status: string; submittedAt: string }>('/admission/public/test/submit', {
    method: 'POST',
    body: {},
    headers: withCsrf(),
  });

// ---- the staff
export const useSelectionWaves = () =>
  useQuery({
    queryKey: ['/admission/selection/waves'],
    queryFn: () => api<SelectionWaves>('/admission/selection/waves'),
  });

export const useSelectionAttempts = (waveId: number | null) =>
  useQuery({
    queryKey: ['/admission/selection/attempts', waveId],
    queryFn: () => api<SelectionAttempts>('/admission/selection/attempts', { query: { waveId: waveId! } }),
    enabled: waveId !== null,
  });

export const useSelectionAttempt = (id: number) =>
  useQuery({
    queryKey: ['/admission/selection/attempts', 'one', id],
    queryFn: () => api<SelectionAttemptDetail>(`/admission/selection/attempts/${id}`),
  });

export function useCorrectAnswer(attemptId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, ...body }: SelectionCorrectionInput & { questionId: number }) =>
      api<SelectionAttemptDetail>(`/admission/selection/attempts/${attemptId}/answers/${questionId}`, {
        method: 'PUT',
        body,
      }),
    onSuccess: (data) => {
      client.setQueryData(['/admission/selection/attempts', 'one', attemptId], data);
      void client.invalidateQueries({ queryKey: ['/admission/selection/ranking'] });
      void client.invalidateQueries({ queryKey: ['/admission/selection/attempts', data.attempt.waveId] });
    },
  });
}

export const useSelectionRanking = (waveId: number | null) =>
  useQuery({
    queryKey: ['/admission/selection/ranking', waveId],
    queryFn: () => api<SelectionRanking>('/admission/selection/ranking', { query: { waveId: waveId! } }),
    enabled: waveId !== null,
  });

export function useDecide() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SelectionDecideInput) =>
      api<{ moved: number }>('/admission/selection/decisions', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['/admission/selection/ranking'] }),
  });
}

export const useSelectionCards = (waveId: number | null) =>
  useQuery({
    queryKey: ['/admission/selection/cards', waveId],
    queryFn: () => api<SelectionCards>('/admission/selection/cards', { query: { waveId: waveId! } }),
    enabled: waveId !== null,
  });

export const useSelectionAnnouncement = (waveId: number | null) =>
  useQuery({
    queryKey: ['/admission/selection/announcement', waveId],
    queryFn: () => api<SelectionAnnouncement>('/admission/selection/announcement', { query: { waveId: waveId! } }),
    enabled: waveId !== null,
  });

export const useSelectionDraws = (waveId: number | null) =>
  useQuery({
    queryKey: ['/admission/selection/draws', waveId],
    queryFn: () => api<SelectionDraws>('/admission/selection/draws', { query: { waveId: waveId! } }),
    enabled: waveId !== null,
  });

export function useDraw() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SelectionDrawInput) =>
      api<SelectionDrawResult>('/admission/selection/draws', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['/admission/selection/draws'] }),
  });
}

export const useSelectionQuestions = (f: {
  page: number;
  pageSize: number;
  q: string;
  type: QuestionType | null;
  tag: string;
}) =>
  useQuery({
    queryKey: ['/admission/selection/questions', f],
    queryFn: () =>
      api<SelectionQuestionPage>('/admission/selection/questions', {
        query: {
          page: f.page,
          pageSize: f.pageSize,
          ...(f.q.trim() ? { q: f.q.trim() } : {}),
          ...(f.type ? { type: f.type } : {}),
          ...(f.tag.trim() ? { tag: f.tag.trim() } : {}),
        },
      }),
  });

export const useSelectionQuestion = (id: number) =>
  useQuery({
    queryKey: ['/admission/selection/questions', 'one', id],
    queryFn: () => api<SelectionQuestion>(`/admission/selection/questions/${id}`),
  });

export function useDeleteSelectionQuestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<unknown>(`/admission/selection/questions/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['/admission/selection/questions'] }),
  });
}
