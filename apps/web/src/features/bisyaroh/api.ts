import {
  BisyarohAdjustmentInput,
  BisyarohComputeInput,
  BisyarohCorrectionInput,
  BisyarohEmployeeList,
  BisyarohListQuery,
  BisyarohLoan,
  BisyarohLoanInput,
  BisyarohLoanList,
  BisyarohMonth,
  BisyarohMonthFound,
  BisyarohMonthList,
  BisyarohMonthQuery,
  BisyarohPayInput,
  BisyarohRate,
  BisyarohRateInput,
  BisyarohRateList,
  BisyarohSlip,
  BisyarohUnitQuery,
  MissingJournalApproval,
  MissingJournalList,
  MyBisyarohList,
  OkResponse,
} from '@mms/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoint, saveBy } from '../../lib/endpoint.ts';

/** The routes of packages/shared/src/contracts/bisyaroh.ts. */
export const BASE = '/bisyaroh';

export const unitQuery = (unitId: number | null) => (unitId === null ? {} : { unitId });

/** The bisyaroh routes, with the contracts the server routes declare. */
const routes = {
  rates: endpoint('GET', '/bisyaroh/rates', { query: BisyarohUnitQuery, response: BisyarohRateList }),
  addRate: endpoint('POST', '/bisyaroh/rates', { body: BisyarohRateInput, response: BisyarohRate }),
  changeRate: endpoint('PUT', '/bisyaroh/rates/:id', { body: BisyarohRateInput, response: BisyarohRate }),
  employees: endpoint('GET', '/bisyaroh/employees', { query: BisyarohUnitQuery, response: BisyarohEmployeeList }),
  loans: endpoint('GET', '/bisyaroh/loans', { query: BisyarohUnitQuery, response: BisyarohLoanList }),
  addLoan: endpoint('POST', '/bisyaroh/loans', { body: BisyarohLoanInput, response: BisyarohLoan }),
  changeLoan: endpoint('PUT', '/bisyaroh/loans/:id', { body: BisyarohLoanInput, response: BisyarohLoan }),
  months: endpoint('GET', '/bisyaroh/months', { query: BisyarohListQuery, response: BisyarohMonthList }),
  findMonth: endpoint('GET', '/bisyaroh/months/find', { query: BisyarohMonthQuery, response: BisyarohMonthFound }),
  compute: endpoint('POST', '/bisyaroh/months/compute', { body: BisyarohComputeInput, response: BisyarohMonth }),
  missing: endpoint('GET', '/bisyaroh/months/:id/missing-journals', { response: MissingJournalList }),
  approve: endpoint('POST', '/bisyaroh/months/:id/approvals', { body: MissingJournalApproval, response: OkResponse }),
  adjust: endpoint('POST', '/bisyaroh/months/:id/adjustments', {
    body: BisyarohAdjustmentInput,
    response: BisyarohMonth,
  }),
  lock: endpoint('POST', '/bisyaroh/months/:id/lock', { response: BisyarohMonth }),
  correct: endpoint('POST', '/bisyaroh/months/:id/corrections', {
    body: BisyarohCorrectionInput,
    response: BisyarohMonth,
  }),
  pay: endpoint('POST', '/bisyaroh/months/:id/pay', { body: BisyarohPayInput, response: BisyarohMonth }),
  slip: endpoint('GET', '/bisyaroh/slips/:id', { response: BisyarohSlip }),
  mySlips: endpoint('GET', '/bisyaroh/my-slips', { response: MyBisyarohList }),
  mySlip: endpoint('GET', '/bisyaroh/my-slips/:id', { response: BisyarohSlip }),
};

export const useRates = (unitId: number | null) =>
  useQuery({
    queryKey: [BASE, 'rates', unitId],
    queryFn: () => routes.rates({ query: unitQuery(unitId) }),
  });
export const useLoans = (unitId: number | null) =>
  useQuery({
    queryKey: [BASE, 'loans', unitId],
    queryFn: () => routes.loans({ query: unitQuery(unitId) }),
  });
export const useBisyarohEmployees = (unitId: number | null) =>
  useQuery({
    queryKey: [BASE, 'employees', unitId],
    queryFn: () => routes.employees({ query: unitQuery(unitId) }),
    enabled: unitId !== null,
  });
export const useMonthFound = (unitId: number | null, month: string) =>
  useQuery({
    queryKey: [BASE, 'month', unitId, month],
    queryFn: () => routes.findMonth({ query: { ...unitQuery(unitId), month } }),
    enabled: unitId !== null,
  });
export const useMissingJournals = (monthId: number | null) =>
  useQuery({
    queryKey: [BASE, 'missing', monthId],
    queryFn: () => routes.missing({ params: { id: monthId! } }),
    enabled: monthId !== null,
  });
export const useMonthList = (unitId: number | null, year: number) =>
  useQuery({
    queryKey: [BASE, 'list', unitId, year],
    queryFn: () => routes.months({ query: { ...unitQuery(unitId), year } }),
  });
export const useSlip = (id: number) =>
  useQuery({ queryKey: [BASE, 'slip', id], queryFn: () => routes.slip({ params: { id } }) });
export const useMySlips = () => useQuery({ queryKey: [BASE, 'mine'], queryFn: () => routes.mySlips() });
export const useMySlip = (id: number | null) =>
  useQuery({
    queryKey: [BASE, 'mine', id],
    queryFn: () => routes.mySlip({ params: { id: id! } }),
    enabled: id !== null,
  });

/** Every write changes the month, the lists and the slips: read them again. */
function useBisyarohMutation<A, R>(run: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: [BASE] }) });
}

export const useSaveRate = () => useBisyarohMutation(saveBy(routes.addRate, routes.changeRate));
export const useSaveLoan = () => useBisyarohMutation(saveBy(routes.addLoan, routes.changeLoan));
export const useCompute = () => useBisyarohMutation((body: BisyarohComputeInput) => routes.compute({ body }));
export const useApproveMissing = () =>
  useBisyarohMutation(({ monthId, body }: { monthId: number; body: MissingJournalApproval }) =>
    routes.approve({ params: { id: monthId }, body }),
  );
export const useAdjust = () =>
  useBisyarohMutation(({ monthId, body }: { monthId: number; body: BisyarohAdjustmentInput }) =>
    routes.adjust({ params: { id: monthId }, body }),
  );
export const useCorrect = () =>
  useBisyarohMutation(({ monthId, body }: { monthId: number; body: BisyarohCorrectionInput }) =>
    routes.correct({ params: { id: monthId }, body }),
  );
export const useLock = () => useBisyarohMutation((monthId: number) => routes.lock({ params: { id: monthId } }));
export const usePay = () =>
  useBisyarohMutation(({ monthId, body }: { monthId: number; body: BisyarohPayInput }) =>
    routes.pay({ params: { id: monthId }, body }),
  );
