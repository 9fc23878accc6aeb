import type {
  Bill,
  BillList,
  FeeRule,
  GenerateBillsResult,
  Invoice,
  InvoiceList,
  PaymentComponent,
  StudentDiscount,
} from '@mms/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** The finance API (packages/shared/src/contracts/finance.ts) under /api/v1/finance. */
const BASE = '/finance';
type Id = number | null;

export function useComponents(unitId: Id) {
  return useQuery({
    queryKey: [BASE, 'components', unitId],
    queryFn: () => api<{ items: PaymentComponent[] }>(`${BASE}/components`, { query: { unitId: unitId ?? undefined } }),
  });
}

export function useFeeRules(filters: { unitId?: Id; studentId?: Id }) {
  return useQuery({
    queryKey: [BASE, 'fee-rules', filters],
    queryFn: () =>
      api<{ items: FeeRule[] }>(`${BASE}/fee-rules`, {
        query: { unitId: filters.unitId ?? undefined, studentId: filters.studentId ?? undefined },
      }),
  });
}

export function useDiscounts(filters: { unitId?: Id; studentId?: Id }) {
  return useQuery({
    queryKey: [BASE, 'discounts', filters],
    queryFn: () =>
      api<{ items: StudentDiscount[] }>(`${BASE}/discounts`, {
        query: { unitId: filters.unitId ?? undefined, studentId: filters.studentId ?? undefined },
      }),
  });
}

export function useInvoice(id: Id) {
  return useQuery({
    queryKey: [BASE, 'invoice', id],
    queryFn: () => api<Invoice>(`${BASE}/invoices/${id}`),
    enabled: id !== null,
  });
}

export function useMyBills() {
  return useQuery({ queryKey: [BASE, 'me', 'bills'], queryFn: () => api<BillList>(`${BASE}/me/bills`) });
}

export function useMyInvoices() {
  return useQuery({ queryKey: [BASE, 'me', 'invoices'], queryFn: () => api<InvoiceList>(`${BASE}/me/invoices`) });
}

/** Every write reads the finance lists again (and the bill list of DataList, keyed by its path). */
function useFinanceWrite<V, R>(mutationFn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: [BASE] });
      await client.invalidateQueries({ queryKey: [`${BASE}/bills`] });
    },
  });
}

export const useSaveComponent = () =>
  useFinanceWrite(({ id, body }: { id?: number; body: unknown }) =>
    api<PaymentComponent>(id ? `${BASE}/components/${id}` : `${BASE}/components`, {
      method: id ? 'PUT' : 'POST',
      body,
    }),
  );
export const useDeleteComponent = () =>
  useFinanceWrite((id: number) => api(`${BASE}/components/${id}`, { method: 'DELETE' }));
export const useSaveFeeRule = () =>
  useFinanceWrite(({ id, body }: { id?: number; body: unknown }) =>
    api<FeeRule>(id ? `${BASE}/fee-rules/${id}` : `${BASE}/fee-rules`, { method: id ? 'PUT' : 'POST', body }),
  );
export const useDeleteFeeRule = () =>
  useFinanceWrite((id: number) => api(`${BASE}/fee-rules/${id}`, { method: 'DELETE' }));
export const useCreateDiscount = () =>
  useFinanceWrite((body: unknown) => api<StudentDiscount>(`${BASE}/discounts`, { method: 'POST', body }));
export const useApproveDiscount = () =>
  useFinanceWrite((id: number) => api<StudentDiscount>(`${BASE}/discounts/${id}/approve`, { method: 'POST' }));
export const useDeleteDiscount = () =>
  useFinanceWrite((id: number) => api(`${BASE}/discounts/${id}`, { method: 'DELETE' }));
export const useGenerateBills = () =>
  useFinanceWrite((body: unknown) => api<GenerateBillsResult>(`${BASE}/bills/generate`, { method: 'POST', body }));
export const useCancelBill = () =>
  useFinanceWrite(({ id, reason }: { id: number; reason: string }) =>
    api<Bill>(`${BASE}/bills/${id}/cancel`, { method: 'POST', body: { reason } }),
  );
export const useCreateInvoice = () =>
  useFinanceWrite((body: { studentId: number; dueDate: string }) =>
    api<Invoice>(`${BASE}/invoices`, { method: 'POST', body }),
  );
