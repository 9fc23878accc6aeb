import type {
  AuditEntry,
  CreateUserRequest,
  EndSessionsResponse,
  Page,
  RandomDrawMode,
  RandomDrawResult,
  UpdateUserRequest,
  UserDetail,
} from '@mms/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** Drops every cached answer about accounts (the list, one account, its audit entries) after a change. */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    client.invalidateQueries({
      predicate: (q) => String(q.queryKey[0]).startsWith('/users') || String(q.queryKey[0]).startsWith('/audit'),
    });
}

export function useUser(id: number) {
  return useQuery({
    queryKey: [`/users/${id}`],
    queryFn: () => api<UserDetail>(`/users/${id}`),
    retry: false,
    enabled: id > 0,
  });
}

/** The newest audit entries by or about the account. */
export function useUserAudit(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['/audit', 'user', id],
    queryFn: () => api<Page<AuditEntry>>('/audit', { query: { userId: id, pageSize: 20 } }),
    enabled,
  });
}

export function useCreateUser() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateUserRequest) => api<UserDetail>('/users', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useUpdateUser() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateUserRequest }) =>
      api<UserDetail>(`/users/${id}`, { method: 'PATCH', body }),
    onSuccess: refresh,
  });
}

export function useSetUserActive() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) =>
      api<UserDetail>(`/users/${id}/active`, { method: 'POST', body: { active } }),
    onSuccess: refresh,
  });
}

export function useResetPassword() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, newPassword }: { id: number; newPassword: string }) =>
      api<{ ok: true }>(`/users/${id}/password`, { method: 'POST', body: { newPassword } }),
    onSuccess: refresh,
  });
}

/** Ends one session (by its key) or, without a key, every session of the account. */
export function useEndSessions() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, key }: { id: number; key?: string }) =>
      api<EndSessionsResponse>(key ? `/users/${id}/sessions/${key}` : `/users/${id}/sessions`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

export interface DrawRequest {
  classGroupId: number;
  mode: RandomDrawMode;
  count: number;
  seed?: number | undefined;
}

export function useRandomDraw() {
  return useMutation({
    mutationFn: (q: DrawRequest) =>
      api<RandomDrawResult>('/random-draws', {
        query: { classGroupId: q.classGroupId, mode: q.mode, count: q.count, seed: q.seed },
      }),
  });
}
