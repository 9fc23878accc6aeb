import {
  EXAM_DEVICE_HEADER,
  type ExamKind,
  type ExamList,
  type ExamPaper,
  type ExamSavesInput,
  type ExamSavesResult,
  type ExamStartInput,
  type ExamSubmitResult,
} from '@mms/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** The student's open and upcoming quizzes (FORMATIVE) or exams (SUMMATIVE). */
export function useMyExams(kind: ExamKind) {
  return useQuery({
    queryKey: ['/exam/mine', kind],
    queryFn: () => api<ExamList>('/exam/mine', { query: { kind } }),
    refetchInterval: 60_000,
  });
}

export const fetchMyExams = (kind: ExamKind) => api<ExamList>('/exam/mine', { query: { kind } });

/** Starts an attempt, or resumes the one running on this device (a PIN takes over one of another device). */
export const startExam = (assessmentId: number, body: ExamStartInput) =>
  api<ExamPaper>(`/exam/assessments/${assessmentId}/start`, { method: 'POST', body });

/** The attempt as the server holds it: answers, seconds left, notices. */
export const fetchAttempt = (attemptId: number, deviceId: string) =>
  api<ExamPaper>(`/exam/attempts/${attemptId}`, { headers: { [EXAM_DEVICE_HEADER]: deviceId } });

export const sendSaves = (attemptId: number, body: ExamSavesInput) =>
  api<ExamSavesResult>(`/exam/attempts/${attemptId}/saves`, { method: 'POST', body });

export const submitAttempt = (attemptId: number, deviceId: string) =>
  api<ExamSubmitResult>(`/exam/attempts/${attemptId}/submit`, { method: 'POST', body: { deviceId } });

// The engine's client that another test reuses (the admission selection test, issue 17): the journal and the
// queued saves with their send adapter (`SyncOptions.send`). Its screens' pieces (the countdown, the question
// renderers) are in widgets/.
export { ExamSync } from './exam-sync.ts';
export { examDeviceId, isAnswered, openExamJournal, type ExamJournal } from './exam-journal.ts';
export { gradeText, whenText } from './exam-display.ts';
