import type {
  ExamAnswerFile,
  ExamAttemptDetail,
  ExamControlBoard,
  ExamControlList,
  ExamExtendInput,
  ExamKind,
  ExamPin,
  ExamReasonInput,
  ExamReopenInput,
  ExamToken,
  ExamTokenSettings,
} from '@mms/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** The control routes of the exam engine (packages/shared/src/contracts/exam-engine.ts). */
const BASE = '/exam/control';

/** The board is read again this often while it is on screen (the contract asks for 5 s). */
export const BOARD_POLL_MS = 5_000;
/** The list's counts move more slowly; it is read again less often. */
const LIST_POLL_MS = 30_000;

type Id = number | null;

export function useControlList(kind: ExamKind) {
  return useQuery({
    queryKey: [BASE, 'list', kind],
    queryFn: () => api<ExamControlList>(BASE, { query: { kind } }),
    refetchInterval: LIST_POLL_MS,
  });
}

export function useControlBoard(assessmentId: Id) {
  return useQuery({
    queryKey: [BASE, 'board', assessmentId],
    queryFn: () => api<ExamControlBoard>(`${BASE}/${assessmentId}`),
    enabled: assessmentId !== null,
    refetchInterval: BOARD_POLL_MS,
  });
}

export function useExamToken(assessmentId: Id, enabled: boolean) {
  return useQuery({
    queryKey: [BASE, 'token', assessmentId],
    queryFn: () => api<ExamToken>(`${BASE}/${assessmentId}/token`),
    enabled: assessmentId !== null && enabled,
    refetchInterval: BOARD_POLL_MS,
  });
}

export function useAttemptDetail(assessmentId: Id, attemptId: Id) {
  return useQuery({
    queryKey: [BASE, 'attempt', assessmentId, attemptId],
    queryFn: () => api<ExamAttemptDetail>(`${BASE}/${assessmentId}/attempts/${attemptId}`),
    enabled: assessmentId !== null && attemptId !== null,
    refetchInterval: BOARD_POLL_MS,
  });
}

/** Every action reads the board (and the token) again at once instead of waiting for the next poll. */
function useControlWrite<V, R>(mutationFn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: [BASE] }),
  });
}

export function useExtendTime(assessmentId: number) {
  return useControlWrite((body: ExamExtendInput) =>
    api<{ affected: number }>(`${BASE}/${assessmentId}/extend`, { method: 'POST', body }),
  );
}

export function useAllowDevice(assessmentId: number) {
  return useControlWrite((attemptId: number) =>
    api<ExamPin>(`${BASE}/${assessmentId}/attempts/${attemptId}/allow-device`, { method: 'POST' }),
  );
}

/** Force-submit (a reason) or reopen (a reason and minutes) one attempt. */
export function useAttemptStep(assessmentId: number) {
  return useControlWrite(
    ({
      step,
      attemptId,
      body,
    }: {
      step: 'force-submit' | 'reopen';
      attemptId: number;
      body: ExamReopenInput | ExamReasonInput;
    }) => api<{ affected: number }>(`${BASE}/${assessmentId}/attempts/${attemptId}/${step}`, { method: 'POST', body }),
  );
}

export function useUploadAnswerFile(assessmentId: number) {
  return useControlWrite((body: ExamAnswerFile) =>
    api<{ accepted: number; ignored: number }>(`${BASE}/${assessmentId}/answer-file`, { method: 'POST', body }),
  );
}

export function useTokenSettings(assessmentId: number) {
  return useControlWrite((body: ExamTokenSettings) =>
    api<ExamToken>(`${BASE}/${assessmentId}/token`, { method: 'PUT', body }),
  );
}
