import type {
  OwnPrayers,
  Prayer,
  PrayerClasses,
  PrayerMonitor,
  PrayerRecap,
  PrayerRule,
  PrayerRuleInput,
  PrayerSaveInput,
  PrayerSaveResult,
  PrayerSheet,
} from '@mms/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

const P = '/prayer';

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(P) });
}

export const usePrayerClasses = () =>
  useQuery({ queryKey: [`${P}/classes`], queryFn: () => api<PrayerClasses>(`${P}/classes`) });

export function usePrayerSheet(classGroupId: number | null, date: string, prayer: Prayer) {
  return useQuery({
    queryKey: [`${P}/sheet`, classGroupId, date, prayer],
    queryFn: () => api<PrayerSheet>(`${P}/sheet`, { query: { classGroupId: classGroupId!, date, prayer } }),
    enabled: classGroupId !== null && !!date,
    retry: false,
  });
}

export function useSavePrayers() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: PrayerSaveInput) => api<PrayerSaveResult>(`${P}/sheet`, { method: 'PUT', body }),
    onSuccess: refresh,
  });
}

export interface RecapFilters {
  month: string;
  prayer?: Prayer;
  classGroupId?: number;
  gradeId?: number;
  q?: string;
  page: number;
  pageSize: number;
}

/** The filters as a query string object (without empty ones). */
export const recapQuery = (f: RecapFilters): Record<string, string | number> =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string | number
  >;

export const usePrayerRecap = (f: RecapFilters) =>
  useQuery({ queryKey: [`${P}/recap`, f], queryFn: () => api<PrayerRecap>(`${P}/recap`, { query: recapQuery(f) }) });

export const usePrayerMonitor = (prayer: Prayer, date: string) =>
  useQuery({
    queryKey: [`${P}/monitor`, prayer, date],
    queryFn: () => api<PrayerMonitor>(`${P}/monitor`, { query: { prayer, date } }),
  });

export const usePrayerRule = (enabled: boolean) =>
  useQuery({ queryKey: [`${P}/rule`], queryFn: () => api<PrayerRule>(`${P}/rule`), enabled });

export function useSavePrayerRule() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: PrayerRuleInput) => api<PrayerRule>(`${P}/rule`, { method: 'PUT', body }),
    onSuccess: refresh,
  });
}

export const useOwnPrayers = (month: string) =>
  useQuery({ queryKey: [`${P}/me`, month], queryFn: () => api<OwnPrayers>(`${P}/me`, { query: { month } }) });
