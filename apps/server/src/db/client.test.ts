import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../test/context.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('a transaction runs the queries it is given at once one after another', () => {
  it('answers each query of a Promise.all inside a transaction, in order, without pg deprecation warnings', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    try {
      const got = await ctx.db.transaction(async (tx) => {
        await tx.execute(sql`create temporary table seen (n int, at timestamptz default clock_timestamp())`);
        const results = await Promise.all(
          [1, 2, 3, 4, 5].map((n) =>
            tx.execute<{ n: number }>(sql`insert into seen (n) select ${n} from pg_sleep(0.01) returning n`),
          ),
        );
        const order = await tx.execute<{ n: number }>(sql`select n from seen order by at`);
        return { results: results.map((r) => r.rows[0]!.n), order: order.rows.map((r) => r.n) };
      });
      // process.emitWarning emits on the next tick: by the next turn of the event loop every warning is in
      await new Promise((r) => setImmediate(r));
      expect(got.results).toEqual([1, 2, 3, 4, 5]);
      expect(got.order).toEqual([1, 2, 3, 4, 5]);
      expect(warnings.filter((w) => /already executing a query/.test(w))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('a failing query rejects alone: the ones queued behind it still run (and the transaction then rolls back)', async () => {
    const outcome = await ctx.db
      .transaction(async (tx) => {
        const settled = await Promise.allSettled([
          tx.execute(sql`select 1 as one`),
          tx.execute(sql`select 1 / 0 as boom`),
          tx.execute(sql`select 3 as three`),
        ]);
        return settled.map((s) => s.status);
      })
      .catch((e: unknown) => e);
    // the third runs after the error in an aborted transaction, so it fails too; nothing hangs
    expect(outcome).toEqual(['fulfilled', 'rejected', 'rejected']);
  });
});
