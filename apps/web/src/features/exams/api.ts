import {
  ExamCards,
  ExamRoom,
  ExamRoomInput,
  ExamRoomList,
  ExamRoomSheet,
  ExamScheduleQuery,
  ExamSession,
  ExamSessionInput,
  ExamSessionList,
  ExamSlot,
  ExamSlotInput,
  ExamSlotList,
  ExamUnitQuery,
  OkResponse,
  SchedulableExamList,
} from '@mms/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoint, saveBy } from '../../lib/endpoint.ts';

const BASE = '/exam-schedule';
type Id = number | null;

/** The exam schedule's routes, with the contracts the server routes declare. */
const routes = {
  rooms: endpoint('GET', '/exam-schedule/rooms', { query: ExamUnitQuery, response: ExamRoomList }),
  addRoom: endpoint('POST', '/exam-schedule/rooms', { body: ExamRoomInput, response: ExamRoom }),
  changeRoom: endpoint('PUT', '/exam-schedule/rooms/:id', { body: ExamRoomInput, response: ExamRoom }),
  deleteRoom: endpoint('DELETE', '/exam-schedule/rooms/:id', { response: OkResponse }),
  sessions: endpoint('GET', '/exam-schedule/sessions', { query: ExamUnitQuery, response: ExamSessionList }),
  addSession: endpoint('POST', '/exam-schedule/sessions', { body: ExamSessionInput, response: ExamSession }),
  changeSession: endpoint('PUT', '/exam-schedule/sessions/:id', { body: ExamSessionInput, response: ExamSession }),
  deleteSession: endpoint('DELETE', '/exam-schedule/sessions/:id', { response: OkResponse }),
  exams: endpoint('GET', '/exam-schedule/exams', { query: ExamUnitQuery, response: SchedulableExamList }),
  slots: endpoint('GET', '/exam-schedule/slots', { query: ExamScheduleQuery, response: ExamSlotList }),
  addSlot: endpoint('POST', '/exam-schedule/slots', { body: ExamSlotInput, response: ExamSlot }),
  changeSlot: endpoint('PUT', '/exam-schedule/slots/:id', { body: ExamSlotInput, response: ExamSlot }),
  deleteSlot: endpoint('DELETE', '/exam-schedule/slots/:id', { response: OkResponse }),
  cards: endpoint('GET', '/exam-schedule/cards/:classGroupId', { response: ExamCards }),
  roomSheet: endpoint('GET', '/exam-schedule/rooms/:roomId/sessions/:sessionId', { response: ExamRoomSheet }),
};
const unitQuery = (unitId: Id) => ({ unitId: unitId || undefined });

export function useExamRooms(unitId: Id) {
  return useQuery({
    queryKey: [`${BASE}/rooms`, unitId],
    queryFn: () => routes.rooms({ query: unitQuery(unitId) }),
  });
}

export function useExamSessions(unitId: Id) {
  return useQuery({
    queryKey: [`${BASE}/sessions`, unitId],
    queryFn: () => routes.sessions({ query: unitQuery(unitId) }),
  });
}

export function useSchedulableExams(unitId: Id) {
  return useQuery({
    queryKey: [`${BASE}/exams`, unitId],
    queryFn: () => routes.exams({ query: unitQuery(unitId) }),
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
      routes.slots({
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
    queryFn: () => routes.cards({ params: { classGroupId: classGroupId! } }),
    enabled: classGroupId !== null,
  });
}

export function useExamRoomSheet(roomId: Id, sessionId: Id) {
  return useQuery({
    queryKey: [`${BASE}/rooms/sheet`, roomId, sessionId],
    queryFn: () => routes.roomSheet({ params: { roomId: roomId!, sessionId: sessionId! } }),
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

const remove = (route: (input: { params: { id: number } }) => Promise<unknown>) => (id: number) =>
  route({ params: { id } });

export const useSaveRoom = () => useWrite(saveBy(routes.addRoom, routes.changeRoom));
export const useDeleteRoom = () => useWrite(remove(routes.deleteRoom));
export const useSaveSession = () => useWrite(saveBy(routes.addSession, routes.changeSession));
export const useDeleteSession = () => useWrite(remove(routes.deleteSession));
export const useSaveSlot = () => useWrite(saveBy(routes.addSlot, routes.changeSlot));
export const useDeleteSlot = () => useWrite(remove(routes.deleteSlot));
