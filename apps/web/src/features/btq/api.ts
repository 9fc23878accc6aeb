import type {
  BtqAddMembersInput,
  BtqCutoffs,
  BtqCutoffsInput,
  BtqGroup,
  BtqGroupInput,
  BtqGroupList,
  BtqGroupMembers,
  BtqGroupUpdate,
  BtqLevelInput,
  BtqLevelUpdate,
  BtqMethod,
  BtqMethodInput,
  BtqMethodList,
  BtqMethodUpdate,
  BtqMoveInput,
  BtqPlacementInput,
  BtqPresenceInput,
  BtqPresenceRecap,
  BtqPresenceSheet,
  BtqStudentHistory,
  BtqStudentRow,
  BtqTeacher,
  BtqTeacherAccount,
  BtqTeacherInput,
  BtqTeacherUpdate,
  Page,
} from '@mms/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

const B = '/btq';

/** Drops every cached BTQ answer after a change. */
function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(B) });
}

function useWrite<I, O>(fn: (input: I) => Promise<O>) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: fn, onSuccess: refresh });
}

/** `unitId` null: the caller belongs to no unit and has not chosen one yet (the query waits). */
const unitQuery = (unitId: number | null) => ({ unitId: unitId ?? undefined });

export const useMethods = (unitId: number | null) =>
  useQuery({
    queryKey: [`${B}/methods`, unitId],
    queryFn: () => api<BtqMethodList>(`${B}/methods`, { query: unitQuery(unitId) }),
  });

export const useSaveMethod = () =>
  useWrite(({ id, body }: { id?: number; body: BtqMethodInput | BtqMethodUpdate }) =>
    id
      ? api<BtqMethod>(`${B}/methods/${id}`, { method: 'PATCH', body })
      : api<BtqMethod>(`${B}/methods`, { method: 'POST', body }),
  );

export const useAddLevel = () =>
  useWrite(({ methodId, body }: { methodId: number; body: BtqLevelInput }) =>
    api<BtqMethod>(`${B}/methods/${methodId}/levels`, { method: 'POST', body }),
  );

export const useUpdateLevel = () =>
  useWrite(({ id, body }: { id: number; body: BtqLevelUpdate }) =>
    api<BtqMethod>(`${B}/levels/${id}`, { method: 'PATCH', body }),
  );

export const useDeleteLevel = () => useWrite((id: number) => api<BtqMethod>(`${B}/levels/${id}`, { method: 'DELETE' }));

export const useReorderLevels = () =>
  useWrite(({ methodId, levelIds }: { methodId: number; levelIds: number[] }) =>
    api<BtqMethod>(`${B}/methods/${methodId}/order`, { method: 'PUT', body: { levelIds } }),
  );

export const useCutoffs = (unitId: number | null) =>
  useQuery({
    queryKey: [`${B}/cutoffs`, unitId],
    queryFn: () => api<BtqCutoffs>(`${B}/cutoffs`, { query: unitQuery(unitId) }),
    enabled: unitId !== null,
  });

export const useSaveCutoffs = () =>
  useWrite((body: BtqCutoffsInput) => api<BtqCutoffs>(`${B}/cutoffs`, { method: 'PUT', body }));

export const useTeachers = (unitId: number | null, activeOnly = false) =>
  useQuery({
    queryKey: [`${B}/teachers`, unitId, activeOnly],
    queryFn: () =>
      api<{ items: BtqTeacher[] }>(`${B}/teachers`, {
        query: { ...unitQuery(unitId), active: activeOnly ? 'true' : undefined },
      }),
    enabled: unitId !== null,
  });

export const useEmployeeOptions = (unitId: number | null) =>
  useQuery({
    queryKey: [`${B}/teachers/employees`, unitId],
    queryFn: () =>
      api<{ items: { id: number; name: string; employeeNumber: string }[] }>(`${B}/teachers/employees`, {
        query: unitQuery(unitId),
      }),
    enabled: unitId !== null,
  });

export const useSaveTeacher = () =>
  useWrite(({ id, body }: { id?: number; body: BtqTeacherInput | BtqTeacherUpdate }) =>
    id
      ? api<BtqTeacher>(`${B}/teachers/${id}`, { method: 'PATCH', body })
      : api<BtqTeacher>(`${B}/teachers`, { method: 'POST', body }),
  );

