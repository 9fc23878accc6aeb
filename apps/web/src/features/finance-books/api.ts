import type {
  Book,
  FinanceAccount,
  FinanceAccountInput,
  FinanceAccountList,
  MonthClosingList,
  Voucher,
  VoucherAttachment,
  VoucherAttachmentList,
  VoucherInput,
  VoucherReport,
} from '@mms/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiForm } from '../../lib/api.ts';

/** The routes of packages/shared/src/contracts/finance-books.ts. */
export const BASE = '/finance-books';
export const VOUCHERS = `${BASE}/vouchers`;

const unitQuery = (unitId: number | null) => (unitId === null ? {} : { unitId });

export function useFinanceAccounts(unitId: number | null) {
  return useQuery({
    queryKey: [BASE, 'accounts', unitId],
    queryFn: () => api<FinanceAccountList>(`${BASE}/accounts`, { query: unitQuery(unitId) }),
  });
}

export function useVoucher(id: number) {
  return useQuery({ queryKey: [VOUCHERS, 'one', id], queryFn: () => api<Voucher>(`${VOUCHERS}/${id}`) });
}

export function useBook(unitId: number | null, kind: 'CASH' | 'BANK', month: string) {
  return useQuery({
    queryKey: [BASE, 'book', unitId, kind, month],
    queryFn: () => api<Book>(`${BASE}/books`, { query: { ...unitQuery(unitId), kind, month } }),
    // a book is one unit's: ADMIN and YAYASAN (no unit of their own) choose one first
    enabled: unitId !== null,
  });
}

export function useClosings(unitId: number | null) {
  return useQuery({
    queryKey: [BASE, 'closings', unitId],
    queryFn: () => api<MonthClosingList>(`${BASE}/closings`, { query: unitQuery(unitId) }),
  });
}

export function useVoucherReport(unitId: number | null, month: string) {
  return useQuery({
    queryKey: [BASE, 'report', unitId, month],
    queryFn: () => api<VoucherReport>(`${VOUCHERS}/report`, { query: { ...unitQuery(unitId), month } }),
  });
}

/** Every write changes lists, books and the report: read them all again. */
function useFinanceMutation<A, R>(run: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: [VOUCHERS] }),
        client.invalidateQueries({ queryKey: [BASE] }),
      ]);
    },
  });
}

export const useSaveVoucher = () =>
  useFinanceMutation(({ id, body }: { id?: number; body: VoucherInput }) =>
    api<Voucher>(id ? `${VOUCHERS}/${id}` : VOUCHERS, { method: id ? 'PUT' : 'POST', body }),
  );
export const useDeleteVoucher = () =>
  useFinanceMutation((id: number) => api(`${VOUCHERS}/${id}`, { method: 'DELETE' }));
export const useApproveVoucher = () =>
  useFinanceMutation((id: number) => api<Voucher>(`${VOUCHERS}/${id}/approve`, { method: 'POST' }));
export const useReverseVoucher = () =>
  useFinanceMutation(({ id, reason }: { id: number; reason: string }) =>
    api<Voucher>(`${VOUCHERS}/${id}/reverse`, { method: 'POST', body: { reason } }),
  );
export const useCloseMonth = () =>
  useFinanceMutation((body: { unitId?: number; month: string }) => api(`${BASE}/closings`, { method: 'POST', body }));
export const useReopenMonth = () =>
  useFinanceMutation((body: { unitId?: number; month: string; reason: string }) =>
    api(`${BASE}/closings/reopen`, { method: 'POST', body }),
  );

export const useSaveAccount = () =>
  useFinanceMutation(({ id, body }: { id?: number; body: FinanceAccountInput }) =>
    api<FinanceAccount>(id ? `${BASE}/accounts/${id}` : `${BASE}/accounts`, { method: id ? 'PUT' : 'POST', body }),
  );

export function useVoucherAttachments(voucherId: number) {
  return useQuery({
    queryKey: [VOUCHERS, 'attachments', voucherId],
    queryFn: () => api<VoucherAttachmentList>(`${VOUCHERS}/${voucherId}/attachments`),
  });
}
export const attachmentHref = (id: number) => `/api/v1${BASE}/attachments/${id}/file`;
export const useAddAttachment = (voucherId: number) =>
  useFinanceMutation((file: File) => {
    const form = new FormData();
    form.append('file', file);
    return apiForm<VoucherAttachment>(`${VOUCHERS}/${voucherId}/attachments`, form);
  });
export const useRemoveAttachment = () =>
  useFinanceMutation((id: number) => api(`${BASE}/attachments/${id}`, { method: 'DELETE' }));
