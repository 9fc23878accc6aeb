import type {
  ExamCards,
  ExamRoom,
  ExamRoomInput,
  ExamRoomSheet,
  ExamSession,
  ExamSessionInput,
  ExamSlot,
  ExamSlotInput,
  SchedulableExam,
} from '@mms/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

const BASE = '/exam-schedule';
type Id = number | null;
const unitQuery = (unitId: Id) => (unitId ? { unitId: String(unitId) } : {});

export function useExamRooms(unitId: Id) {
  return useQuery({
    queryKey: [`${BASE}/rooms`, unitId],
    queryFn: () => api<{ items: ExamRoom[] }>(`${BASE}/rooms`, { query: unitQuery(unitId) }),
  });
}

export function useExamSessions(unitId: Id) {
  return useQuery({
    queryKey: [`${BASE}/sessions`, unitId],
    queryFn: () => api<{ items: ExamSession[] }>(`${BASE}/sessions`, { query: unitQuery(unitId) }),
  });
}

export function useSchedulableExams(unitId: Id) {
  return useQuery({
    queryKey: [`${BASE}/exams`, unitId],
    queryFn: () => api<{ items: SchedulableExam[] }>(`${BASE}/exams`, { query: unitQuery(unitId) }),
  });
}

export interface SlotFilters {
  date: string;
  classGroupId: number | null;
  proctorEmployeeId: number | null;
}

export function useExamSlots(unitId: Id, f: SlotFilters) {
  return useQuery({
    queryKey: [`${BASE}/slots`, unitId, f],
    queryFn: () =>
      api<{ items: ExamSlot[] }>(`${BASE}/slots`, {
        query: {
          ...unitQuery(unitId),
          date: f.date || undefined,
          classGroupId: f.classGroupId ?? undefined,
          proctorEmployeeId: f.proctorEmployeeId ?? undefined,
        },
      }),
  });
}

export function useExamCards(classGroupId: Id) {
  return useQuery({
    queryKey: [`${BASE}/cards`, classGroupId],
    queryFn: () => api<ExamCards>(`${BASE}/cards/${classGroupId}`),
    enabled: classGroupId !== null,
  });
}

export function useExamRoomSheet(roomId: Id, sessionId: Id) {
  return useQuery({
    queryKey: [`${BASE}/rooms/sheet`, roomId, sessionId],
    queryFn: () => api<ExamRoomSheet>(`${BASE}/rooms/${roomId}/sessions/${sessionId}`),
    enabled: roomId !== null && sessionId !== null,
  });
}

/** Every write reads the schedule and its sheets again. */
function useWrite<T>(mutationFn: (v: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(BASE) }),
  });
}

const save =
  <B>(path: string) =>
  ({ id, body }: { id: number | null; body: B }) =>
    id ? api(`${BASE}/${path}/${id}`, { method: 'PUT', body }) : api(`${BASE}/${path}`, { method: 'POST', body });
const remove = (path: string) => (id: number) => api<void>(`${BASE}/${path}/${id}`, { method: 'DELETE' });

export const useSaveRoom = () => useWrite(save<ExamRoomInput>('rooms'));
export const useDeleteRoom = () => useWrite(remove('rooms'));
export const useSaveSession = () => useWrite(save<ExamSessionInput>('sessions'));
export const useDeleteSession = () => useWrite(remove('sessions'));
export const useSaveSlot = () => useWrite(save<ExamSlotInput>('slots'));
export const useDeleteSlot = () => useWrite(remove('slots'));
