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

  it('0007 marks the enrolments that began with a class mutation, from their history', async () => {
    const [unit] = await ctx.db.execute<{ id: number }>(sql`select id from units limit 1`).then((r) => r.rows);
    const [year] = await ctx.db
      .execute<{ id: number }>(
        sql`insert into academic_years (name, start_date, end_date) values ('2097/2098', '2097-07-01', '2098-06-30') returning id`,
      )
      .then((r) => r.rows);
    const [grade] = await ctx.db
      .execute<{ id: number }>(
        sql`insert into grades (unit_id, level, name) values (${unit!.id}, 11, 'Sebelas') returning id`,
      )
      .then((r) => r.rows);
    const classes = await ctx.db
      .execute<{ id: number }>(
        sql`insert into class_groups (unit_id, academic_year_id, grade_id, name) values
          (${unit!.id}, ${year!.id}, ${grade!.id}, '11A'), (${unit!.id}, ${year!.id}, ${grade!.id}, '11B') returning id`,
      )
      .then((r) => r.rows);
    const [student] = await ctx.db
      .execute<{ id: number }>(
        sql`insert into students (unit_id, nis, name) values (${unit!.id}, 'MIG7', 'Siswa Migrasi') returning id`,
      )
      .then((r) => r.rows);
    await ctx.db
      .execute(sql`insert into enrollments (student_id, class_group_id, academic_year_id, started_at, ended_at, end_reason) values
      (${student!.id}, ${classes[0]!.id}, ${year!.id}, '2097-07-10T08:00:00+07', '2097-09-01T08:00:00+07', 'MOVED'),
      (${student!.id}, ${classes[1]!.id}, ${year!.id}, '2097-09-01T08:00:00+07', null, null)`);
    const file = await fs.readFile(path.join(MIGRATIONS_FOLDER, '0007_enrollment_start_reason.sql'), 'utf8');
    const backfill = file.split('--> statement-breakpoint')[1]!;
    await ctx.db.execute(sql.raw(backfill));
    const rows = await ctx.db.execute<{ class_group_id: number; start_reason: string | null }>(
      sql`select class_group_id, start_reason from enrollments where student_id = ${student!.id} order by started_at`,
    );
    expect(rows.rows).toEqual([
      { class_group_id: classes[0]!.id, start_reason: null },
      { class_group_id: classes[1]!.id, start_reason: 'MOVED' },
    ]);
  });
});
