import { describe, expect, it } from 'vitest';
import { allocateOldestFirst, planPayment } from './allocation.ts';

const bills = [
  { id: 1, outstanding: 300000 },
  { id: 2, outstanding: 300000 },
  { id: 3, outstanding: 150000 },
];

describe('allocation', () => {
  it('fills the oldest bills first', () => {
    expect(allocateOldestFirst(bills, 450000)).toEqual([
      { billId: 1, amount: 300000 },
      { billId: 2, amount: 150000 },
    ]);
    expect(allocateOldestFirst(bills, 0)).toEqual([]);
  });

  it('uses the credit only for what the payment does not cover; the rest of a payment becomes credit', () => {
    const r = planPayment(bills, 700000, 100000);
    expect(r).toEqual({
      ok: true,
      plan: { allocations: expect.any(Array), allocated: 750000, creditUsed: 50000, creditAdded: 0 },
    });
    expect(planPayment(bills, 900000, 0)).toMatchObject({ ok: true, plan: { allocated: 750000, creditAdded: 150000 } });
  });

  it('checks explicit amounts against the outstanding and the money', () => {
    expect(planPayment(bills, 100000, 0, [{ billId: 3, amount: 100000 }])).toMatchObject({
      ok: true,
      plan: { allocations: [{ billId: 3, amount: 100000 }], creditAdded: 0 },
    });
    expect(planPayment(bills, 500000, 0, [{ billId: 3, amount: 150001 }])).toEqual({
      ok: false,
      error: { code: 'OVER_OUTSTANDING', billId: 3 },
    });
    expect(planPayment(bills, 100000, 0, [{ billId: 1, amount: 200000 }])).toEqual({
      ok: false,
      error: { code: 'OVER_AVAILABLE' },
    });
    expect(planPayment(bills, 100000, 0, [{ billId: 9, amount: 1 }])).toMatchObject({ ok: false });
    expect(
      planPayment(bills, 100000, 0, [
        { billId: 1, amount: 1 },
        { billId: 1, amount: 1 },
      ]),
    ).toMatchObject({ ok: false, error: { code: 'DUPLICATE_BILL' } });
  });
});
