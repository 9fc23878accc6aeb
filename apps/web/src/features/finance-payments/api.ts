import type {
  ComponentIncomeAccounts,
  GatewayChargeOut,
  MyPayments,
  Payment,
  PaymentInput,
  Receipt,
  StudentAccount,
  StudentHit,
} from '@mms/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** The routes of packages/shared/src/contracts/finance-payments.ts. */
export const BASE = '/finance-payments';
export const PAYMENTS = `${BASE}/payments`;

/** Students by name or NIS, asked once the (debounced) text has two characters. */
export function useStudentSearch(q: string) {
  return useQuery({
    queryKey: [BASE, 'students', q],
    queryFn: () => api<{ items: StudentHit[] }>(`${BASE}/students`, { query: { q } }),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}

export function useStudentAccount(studentId: number | null) {
  return useQuery({
    queryKey: [BASE, 'account', studentId],
    queryFn: () => api<StudentAccount>(`${BASE}/students/${studentId}/account`),
    enabled: studentId !== null,
  });
}

export function useReceipt(id: number, own: boolean) {
  return useQuery({
    queryKey: [BASE, 'receipt', own, id],
    queryFn: () => api<Receipt>(own ? `${BASE}/me/payments/${id}/receipt` : `${PAYMENTS}/${id}/receipt`),
  });
}

export function useMyPayments() {
  return useQuery({ queryKey: [BASE, 'me'], queryFn: () => api<MyPayments>(`${BASE}/me`) });
}

/** Every write changes the lists, the student's account and the receipts: read them again. */
function usePaymentMutation<A, R>(run: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: [BASE] }),
        client.invalidateQueries({ queryKey: [PAYMENTS] }),
      ]);
    },
  });
}

export const usePay = () =>
  usePaymentMutation((body: PaymentInput) => api<Payment>(PAYMENTS, { method: 'POST', body }));
export const useRequestReversal = () =>
  usePaymentMutation(({ id, reason }: { id: number; reason: string }) =>
    api<Payment>(`${PAYMENTS}/${id}/reversal`, { method: 'POST', body: { reason } }),
  );
export const useApproveReversal = () =>
  usePaymentMutation((id: number) => api<Payment>(`${PAYMENTS}/${id}/reversal/approve`, { method: 'POST' }));
export const useRejectReversal = () =>
  usePaymentMutation((id: number) => api<Payment>(`${PAYMENTS}/${id}/reversal/reject`, { method: 'POST' }));
export const useStartCharge = () =>
  usePaymentMutation((billIds: number[]) =>
    api<GatewayChargeOut>(`${BASE}/me/charges`, { method: 'POST', body: { billIds } }),
  );
export const usePayLocal = () =>
  usePaymentMutation((id: number) => api(`${BASE}/me/charges/${id}/pay-local`, { method: 'POST' }));

/** The income account each payment component of a unit is booked to (the payment components screen). */
export function useComponentAccounts(unitId: number | null) {
  return useQuery({
    queryKey: [BASE, 'component-accounts', unitId],
    queryFn: () =>
      api<ComponentIncomeAccounts>(`${BASE}/component-accounts`, { query: { unitId: unitId ?? undefined } }),
    // staff of every unit (ADMIN, YAYASAN) pick a unit first; the server would only answer "Pilih unit"
    enabled: unitId !== null,
  });
}
export const useSetComponentAccount = () =>
  usePaymentMutation(({ componentId, accountId }: { componentId: number; accountId: number | null }) =>
    api<ComponentIncomeAccounts>(`${BASE}/component-accounts/${componentId}`, { method: 'PUT', body: { accountId } }),
  );
