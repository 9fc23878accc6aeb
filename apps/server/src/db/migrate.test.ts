import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../test/context.ts';
import { MIGRATIONS_FOLDER, runMigrations } from './migrate.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const appliedCount = async () => {
  const r = await ctx.db.execute<{ n: string }>(sql`select count(*)::text as n from drizzle.__drizzle_migrations`);
  return Number(r.rows[0]!.n);
};

describe('migrations', () => {
  it('are idempotent: running them again changes nothing', async () => {
    const before = await appliedCount();
    expect(before).toBeGreaterThanOrEqual(2);
    await runMigrations(ctx.config.DATABASE_URL!);
    await runMigrations(ctx.config.DATABASE_URL!);
    expect(await appliedCount()).toBe(before);
  });

  it('apply in one transaction: a failing migration leaves nothing behind and is reported', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mms-migrations-'));
    await fs.cp(MIGRATIONS_FOLDER, dir, { recursive: true });
    const journalFile = path.join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(await fs.readFile(journalFile, 'utf8'));
    const last = journal.entries.at(-1);
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: '9999_broken' });
    await fs.writeFile(journalFile, JSON.stringify(journal));
    await fs.writeFile(
      path.join(dir, '9999_broken.sql'),
      'CREATE TABLE half_done (id int);\n--> statement-breakpoint\nSELECT * FROM no_such_table;\n',
    );
    const before = await appliedCount();
    await expect(runMigrations(ctx.config.DATABASE_URL!, dir)).rejects.toThrow();
    const exists = await ctx.db.execute<{ t: string | null }>(sql`select to_regclass('public.half_done')::text as t`);
    expect(exists.rows[0]!.t).toBeNull();
    expect(await appliedCount()).toBe(before);
    await fs.rm(dir, { recursive: true, force: true });
  });
});
