import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { dbErrorToApp, guarded } from './db-errors.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** The error a real statement raises in PostgreSQL. */
const errorOf = (statement: ReturnType<typeof sql>) =>
  ctx.db.execute(statement).then(
    () => null,
    (e: unknown) => e,
  );

describe('database errors become API errors in one place', () => {
  it('maps the real errors of PostgreSQL to 409 and 400 in the project’s error shape', async () => {
    const duplicate = await errorOf(sql`insert into units (code, name) values ('SMP', 'Lagi')`);
    expect(dbErrorToApp(duplicate)).toMatchObject({ code: 'CONFLICT', statusCode: 409 });
    const missing = await errorOf(sql`insert into grades (unit_id, level, name) values (2147483000, 7, 'X')`);
    expect(dbErrorToApp(missing)).toMatchObject({ code: 'CONFLICT', statusCode: 409 });
    const tooBig = await errorOf(sql`select ${'2147483648'}::int`);
    expect(dbErrorToApp(tooBig)).toMatchObject({ code: 'VALIDATION_FAILED', statusCode: 400 });
    const nul = await errorOf(sql`select ${'a\u0000b'}::text`);
    expect(dbErrorToApp(nul)).toMatchObject({ code: 'VALIDATION_FAILED', statusCode: 400 });
    expect(dbErrorToApp(new Error('something else'))).toBeNull();
  });

  it('maps deleting a row still referenced by an ON DELETE RESTRICT key to 409 (23503 or 23001, by version)', async () => {
    await ctx.db.execute(sql`create temporary table t_parent (id int primary key)`);
    await ctx.db.execute(
      sql`create temporary table t_child (parent_id int references t_parent (id) on delete restrict)`,
    );
    await ctx.db.execute(sql`insert into t_parent values (1)`);
    await ctx.db.execute(sql`insert into t_child values (1)`);
    const inUse = await errorOf(sql`delete from t_parent where id = 1`);
    expect(dbErrorToApp(inUse, { inUse: 'Ruang masih dipakai' })).toMatchObject({
      code: 'CONFLICT',
      statusCode: 409,
      message: 'Ruang masih dipakai',
    });
  });

  it('lets a service name its own constraint, and passes other failures on', async () => {
    await expect(
      guarded(() => ctx.db.execute(sql`insert into units (code, name) values ('SMP', 'Lagi')`), {
        unique: 'Kode unit sudah dipakai',
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: 'Kode unit sudah dipakai' });
    await expect(guarded(() => Promise.reject(new Error('putus')))).rejects.toThrow('putus');
  });
});
