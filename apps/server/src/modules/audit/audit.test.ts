import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { auditLog } from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { clock } from '../../lib/clock.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const actor = { userId: null, username: 'uji', ip: '10.0.0.1', requestId: 'r-1' };

describe('audit log', () => {
  it('is append-only: the database refuses update, delete and truncate', async () => {
    await audit(ctx.db, actor, { action: 'test.append', after: { a: 1 } });
    await expect(ctx.db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'test.append'`);
    expect(rows).toHaveLength(1);
  });

  it('never stores secrets from before/after records', async () => {
    await audit(ctx.db, actor, {
      action: 'test.scrub',
      before: { name: 'A', passwordHash: '$argon2id$...', nested: { csrfToken: 't', keep: 2 } },
      after: { name: 'B', password: 'p' },
    });
    const [row] = await ctx.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'test.scrub'`);
    expect(row!.before).toEqual({ name: 'A', nested: { keep: 2 } });
    expect(row!.after).toEqual({ name: 'B' });
  });

  it('rolls back with the change it belongs to', async () => {
    await expect(
      ctx.db.transaction(async (tx) => {
        await audit(tx, actor, { action: 'test.rollback' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'test.rollback'`);
    expect(rows).toHaveLength(0);
  });

  it('is listed for an admin, newest first, with filters and pagination', async () => {
    const admin = await ctx.as('ADMIN');
    const u = await ctx.createUser({ division: 'TEACHER', username: 'guru.audit' });
    await ctx.signIn(u.username);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'guru.audit', password: 'salah-sekali' },
    });

    const all = (await ctx.call(admin, 'GET', '/api/v1/audit?action=auth.login&pageSize=200')).json();
    expect(all.total).toBeGreaterThanOrEqual(3);
    expect(all.items[0].id).toBeGreaterThan(all.items.at(-1).id);

    const failures = (await ctx.call(admin, 'GET', '/api/v1/audit?action=auth.login.failure')).json();
    expect(failures.items.every((i: { action: string }) => i.action === 'auth.login.failure')).toBe(true);
    expect(failures.items[0].after).toEqual({ username: 'guru.audit' });

    const byActor = (await ctx.call(admin, 'GET', '/api/v1/audit?actor=guru.audit')).json();
    expect(byActor.items.map((i: { action: string }) => i.action)).toContain('auth.login.success');

    // the audit filter takes Jakarta dates: today on MMS's clock, not the UTC date
    const today = clock.today();
    const page = (await ctx.call(admin, 'GET', `/api/v1/audit?from=2020-01-01&to=${today}&page=2&pageSize=1`)).json();
    expect(page).toMatchObject({ page: 2, pageSize: 1 });
    expect(page.items).toHaveLength(1);
    const none = (await ctx.call(admin, 'GET', '/api/v1/audit?from=2000-01-01&to=2000-01-02')).json();
    expect(none).toMatchObject({ total: 0, items: [] });
  });

  it('refuses bad filters and non-admins', async () => {
    const admin = await ctx.as('ADMIN');
    expect((await ctx.call(admin, 'GET', '/api/v1/audit?from=kemarin')).statusCode).toBe(400);
    expect((await ctx.call(admin, 'GET', '/api/v1/audit?page=0')).statusCode).toBe(400);
    expect((await ctx.call(await ctx.as('PRINCIPAL'), 'GET', '/api/v1/audit')).statusCode).toBe(403);
    expect((await ctx.call(null, 'GET', '/api/v1/audit')).statusCode).toBe(401);
  });
});
