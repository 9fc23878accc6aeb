import type {
  Achievement,
  AchievementInput,
  AchievementUpdate,
  DisciplineRecap,
  DisciplineSettings,
  DisciplineSettingsInput,
  DisciplineThreshold,
  DisciplineThresholdInput,
  DisciplineThresholdUpdate,
  LedgerEntryInput,
  OwnDiscipline,
  RuleCatalogue,
  Sanction,
  SanctionConfirmInput,
  SanctionLetter,
  SanctionUpdate,
  StudentLedger,
  VerifyResult,
  Violation,
  ViolationInput,
  ViolationRule,
  ViolationRuleInput,
  ViolationRuleUpdate,
  ViolationUpdate,
} from '@mms/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiForm } from '../../lib/api.ts';

const D = '/discipline';

/** Drops every cached discipline answer (lists, ledgers, the recap) after a change. */
function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(D) });
}

/** The unit's catalogue; `unitId` is needed only by ADMIN and YAYASAN, who belong to no unit (null: wait). */
export function useCatalogue(activeOnly: boolean, unitId: number | null | undefined) {
  return useQuery({
    queryKey: [`${D}/rules`, activeOnly, unitId ?? null],
    queryFn: () =>
      api<RuleCatalogue>(`${D}/rules`, {
        query: { active: activeOnly ? 'true' : undefined, unitId: unitId ?? undefined },
      }),
    enabled: unitId !== null,
  });
}

export function useSaveRule() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ViolationRuleInput | ViolationRuleUpdate }) =>
      id
        ? api<ViolationRule>(`${D}/rules/${id}`, { method: 'PATCH', body })
        : api<ViolationRule>(`${D}/rules`, { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useSaveThreshold() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: DisciplineThresholdInput | DisciplineThresholdUpdate }) =>
      id
        ? api<DisciplineThreshold>(`${D}/thresholds/${id}`, { method: 'PATCH', body })
        : api<DisciplineThreshold>(`${D}/thresholds`, { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useDeleteThreshold() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api(`${D}/thresholds/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

export function useSaveSettings() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: DisciplineSettingsInput) => api<DisciplineSettings>(`${D}/settings`, { method: 'PUT', body }),
    onSuccess: refresh,
  });
}

/** One violation or achievement, to show or edit. */
function useRecord<T>(kind: 'violations' | 'achievements', id: number | null) {
  return useQuery({
    queryKey: [`${D}/${kind}`, id],
    queryFn: () => api<T>(`${D}/${kind}/${id}`),
    enabled: !!id,
  });
}

/** Saves a violation or achievement (new or changed) and then its evidence file, if one was chosen. */
function useSaveRecord<T extends { id: number }, B>(kind: 'violations' | 'achievements') {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, body, file }: { id?: number; body: B; file: File | null }) => {
      const saved = id
        ? await api<T>(`${D}/${kind}/${id}`, { method: 'PATCH', body })
        : await api<T>(`${D}/${kind}`, { method: 'POST', body });
      if (!file) return saved;
      const form = new FormData();
      form.append('file', file);
      return apiForm<T>(`${D}/${kind}/${saved.id}/evidence`, form);
    },
    onSuccess: refresh,
  });
}

export const useViolation = (id: number | null) => useRecord<Violation>('violations', id);

/** Saves a report (new or changed) and then its evidence file, if one was chosen. */
export const useSaveViolation = () => useSaveRecord<Violation, ViolationInput | ViolationUpdate>('violations');

export function useDecideViolation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, reject }: { id: number; reject?: string }): Promise<VerifyResult | Violation> =>
      reject === undefined
        ? api<VerifyResult>(`${D}/violations/${id}/verify`, { method: 'POST' })
        : api<Violation>(`${D}/violations/${id}/reject`, { method: 'POST', body: { reason: reject } }),
    onSuccess: refresh,
  });
}

export function useLedger(studentId: number | null) {
  return useQuery({
    queryKey: [`${D}/ledger`, studentId],
    queryFn: () => api<StudentLedger>(`${D}/ledger/${studentId}`),
    enabled: !!studentId,
  });
}

export function useAddLedgerEntry(studentId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: LedgerEntryInput) => api<StudentLedger>(`${D}/ledger/${studentId}`, { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export const useAchievement = (id: number | null) => useRecord<Achievement>('achievements', id);

export const useSaveAchievement = () =>
  useSaveRecord<Achievement, AchievementInput | AchievementUpdate>('achievements');

export function useDecideSanction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({
      id,
      action,
      body,
    }: {
      id: number;
      action: 'confirm' | 'reject' | 'update';
      body: SanctionConfirmInput | { reason: string } | SanctionUpdate;
    }) =>
      action === 'update'
        ? api<Sanction>(`${D}/sanctions/${id}`, { method: 'PATCH', body })
        : api<Sanction>(`${D}/sanctions/${id}/${action}`, { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useSanctionLetter(id: number | null) {
  return useQuery({
    queryKey: [`${D}/sanctions/letter`, id],
    queryFn: () => api<SanctionLetter>(`${D}/sanctions/${id}/letter`),
    enabled: !!id,
  });
}

export function useRecap(from: string, to: string) {
  return useQuery({
    queryKey: [`${D}/recap`, from, to],
    queryFn: () => api<DisciplineRecap>(`${D}/recap`, { query: { from, to } }),
    enabled: !!from && !!to && from <= to,
  });
}

export function useOwnDiscipline() {
  return useQuery({ queryKey: [`${D}/me`], queryFn: () => api<OwnDiscipline>(`${D}/me`) });
}
