import type {
  BisyarohAdjustmentInput,
  BisyarohCorrectionInput,
  BisyarohEmployeeList,
  BisyarohLoanInput,
  BisyarohLoanList,
  BisyarohMonth,
  BisyarohMonthFound,
  BisyarohMonthList,
  BisyarohPayInput,
  BisyarohRateInput,
  BisyarohRateList,
  BisyarohSlip,
  MissingJournalApproval,
  MissingJournalList,
  MyBisyarohList,
} from '@mms/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** The routes of packages/shared/src/contracts/bisyaroh.ts. */
export const BASE = '/bisyaroh';

export const unitQuery = (unitId: number | null) => (unitId === null ? {} : { unitId });

export const useRates = (unitId: number | null) =>
  useQuery({
    queryKey: [BASE, 'rates', unitId],
    queryFn: () => api<BisyarohRateList>(`${BASE}/rates`, { query: unitQuery(unitId) }),
  });
export const useLoans = (unitId: number | null) =>
  useQuery({
    queryKey: [BASE, 'loans', unitId],
    queryFn: () => api<BisyarohLoanList>(`${BASE}/loans`, { query: unitQuery(unitId) }),
  });
export const useBisyarohEmployees = (unitId: number | null) =>
  useQuery({
    queryKey: [BASE, 'employees', unitId],
    queryFn: () => api<BisyarohEmployeeList>(`${BASE}/employees`, { query: unitQuery(unitId) }),
    enabled: unitId !== null,
  });
export const useMonthFound = (unitId: number | null, month: string) =>
  useQuery({
    queryKey: [BASE, 'month', unitId, month],
    queryFn: () => api<BisyarohMonthFound>(`${BASE}/months/find`, { query: { ...unitQuery(unitId), month } }),
    enabled: unitId !== null,
  });
export const useMissingJournals = (monthId: number | null) =>
  useQuery({
    queryKey: [BASE, 'missing', monthId],
    queryFn: () => api<MissingJournalList>(`${BASE}/months/${monthId}/missing-journals`),
    enabled: monthId !== null,
  });
export const useMonthList = (unitId: number | null, year: number) =>
  useQuery({
    queryKey: [BASE, 'list', unitId, year],
    queryFn: () => api<BisyarohMonthList>(`${BASE}/months`, { query: { ...unitQuery(unitId), year } }),
  });
export const useSlip = (id: number) =>
  useQuery({ queryKey: [BASE, 'slip', id], queryFn: () => api<BisyarohSlip>(`${BASE}/slips/${id}`) });
export const useMySlips = () =>
  useQuery({ queryKey: [BASE, 'mine'], queryFn: () => api<MyBisyarohList>(`${BASE}/my-slips`) });
export const useMySlip = (id: number | null) =>
  useQuery({
    queryKey: [BASE, 'mine', id],
    queryFn: () => api<BisyarohSlip>(`${BASE}/my-slips/${id}`),
    enabled: id !== null,
  });

/** Every write changes the month, the lists and the slips: read them again. */
function useBisyarohMutation<A, R>(run: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: [BASE] }) });
}

export const useSaveRate = () =>
  useBisyarohMutation(({ id, body }: { id?: number; body: BisyarohRateInput }) =>
    api(id ? `${BASE}/rates/${id}` : `${BASE}/rates`, { method: id ? 'PUT' : 'POST', body }),
  );
export const useSaveLoan = () =>
  useBisyarohMutation(({ id, body }: { id?: number; body: BisyarohLoanInput }) =>
    api(id ? `${BASE}/loans/${id}` : `${BASE}/loans`, { method: id ? 'PUT' : 'POST', body }),
  );
export const useCompute = () =>
  useBisyarohMutation((body: { unitId?: number; month: string }) =>
    api<BisyarohMonth>(`${BASE}/months/compute`, { method: 'POST', body }),
  );
export const useApproveMissing = () =>
  useBisyarohMutation(({ monthId, body }: { monthId: number; body: MissingJournalApproval }) =>
    api(`${BASE}/months/${monthId}/approvals`, { method: 'POST', body }),
  );
export const useAdjust = () =>
  useBisyarohMutation(({ monthId, body }: { monthId: number; body: BisyarohAdjustmentInput }) =>
    api<BisyarohMonth>(`${BASE}/months/${monthId}/adjustments`, { method: 'POST', body }),
  );
export const useCorrect = () =>
  useBisyarohMutation(({ monthId, body }: { monthId: number; body: BisyarohCorrectionInput }) =>
    api<BisyarohMonth>(`${BASE}/months/${monthId}/corrections`, { method: 'POST', body }),
  );
export const useLock = () =>
  useBisyarohMutation((monthId: number) => api<BisyarohMonth>(`${BASE}/months/${monthId}/lock`, { method: 'POST' }));
export const usePay = () =>
  useBisyarohMutation(({ monthId, body }: { monthId: number; body: BisyarohPayInput }) =>
    api<BisyarohMonth>(`${BASE}/months/${monthId}/pay`, { method: 'POST', body }),
  );
