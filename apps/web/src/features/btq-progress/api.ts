import type {
  BtqBatchInput,
  BtqBatchResult,
  BtqDecideInput,
  BtqHistory,
  BtqProgressGroup,
  BtqPromotion,
  BtqPromotionList,
  BtqRecap,
  BtqSheet,
  BtqTestInput,
  MyQuran,
} from '@mms/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const BTQ = '/btq-progress';

/** Drops every cached BTQ progress answer after a change. */
function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(BTQ) });
}

export const useBtqGroups = () =>
  useQuery({ queryKey: [`${BTQ}/groups`], queryFn: () => api<BtqProgressGroup[]>(`${BTQ}/groups`) });

export const useBtqSheet = (groupId: number | null, date: string) =>
  useQuery({
    queryKey: [`${BTQ}/sheet`, groupId, date],
    queryFn: () => api<BtqSheet>(`${BTQ}/sheet`, { query: { groupId: groupId!, date } }),
    enabled: groupId !== null,
  });

export const useBtqHistory = (studentId: number | null) =>
  useQuery({
    queryKey: [`${BTQ}/history`, studentId],
    queryFn: () => api<BtqHistory>(`${BTQ}/students/${studentId}/history`),
    enabled: studentId !== null,
  });

export function useSaveEntries() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: BtqBatchInput) => api<BtqBatchResult>(`${BTQ}/entries`, { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export const usePromotions = () =>
  useQuery({ queryKey: [`${BTQ}/promotions`], queryFn: () => api<BtqPromotionList>(`${BTQ}/promotions`) });

export function usePropose() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (studentId: number) => api<BtqPromotion>(`${BTQ}/promotions`, { method: 'POST', body: { studentId } }),
    onSuccess: refresh,
  });
}

export function useRecordTest() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: BtqTestInput }) =>
      api<BtqPromotion>(`${BTQ}/promotions/${id}/test`, { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useDecide() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: BtqDecideInput }) =>
      api<BtqPromotion>(`${BTQ}/promotions/${id}/decide`, { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export const useBtqRecap = (month: string, groupId: number | null) =>
  useQuery({
    queryKey: [`${BTQ}/recap`, month, groupId],
    queryFn: () => api<BtqRecap>(`${BTQ}/recap`, { query: { month, groupId: groupId ?? undefined } }),
  });

export const useMyQuran = () => useQuery({ queryKey: [`${BTQ}/me`], queryFn: () => api<MyQuran>(`${BTQ}/me`) });
