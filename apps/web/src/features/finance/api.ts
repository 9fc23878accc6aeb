import {
  Bill,
  BillList,
  CancelBillInput,
  CreateInvoiceInput,
  FeeRule,
  FeeRuleInput,
  FeeRuleList,
  FeeRuleQuery,
  FinanceUnitQuery,
  GenerateBillsInput,
  GenerateBillsResult,
  Invoice,
  InvoiceList,
  OkResponse,
  PaymentComponent,
  PaymentComponentInput,
  PaymentComponentList,
  StudentDiscount,
  StudentDiscountInput,
  StudentDiscountList,
  StudentDiscountQuery,
} from '@mms/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoint, saveBy, type Sent } from '../../lib/endpoint.ts';

/** The finance API (packages/shared/src/contracts/finance.ts) under /api/v1/finance. */
const BASE = '/finance';
type Id = number | null;

/** The finance routes, with the contracts the server routes declare. */
const routes = {
  components: endpoint('GET', '/finance/components', { query: FinanceUnitQuery, response: PaymentComponentList }),
  addComponent: endpoint('POST', '/finance/components', { body: PaymentComponentInput, response: PaymentComponent }),
  changeComponent: endpoint('PUT', '/finance/components/:id', {
    body: PaymentComponentInput,
    response: PaymentComponent,
  }),
  deleteComponent: endpoint('DELETE', '/finance/components/:id', { response: OkResponse }),
  feeRules: endpoint('GET', '/finance/fee-rules', { query: FeeRuleQuery, response: FeeRuleList }),
  addFeeRule: endpoint('POST', '/finance/fee-rules', { body: FeeRuleInput, response: FeeRule }),
  changeFeeRule: endpoint('PUT', '/finance/fee-rules/:id', { body: FeeRuleInput, response: FeeRule }),
  deleteFeeRule: endpoint('DELETE', '/finance/fee-rules/:id', { response: OkResponse }),
  discounts: endpoint('GET', '/finance/discounts', { query: StudentDiscountQuery, response: StudentDiscountList }),
  addDiscount: endpoint('POST', '/finance/discounts', { body: StudentDiscountInput, response: StudentDiscount }),
  approveDiscount: endpoint('POST', '/finance/discounts/:id/approve', { response: StudentDiscount }),
  deleteDiscount: endpoint('DELETE', '/finance/discounts/:id', { response: OkResponse }),
  generateBills: endpoint('POST', '/finance/bills/generate', {
    body: GenerateBillsInput,
    response: GenerateBillsResult,
  }),
  cancelBill: endpoint('POST', '/finance/bills/:id/cancel', { body: CancelBillInput, response: Bill }),
  createInvoice: endpoint('POST', '/finance/invoices', { body: CreateInvoiceInput, response: Invoice }),
  invoice: endpoint('GET', '/finance/invoices/:id', { response: Invoice }),
  myBills: endpoint('GET', '/finance/me/bills', { response: BillList }),
  myInvoices: endpoint('GET', '/finance/me/invoices', { response: InvoiceList }),
};
const remove = (route: (input: { params: { id: number } }) => Promise<unknown>) => (id: number) =>
  route({ params: { id } });

export function useComponents(unitId: Id) {
  return useQuery({
    queryKey: [BASE, 'components', unitId],
    queryFn: () => routes.components({ query: { unitId: unitId ?? undefined } }),
  });
}

export function useFeeRules(filters: { unitId?: Id; studentId?: Id }) {
  return useQuery({
    queryKey: [BASE, 'fee-rules', filters],
    queryFn: () =>
      routes.feeRules({ query: { unitId: filters.unitId ?? undefined, studentId: filters.studentId ?? undefined } }),
  });
}

export function useDiscounts(filters: { unitId?: Id; studentId?: Id }) {
  return useQuery({
    queryKey: [BASE, 'discounts', filters],
    queryFn: () =>
      routes.discounts({ query: { unitId: filters.unitId ?? undefined, studentId: filters.studentId ?? undefined } }),
  });
}

export function useInvoice(id: Id) {
  return useQuery({
    queryKey: [BASE, 'invoice', id],
    queryFn: () => routes.invoice({ params: { id: id! } }),
    enabled: id !== null,
  });
}

export function useMyBills() {
  return useQuery({ queryKey: [BASE, 'me', 'bills'], queryFn: () => routes.myBills() });
}

export function useMyInvoices() {
  return useQuery({ queryKey: [BASE, 'me', 'invoices'], queryFn: () => routes.myInvoices() });
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

export const useSaveComponent = () => useFinanceWrite(saveBy(routes.addComponent, routes.changeComponent));
export const useDeleteComponent = () => useFinanceWrite(remove(routes.deleteComponent));
export const useSaveFeeRule = () => useFinanceWrite(saveBy(routes.addFeeRule, routes.changeFeeRule));
export const useDeleteFeeRule = () => useFinanceWrite(remove(routes.deleteFeeRule));
export const useCreateDiscount = () =>
  useFinanceWrite((body: Sent<typeof StudentDiscountInput>) => routes.addDiscount({ body }));
export const useApproveDiscount = () => useFinanceWrite((id: number) => routes.approveDiscount({ params: { id } }));
export const useDeleteDiscount = () => useFinanceWrite(remove(routes.deleteDiscount));
export const useGenerateBills = () =>
  useFinanceWrite((body: Sent<typeof GenerateBillsInput>) => routes.generateBills({ body }));
export const useCancelBill = () =>
  useFinanceWrite(({ id, reason }: { id: number; reason: string }) =>
    routes.cancelBill({ params: { id }, body: { reason } }),
  );
export const useCreateInvoice = () =>
  useFinanceWrite((body: Sent<typeof CreateInvoiceInput>) => routes.createInvoice({ body }));
