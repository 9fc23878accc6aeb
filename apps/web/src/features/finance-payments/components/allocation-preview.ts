import { planPayment, type Allocation, type AllocationError, type OpenBill } from '@mms/shared';

export interface PreviewRow {
  bill: OpenBill;
  /** what this payment puts on the bill */
  amount: number;
  /** what the bill still owes afterwards */
  after: number;
}
export interface Preview {
  rows: PreviewRow[];
  allocated: number;
  creditUsed: number;
  creditAdded: number;
  error: AllocationError | null;
}

/**
 * The counter's allocation preview: the same rule the server applies (`planPayment`, oldest due first unless
 * the cashier typed amounts). `overrides` holds the amounts the cashier changed, by bill id; once any is set,
 * every bill's amount is explicit (the untouched ones keep what the default gave them).
 */
export function previewAllocation(
  bills: readonly OpenBill[],
  amount: number,
  credit: number,
  overrides: ReadonlyMap<number, number>,
): Preview {
  const open = bills.map((b) => ({ id: b.id, outstanding: b.outstanding }));
  const base = planPayment(open, amount, credit);
  const defaults = new Map(base.ok ? base.plan.allocations.map((a) => [a.billId, a.amount]) : []);
  const explicit: Allocation[] | undefined =
    overrides.size === 0
      ? undefined
      : bills.map((b) => ({ billId: b.id, amount: overrides.get(b.id) ?? defaults.get(b.id) ?? 0 }));
  const result = planPayment(open, amount, credit, explicit);
  const plan = result.ok ? result.plan : null;
  const given = new Map((plan?.allocations ?? explicit ?? []).map((a) => [a.billId, a.amount]));
  return {
    rows: bills.map((bill) => {
      const put = given.get(bill.id) ?? 0;
      return { bill, amount: put, after: bill.outstanding - put };
    }),
    allocated: plan?.allocated ?? 0,
    creditUsed: plan?.creditUsed ?? 0,
    creditAdded: plan?.creditAdded ?? 0,
    error: result.ok ? null : result.error,
  };
}

/** The explicit allocations to send, or undefined for the server's default (oldest first). */
export function allocationsToSend(preview: Preview, overridden: boolean): Allocation[] | undefined {
  if (!overridden) return undefined;
  return preview.rows.filter((r) => r.amount > 0).map((r) => ({ billId: r.bill.id, amount: r.amount }));
}
