import type {
  ClassControlInput,
  ClassControlVisit,
  ClassJournal,
  JournalInput,
  LessonRoster,
  LessonSubstitute,
  LookupList,
  MaterialChoices,
  SubstituteInput,
  SubjectMaterial,
  SubjectMaterialInput,
  SubjectMaterialUpdate,
  TeacherToday,
  TimetableResponse,
} from '@mms/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiForm, isApiError } from '../../lib/api.ts';

type Id = number | null | undefined;

export function useTeacherToday(enabled = true) {
  return useQuery({
    queryKey: ['/journals/today'],
    queryFn: () => api<TeacherToday>('/journals/today'),
    enabled,
  });
}

/** The caller's own teaching timetable (the lessons a journal can be written for). */
export function useOwnLessons() {
  return useQuery({ queryKey: ['/timetable', 'me'], queryFn: () => api<TimetableResponse>('/timetable/me') });
}

/** A class's timetable (a leader writes the journal of any lesson). */
export function useClassLessons(classGroupId: Id) {
  return useQuery({
    queryKey: ['/timetable', 'class', classGroupId],
    queryFn: () => api<TimetableResponse>(`/timetable/classes/${classGroupId}`),
    enabled: !!classGroupId,
  });
}

/** The journal of a lesson on a date; null when it is not written yet (404). */
export function useJournal(slotId: Id, date: string) {
  return useQuery({
    queryKey: ['/journals/slot', slotId, date],
    queryFn: async () => {
      try {
        return await api<ClassJournal>(`/journals/slots/${slotId}/${date}`);
      } catch (e) {
        if (isApiError(e) && e.status === 404) return null;
        throw e;
      }
    },
    enabled: !!slotId && !!date,
  });
}

export function useLessonRoster(slotId: Id, date: string) {
  return useQuery({
    queryKey: ['/journals/roster', slotId, date],
    queryFn: () => api<LessonRoster>(`/journals/slots/${slotId}/${date}/roster`),
    enabled: !!slotId && !!date,
  });
}

export function useSaveJournal(slotId: number, date: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: JournalInput) => api<ClassJournal>(`/journals/slots/${slotId}/${date}`, { method: 'PUT', body }),
    onSuccess: (data) => {
      client.setQueryData(['/journals/slot', slotId, date], data);
      void client.invalidateQueries({ queryKey: ['/journals/today'] });
      void client.invalidateQueries({ queryKey: ['/journals/roster', slotId, date] });
      void client.invalidateQueries({ queryKey: ['/journals'] });
    },
  });
}

/** The substitutions of a date: the unit's for leaders, the caller's own lessons for a teacher. */
export function useSubstitutes(date: string) {
  return useQuery({
    queryKey: ['/journals/substitutes', date],
    queryFn: () => api<LessonSubstitute[]>('/journals/substitutes', { query: { from: date, to: date } }),
  });
}

/** A leader names (or withdraws, with null) the substitute teacher of a lesson on a date. */
export function useSetSubstitute(slotId: number, date: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SubstituteInput | null) =>
      body
        ? api<LessonSubstitute>(`/journals/slots/${slotId}/${date}/substitute`, { method: 'PUT', body })
        : api<unknown>(`/journals/slots/${slotId}/${date}/substitute`, { method: 'DELETE' }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['/journals/substitutes', date] });
      void client.invalidateQueries({ queryKey: ['/journals/slot', slotId, date] });
      void client.invalidateQueries({ queryKey: ['/journals'] });
    },
  });
}

/** Teachers of a unit, to name a substitute. */
export function useTeachers(unitId: Id) {
  return useQuery({
    queryKey: ['/lookups/teachers', unitId],
    queryFn: () => api<LookupList>('/lookups/teachers', { query: { unitId: unitId ?? undefined } }),
    enabled: !!unitId,
    staleTime: 5 * 60_000,
  });
}

// ---------- subject material ----------

/** The subjects and grades the signed-in user may write material for (decided by the server). */
export function useMaterialChoices(unitId: Id) {
  return useQuery({
    queryKey: ['/materials/choices', unitId],
    queryFn: () => api<MaterialChoices>('/materials/choices', { query: { unitId: unitId ?? undefined } }),
    staleTime: 5 * 60_000,
  });
}

/** Sends the files picked for a material, one after the other; the material as it ends. */
export async function uploadMaterialFiles(id: number, files: File[]): Promise<SubjectMaterial | null> {
  let last: SubjectMaterial | null = null;
  for (const file of files) {
    const form = new FormData();
    form.set('file', file);
    last = await apiForm<SubjectMaterial>(`/materials/${id}/attachments`, form);
  }
  return last;
}

export function useSaveMaterial() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SubjectMaterialInput | SubjectMaterialUpdate }) =>
      id
        ? api<SubjectMaterial>(`/materials/${id}`, { method: 'PATCH', body })
        : api<SubjectMaterial>('/materials', { method: 'POST', body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['/materials'] }),
  });
}

export function useDeleteMaterial() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/materials/${id}`, { method: 'DELETE' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['/materials'] }),
  });
}

// ---------- class control ----------

export function useRecordVisit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ClassControlInput) => api<ClassControlVisit>('/class-control', { method: 'POST', body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['/class-control'] }),
  });
}

export function useDeleteVisit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/class-control/${id}`, { method: 'DELETE' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['/class-control'] }),
  });
}

export function useAddMaterialFile(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.set('file', file);
      return apiForm<SubjectMaterial>(`/materials/${id}/attachments`, form);
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: ['/materials'] }),
  });
}

export function useRemoveMaterialFile(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (index: number) => api<SubjectMaterial>(`/materials/${id}/attachments/${index}`, { method: 'DELETE' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['/materials'] }),
  });
}
