import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchResponse } from '@mms/shared';
import { api } from '../../lib/api.ts';

export function useSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: ['search', q],
    queryFn: ({ signal }) => api<SearchResponse>('/search', { query: { q }, signal }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
}
