import type { ApiToken, ApiTokenCreated, ApiTokenInput, Page, UserSummary } from '@mms/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** The list path under /api/v1 (the DataList of the screen reads it). */
export const API_TOKENS_PATH = '/api-tokens';

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [API_TOKENS_PATH] });
}

export const useCreateApiToken = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ApiTokenInput) => api<ApiTokenCreated>(API_TOKENS_PATH, { method: 'POST', body }),
    onSuccess: refresh,
  });
};

export const useRevokeApiToken = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api<ApiToken>(`${API_TOKENS_PATH}/${id}/revoke`, { method: 'POST' }),
    onSuccess: refresh,
  });
};

/** Accounts a token may act as (the ADMIN's user list), searched by name. */
export const useAccounts = (q: string) =>
  useQuery({
    queryKey: ['/users', 'token-accounts', q],
    queryFn: () => api<Page<UserSummary>>('/users', { query: { q: q || undefined, pageSize: 50 } }),
  });
