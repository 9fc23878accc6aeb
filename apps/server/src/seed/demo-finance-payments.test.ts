import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyPayments, Payment } from '@mms/shared';
import { createTestContext, type TestContext } from '../test/context.ts';
import { DEMO_PASSWORD, seedDemoIfFirstStart } from './demo.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { empty: true, now: '2026-11-18T10:00:00+07:00' });
  expect(await seedDemoIfFirstStart(ctx.db)).toBe(true);
}, 60_000);
afterAll(() => ctx.close());

describe('payments demo', () => {
  it('has SMP 7A SPP payments: the demo student’s, a partial one, one with credit and a reversed one', async () => {
    const cashier = await ctx.signIn('teachercashier', DEMO_PASSWORD);
    const list = (await ctx.call(cashier, 'GET', '/api/v1/finance-payments/payments')).json() as { items: Payment[] };
    expect(list.items).toHaveLength(4);
    expect(list.items.filter((p) => p.status === 'REVERSED')).toHaveLength(1);
    expect(list.items.some((p) => p.creditAdded > 0)).toBe(true);
    expect(list.items.every((p) => p.voucherNumbers.length > 0)).toBe(true);
    const student = await ctx.signIn('student', DEMO_PASSWORD);
    const mine = (await ctx.call(student, 'GET', '/api/v1/finance-payments/me')).json() as MyPayments;
    expect(mine.payments).toHaveLength(1);
    expect(mine.payments[0]!.allocations).toHaveLength(2);
  });
});
