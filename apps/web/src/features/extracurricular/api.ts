import {
  Extracurricular,
  ExtracurricularGradesInput,
  ExtracurricularInput,
  ExtracurricularMembers,
  ExtracurricularMembersAdded,
  ExtracurricularMembersInput,
  ExtracurricularMembersQuery,
  ExtracurricularUpdate,
  OkResponse,
  type Semester,
} from '@mms/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoint } from '../../lib/endpoint.ts';

/** The routes of the extracurriculars, with the contracts their server routes declare (the list: DataList). */
const routes = {
  add: endpoint('POST', '/extracurriculars', { body: ExtracurricularInput, response: Extracurricular }),
  change: endpoint('PATCH', '/extracurriculars/:id', { body: ExtracurricularUpdate, response: Extracurricular }),
  remove: endpoint('DELETE', '/extracurriculars/:id', { response: OkResponse }),
  members: endpoint('GET', '/extracurriculars/:id/members', {
    query: ExtracurricularMembersQuery,
    response: ExtracurricularMembers,
  }),
  addMembers: endpoint('POST', '/extracurriculars/:id/members', {
    body: ExtracurricularMembersInput,
    response: ExtracurricularMembersAdded,
  }),
  removeMember: endpoint('DELETE', '/extracurriculars/:id/members/:studentId', { response: OkResponse }),
  grade: endpoint('PUT', '/extracurriculars/:id/grades', {
    body: ExtracurricularGradesInput,
    response: ExtracurricularMembers,
  }),
};

/** The list's key (DataList's path): every write refreshes it and the members. */
export const KEY = '/extracurriculars';

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [KEY] });
}

/** An activity's members with their predicate and note of a semester (none chosen: null). */
export function useMembers(id: number | null, semester: Semester) {
  return useQuery({
    queryKey: [KEY, 'members', id, semester],
    queryFn: () => routes.members({ params: { id: id! }, query: { semester } }),
    enabled: id !== null,
  });
}

export function useSaveActivity() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { id?: number; add?: ExtracurricularInput; change?: ExtracurricularUpdate }) =>
      v.id ? routes.change({ params: { id: v.id }, body: v.change! }) : routes.add({ body: v.add! }),
    onSuccess: () => void refresh(),
  });
}

export function useDeleteActivity() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => routes.remove({ params: { id } }),
    onSuccess: () => void refresh(),
  });
}

export function useAddMembers(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (studentIds: number[]) => routes.addMembers({ params: { id }, body: { studentIds } }),
    onSuccess: () => void refresh(),
  });
}

export function useRemoveMember(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (studentId: number) => routes.removeMember({ params: { id, studentId } }),
    onSuccess: () => void refresh(),
  });
}

export function useSaveGrades(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ExtracurricularGradesInput) => routes.grade({ params: { id }, body }),
    onSuccess: () => void refresh(),
  });
}
