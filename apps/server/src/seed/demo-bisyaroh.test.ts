import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BisyarohMonthList, MyBisyarohList } from '@mms/shared';
import { createTestContext, type TestContext } from '../test/context.ts';
import { DEMO_PASSWORD, seedDemoIfFirstStart } from './demo.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { empty: true, now: '2026-11-18T10:00:00+07:00' });
  expect(await seedDemoIfFirstStart(ctx.db)).toBe(true);
}, 60_000);
afterAll(() => ctx.close());

describe('bisyaroh demo', () => {
  it('has a locked previous month and an open current month; the teacher sees their slip', async () => {
    const principal = await ctx.signIn('principal', DEMO_PASSWORD);
    const list = (await ctx.call(principal, 'GET', '/api/v1/bisyaroh/months')).json<BisyarohMonthList>();
    expect(list.items.map((m) => [m.month, m.status])).toEqual([
      ['2026-11', 'OPEN'],
      ['2026-10', 'LOCKED'],
    ]);
    expect(list.items.every((m) => m.total > 0 && m.employees >= 6)).toBe(true);
    const teacher = await ctx.signIn('teacher', DEMO_PASSWORD);
    const mine = (await ctx.call(teacher, 'GET', '/api/v1/bisyaroh/my-slips')).json<MyBisyarohList>();
    expect(mine.items.map((s) => s.month)).toEqual(['2026-10']);
    expect(mine.items[0]!.total).toBeGreaterThan(0);
  });
});
