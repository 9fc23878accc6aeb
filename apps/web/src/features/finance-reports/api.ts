import type { ArrearsReport, CollectionsReport, DailyCashReport } from '@mms/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** The routes of packages/shared/src/contracts/finance-reports.ts under /api/v1/finance-reports. */
export const BASE = '/finance-reports';

type Query = Record<string, string | number | undefined>;

/** The query without its empty filters (null/undefined/''), as strings for a URL. */
export function cleanQuery(q: Record<string, string | number | null | undefined>): Query {
  const out: Query = {};
  for (const [k, v] of Object.entries(q)) if (v !== null && v !== undefined && v !== '') out[k] = v;
  return out;
}

/** The Excel export of a report with the same filters as on screen. */
export const exportHref = (path: string, q: Query) =>
  `/api/v1${BASE}/${path}/export?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`;

export const useArrears = (q: Query) =>
  useQuery({ queryKey: [BASE, 'arrears', q], queryFn: () => api<ArrearsReport>(`${BASE}/arrears`, { query: q }) });

export const useCollections = (q: Query, enabled: boolean) =>
  useQuery({
    queryKey: [BASE, 'collections', q],
    queryFn: () => api<CollectionsReport>(`${BASE}/collections`, { query: q }),
    enabled,
  });

export const useDailyCash = (q: Query) =>
  useQuery({
    queryKey: [BASE, 'daily-cash', q],
    queryFn: () => api<DailyCashReport>(`${BASE}/daily-cash`, { query: q }),
  });
