/**
 * How a payment is split over a student's open bills (issue 15), shared by the server and the counter's preview.
 * Integer rupiah only. The money available is what was paid plus the credit the student chose to use; by default
 * it goes to the bills oldest due first (the order given), each up to its outstanding; the cashier may name the
 * amounts instead, never more than a bill's outstanding nor more than is available. The credit is used only for
 * what the payment does not cover; what is left of the payment becomes a new credit.
 */
export interface AllocatableBill {
  id: number;
  /** amount - discount - paid */
  outstanding: number;
}
export interface Allocation {
  billId: number;
  amount: number;
}
export type AllocationError =
  | { code: 'UNKNOWN_BILL'; billId: number }
  | { code: 'DUPLICATE_BILL'; billId: number }
  | { code: 'OVER_OUTSTANDING'; billId: number }
  | { code: 'OVER_AVAILABLE' };
export interface PaymentPlan {
  allocations: Allocation[];
  allocated: number;
  /** credit of the student used for the bills */
  creditUsed: number;
  /** what is left of the payment: a new credit of the student */
  creditAdded: number;
}

/** Oldest first: each bill in order takes what it still owes until the money runs out. */
export function allocateOldestFirst(bills: readonly AllocatableBill[], available: number): Allocation[] {
  const out: Allocation[] = [];
  let left = available;
  for (const b of bills) {
    if (left <= 0) break;
    const take = Math.min(left, b.outstanding);
    if (take > 0) out.push({ billId: b.id, amount: take });
    left -= take;
  }
  return out;
}

export function planPayment(
  bills: readonly AllocatableBill[],
  amount: number,
  credit: number,
  explicit?: readonly Allocation[],
): { ok: true; plan: PaymentPlan } | { ok: false; error: AllocationError } {
  const available = amount + credit;
  let allocations: Allocation[];
  if (explicit) {
    const byId = new Map(bills.map((b) => [b.id, b]));
    const seen = new Set<number>();
    for (const a of explicit) {
      const bill = byId.get(a.billId);
      if (!bill) return { ok: false, error: { code: 'UNKNOWN_BILL', billId: a.billId } };
      if (seen.has(a.billId)) return { ok: false, error: { code: 'DUPLICATE_BILL', billId: a.billId } };
      seen.add(a.billId);
      if (a.amount > bill.outstanding) return { ok: false, error: { code: 'OVER_OUTSTANDING', billId: a.billId } };
    }
    allocations = explicit.filter((a) => a.amount > 0).map((a) => ({ billId: a.billId, amount: a.amount }));
  } else {
    allocations = allocateOldestFirst(bills, available);
  }
  const allocated = allocations.reduce((s, a) => s + a.amount, 0);
  if (allocated > available) return { ok: false, error: { code: 'OVER_AVAILABLE' } };
  return {
    ok: true,
    plan: {
      allocations,
      allocated,
      creditUsed: Math.max(0, allocated - amount),
      creditAdded: Math.max(0, amount - allocated),
    },
  };
}