/** Gives an outside ustadz a sign-in; the answer holds the one-time password, shown once. */
export const useCreateTeacherAccount = () =>
  useWrite(({ id, username }: { id: number; username: string }) =>
    api<BtqTeacherAccount>(`${B}/teachers/${id}/account`, { method: 'POST', body: { username } }),
  );

export const useGroups = (unitId: number | null, enabled = true) =>
  useQuery({
    queryKey: [`${B}/groups`, unitId],
    queryFn: () => api<BtqGroupList>(`${B}/groups`, { query: unitQuery(unitId) }),
    enabled,
  });

export const useSaveGroup = () =>
  useWrite(({ id, body }: { id?: number; body: BtqGroupInput | BtqGroupUpdate }) =>
    id
      ? api<BtqGroup>(`${B}/groups/${id}`, { method: 'PATCH', body })
      : api<BtqGroup>(`${B}/groups`, { method: 'POST', body }),
  );

export const useGroupMembers = (groupId: number | null) =>
  useQuery({
    queryKey: [`${B}/groups/members`, groupId],
    queryFn: () => api<BtqGroupMembers>(`${B}/groups/${groupId}/members`),
    enabled: groupId !== null,
  });

export const useAddMembers = () =>
  useWrite(({ groupId, body }: { groupId: number; body: BtqAddMembersInput }) =>
    api<{ ok: true }>(`${B}/groups/${groupId}/members`, { method: 'POST', body }),
  );

export const useRemoveMember = () =>
  useWrite(({ groupId, studentId }: { groupId: number; studentId: number }) =>
    api<{ ok: true }>(`${B}/groups/${groupId}/members/${studentId}`, { method: 'DELETE' }),
  );

export const useMoveMember = () =>
  useWrite((body: BtqMoveInput) => api<{ ok: true }>(`${B}/members/move`, { method: 'POST', body }));

export interface StudentFilters {
  unitId: number | null;
  classId: number | null;
  groupId: number | null;
  levelId: number | null;
  q: string;
  page: number;
  pageSize: number;
  ungrouped?: boolean;
}

export const studentQuery = (f: StudentFilters) => ({
  unitId: f.unitId ?? undefined,
  classId: f.classId ?? undefined,
  groupId: f.groupId ?? undefined,
  levelId: f.levelId ?? undefined,
  q: f.q || undefined,
  ungrouped: f.ungrouped ? 'true' : undefined,
  page: f.page,
  pageSize: f.pageSize,
});

export const useStudents = (f: StudentFilters, enabled = true) =>
  useQuery({
    queryKey: [`${B}/students`, f],
    queryFn: () => api<Page<BtqStudentRow>>(`${B}/students`, { query: studentQuery(f) }),
    enabled,
  });

export const useStudentHistory = (studentId: number | null) =>
  useQuery({
    queryKey: [`${B}/students/history`, studentId],
    queryFn: () => api<BtqStudentHistory>(`${B}/students/${studentId}/history`),
    enabled: studentId !== null,
  });

export const usePlace = () =>
  useWrite((body: BtqPlacementInput) => api<{ placed: number }>(`${B}/placements`, { method: 'POST', body }));

export const usePresenceSheet = (groupId: number | null, date: string) =>
  useQuery({
    queryKey: [`${B}/presence`, groupId, date],
    queryFn: () => api<BtqPresenceSheet>(`${B}/presence`, { query: { groupId: groupId!, date } }),
    enabled: groupId !== null && Boolean(date),
  });

export const useSavePresence = () =>
  useWrite((body: BtqPresenceInput) =>
    api<{ sessionId: number; saved: number }>(`${B}/presence`, { method: 'PUT', body }),
  );

export const usePresenceRecap = (groupId: number | null, month: string) =>
  useQuery({
    queryKey: [`${B}/presence/recap`, groupId, month],
    queryFn: () => api<BtqPresenceRecap>(`${B}/presence/recap`, { query: { groupId: groupId!, month } }),
    enabled: groupId !== null && Boolean(month),
  });
