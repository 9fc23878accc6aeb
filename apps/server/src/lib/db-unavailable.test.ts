import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { dbErrorToApp } from './db-errors.ts';

let ctx: TestContext;
let admin: pg.Client;
let name: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = new pg.Client({ connectionString: inject('adminUrl') });
  await admin.connect();
  name = (await ctx.db.execute<{ name: string }>(sql`select current_database() as name`)).rows[0]!.name;
});
afterAll(async () => {
  await admin.query(`alter database ${name} allow_connections true`);
  await admin.end();
  await ctx.close();
});

describe('a database that cannot be reached for a moment', () => {
  it('maps a refused connection and a terminated session to 503 UNAVAILABLE with Retry-After', async () => {
    const refused = await new pg.Client({ host: '127.0.0.1', port: 1, user: 'x', database: 'x' }).connect().then(
      () => null,
      (e: unknown) => e,
    );
    expect(dbErrorToApp(refused)).toMatchObject({
      code: 'UNAVAILABLE',
      statusCode: 503,
      headers: { 'retry-after': '5' },
    });
    const client = new pg.Client({ connectionString: inject('adminUrl') });
    client.on('error', () => undefined);
    await client.connect();
    const terminated = await client.query('select pg_terminate_backend(pg_backend_pid())').then(
      () => null,
      (e: unknown) => e,
    );
    expect(dbErrorToApp(terminated)).toMatchObject({ code: 'UNAVAILABLE', statusCode: 503 });
    await client.end().catch(() => undefined);
  });

  it('answers 503 in the error shape while connections are refused, and works again after', async () => {
    await admin.query(`alter database ${name} allow_connections false`);
    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [name]);
    // straight to the app: the test helper's call first syncs the read cache through the database
    const down = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'siapa', password: 'rahasia-sekali' },
    });
    expect(down.statusCode, down.body).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json()).toEqual({
      error: { code: 'UNAVAILABLE', message: 'Basis data sedang tidak dapat dihubungi. Coba lagi sebentar lagi.' },
    });
    // no connection is left checked out by the failed requests (a leak would exhaust the pool)
    const pool = ctx.db.$client;
    expect(pool.totalCount - pool.idleCount).toBe(0);
    await admin.query(`alter database ${name} allow_connections true`);
    const up = await ctx.call(null, 'POST', '/api/v1/auth/login', { username: 'siapa', password: 'rahasia-sekali' });
    expect(up.statusCode, up.body).toBe(401);
  });
});
