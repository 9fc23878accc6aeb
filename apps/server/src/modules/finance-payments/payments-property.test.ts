import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { billStatusOf, type Payment } from '@mms/shared';
import { bills } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { API, makeBill, paymentsFixture } from '../../test/finance-payments-fixture.ts';

/*
 * A property test over random sequences of bill generation (with discounts), payments (random amounts: partial,
 * exact, over; default or explicit allocation), reversals and cancellations. After every sequence:
 *   billed = paid + outstanding + cancelled + discounts (per bill and in total), statuses agree with the amounts,
 *   every student's credit balance >= 0 and equals what the non-reversed payments left,
 *   the payment vouchers net of their reversals == the non-reversed payments' money, rupiah for rupiah.
 */

let ctx: TestContext;
let fx: Awaited<ReturnType<typeof paymentsFixture>>;
let period = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  fx = await paymentsFixture(ctx);
});
afterAll(() => ctx.close());

type Op =
  | { kind: 'bill'; student: number; amount: number; discountPct: number }
  | { kind: 'pay'; student: number; amount: number; transfer: boolean; explicit: boolean }
  | { kind: 'reverse'; pick: number }
  | { kind: 'cancel'; pick: number };

const student = fc.integer({ min: 0, max: 2 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('bill' as const),
    student,
    amount: fc.integer({ min: 1, max: 400_000 }),
    discountPct: fc.constantFrom(0, 0, 25, 50, 100),
  }),
  fc.record({
    kind: fc.constant('pay' as const),
    student,
    amount: fc.integer({ min: 1, max: 900_000 }),
    transfer: fc.boolean(),
    explicit: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
);

async function run(o: Op) {
  const s = fx.f.studentsB[o.kind === 'bill' || o.kind === 'pay' ? o.student : 0]!;
  if (o.kind === 'bill') {
    period++;
    const discount = (o.amount * o.discountPct - ((o.amount * o.discountPct) % 100)) / 100;
    await makeBill(ctx.db, {
      unitId: fx.unitId,
      studentId: s.id,
      componentId: fx.kitab.id,
      period: `P${period}`,
      amount: o.amount,
      discount,
    });
    return;
  }
  if (o.kind === 'pay') {
    const acc = (await ctx.call(fx.cashier, 'GET', `${API}/students/${s.id}/account`)).json();
    const first = acc.bills[0];
    const body: Record<string, unknown> = {
      studentId: s.id,
      method: o.transfer ? 'TRANSFER' : 'CASH',
      amount: o.amount,
    };
    if (o.explicit && first) body.allocations = [{ billId: first.id, amount: Math.min(first.outstanding, o.amount) }];
    const res = await ctx.call(fx.cashier, 'POST', `${API}/payments`, body);
    expect([200, 400, 409], res.body).toContain(res.statusCode);
    return;
  }
  if (o.kind === 'reverse') {
    const list = (await ctx.call(fx.cashier, 'GET', `${API}/payments?status=POSTED&pageSize=100`)).json();
    const p = list.items[o.pick % Math.max(1, list.items.length)] as Payment | undefined;
    if (!p) return;
    const asked = await ctx.call(fx.cashier, 'POST', `${API}/payments/${p.id}/reversal`, { reason: 'uji acak' });
    expect(asked.statusCode, asked.body).toBe(200);
    const res = await ctx.call(fx.cashier2, 'POST', `${API}/payments/${p.id}/reversal/approve`);
    expect([200, 409], res.body).toContain(res.statusCode);
    if (res.statusCode === 409) await ctx.call(fx.cashier2, 'POST', `${API}/payments/${p.id}/reversal/reject`);
    return;
  }
  const rows = await ctx.db
    .select({ id: bills.id })
    .from(bills)
    .where(sql`${bills.status} <> 'CANCELLED'`);
  const b = rows[o.pick % Math.max(1, rows.length)];
  if (!b) return;
  const res = await ctx.call(fx.cashier, 'POST', `/api/v1/finance/bills/${b.id}/cancel`, { reason: 'uji acak' });
  expect([200, 409], res.body).toContain(res.statusCode);
}

async function checkInvariants() {
  const all = await ctx.db.select().from(bills);
  let billed = 0;
  let parts = 0;
  for (const b of all) {
    billed += b.amount;
    const cancelled = b.status === 'CANCELLED' ? b.amount - b.discount - b.paid : 0;
    const outstanding = b.status === 'CANCELLED' ? 0 : b.amount - b.discount - b.paid;
    expect(outstanding).toBeGreaterThanOrEqual(0);
    parts += b.paid + outstanding + cancelled + b.discount;
    if (b.status !== 'CANCELLED') expect(b.status).toBe(billStatusOf(b.amount, b.discount, b.paid));
  }
  expect(parts).toBe(billed);
  const [sums] = (
    await ctx.db.execute<{ paid: number; allocated: number }>(sql`select
      (select coalesce(sum(paid), 0)::int from bills) as paid,
      (select coalesce(sum(a.amount), 0)::int from payment_allocations a join payments p on p.id = a.payment_id
        where p.status <> 'REVERSED') as allocated`)
  ).rows;
  expect(sums!.paid).toBe(sums!.allocated);
  const credits = (
    await ctx.db.execute<{ student_id: number; balance: number; expected: number }>(sql`select s.id as student_id,
      (select coalesce(sum(amount), 0)::int from student_credits c where c.student_id = s.id) as balance,
      (select coalesce(sum(credit_added - credit_used), 0)::int from payments p
        where p.student_id = s.id and p.status <> 'REVERSED') as expected
      from students s`)
  ).rows;
  for (const c of credits) {
    expect(c.balance).toBeGreaterThanOrEqual(0);
    expect(c.balance).toBe(c.expected);
  }
  const [money] = (
    await ctx.db.execute<{ vouchers: number; payments: number }>(sql`select
      (select coalesce(sum(case when source like 'payment:%' then amount else -amount end), 0)::bigint
        from vouchers where state = 'POSTED' and (source like 'payment:%' or source like 'payment-reversal:%')) as vouchers,
      (select coalesce(sum(amount), 0)::int from payments where status <> 'REVERSED') as payments`)
  ).rows;
  expect(Number(money!.vouchers)).toBe(money!.payments);
}

it('keeps the books balanced under any sequence of bills, payments, reversals and cancellations', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
      for (const o of ops) await run(o);
      await checkInvariants();
    }),
    { numRuns: 25 },
  );
  // the runs did pay, reverse and cancel (a property over nothing proves nothing)
  const [seen] = (
    await ctx.db.execute<{ paid: number; reversed: number; cancelled: number }>(sql`select
      (select count(*)::int from payments) as paid,
      (select count(*)::int from payments where status = 'REVERSED') as reversed,
      (select count(*)::int from bills where status = 'CANCELLED') as cancelled`)
  ).rows;
  expect(seen!.paid).toBeGreaterThan(10);
  expect(seen!.reversed).toBeGreaterThan(0);
  expect(seen!.cancelled).toBeGreaterThan(0);
}, 240_000);
