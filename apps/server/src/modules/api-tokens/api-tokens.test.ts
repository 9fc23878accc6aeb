import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { addDays, CSRF_HEADER, type Permission } from '@mms/shared';
import { apiTokens, auditLog, users } from '../../db/schema/index.ts';
import { clock, setClock } from '../../lib/clock.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';

let ctx: TestContext;
let admin: Session;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.as('ADMIN');
});
afterAll(() => ctx.close());

const tomorrow = () => addDays(clock.today(), 1);
const inAMonth = () => addDays(clock.today(), 30);

async function createToken(body: { userId: number; scopes: Permission[]; name?: string; unitId?: number | null }) {
  const res = await ctx.call(admin, 'POST', '/api/v1/api-tokens', {
    name: body.name ?? `integrasi ${Math.random().toString(36).slice(2, 8)}`,
    expiresOn: inAMonth(),
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ token: string; item: { id: number; prefix: string; state: string } }>();
}

/** A call with the token only: no cookie, no CSRF header. */
const withToken = (token: string, method: 'GET' | 'POST', url: string, body?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(body ? { payload: body } : {}),
  });

describe('API tokens: the ADMIN screen’s API', () => {
  it('creates a token shown once, stores only its hash and lists its prefix', async () => {
    const created = await createToken({ userId: admin.user.id, scopes: ['school.read'], name: 'Integrasi rapor' });
    expect(created.token).toMatch(/^mms_[A-Za-z0-9_-]{43}$/);
    expect(created.token.startsWith(created.item.prefix)).toBe(true);
    expect(created.item.state).toBe('active');
    const [row] = await ctx.db.select().from(apiTokens).where(eq(apiTokens.id, created.item.id));
    expect(row!.tokenHash).not.toContain(created.token.slice(4));
    expect(JSON.stringify(row)).not.toContain(created.token);

    const list = await ctx.call(admin, 'GET', '/api/v1/api-tokens?q=rapor');
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((t: { name: string }) => t.name)).toEqual(['Integrasi rapor']);
    expect(list.body).not.toContain(created.token);
    expect(list.json().items[0]).toMatchObject({ createdBy: admin.user.username, scopes: ['school.read'] });
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'apiToken.create' and ${auditLog.entityId} = ${String(created.item.id)}`);
    expect(entry!.actorUsername).toBe(admin.user.username);
  });

  it('is for ADMIN only: 401 anonymous, 403 to other divisions', async () => {
    expect((await ctx.call(null, 'GET', '/api/v1/api-tokens')).statusCode).toBe(401);
    for (const division of ['PRINCIPAL', 'TU', 'TEACHER', 'YAYASAN'] as const) {
      const s = await ctx.as(division);
      expect((await ctx.call(s, 'GET', '/api/v1/api-tokens')).statusCode).toBe(403);
      const res = await ctx.call(s, 'POST', '/api/v1/api-tokens', {
        name: 'x',
        userId: s.user.id,
        scopes: ['school.read'],
        expiresOn: inAMonth(),
      });
      expect(res.statusCode).toBe(403);
    }
  });

  it('refuses bad input with a clear 400', async () => {
    const teacher = await ctx.as('TEACHER');
    const cases: [object, string][] = [
      [{ name: '', userId: admin.user.id, scopes: ['school.read'], expiresOn: inAMonth() }, 'name'],
      [{ name: 'a\u0000b', userId: admin.user.id, scopes: ['school.read'], expiresOn: inAMonth() }, 'name'],
      [{ name: 'x', userId: admin.user.id, scopes: [], expiresOn: inAMonth() }, 'scopes'],
      [{ name: 'x', userId: admin.user.id, scopes: ['no.such'], expiresOn: inAMonth() }, 'scopes.0'],
      [{ name: 'x', userId: 2_147_483_648, scopes: ['school.read'], expiresOn: inAMonth() }, 'userId'],
      [{ name: 'x', userId: admin.user.id, scopes: ['school.read'], expiresOn: clock.today() }, 'expiresOn'],
      [
        { name: 'x', userId: admin.user.id, scopes: ['school.read'], expiresOn: addDays(clock.today(), 400) },
        'expiresOn',
      ],
      [{ name: 'x', userId: admin.user.id, scopes: ['school.read'], expiresOn: '2026-13-45' }, 'expiresOn'],
      // a scope the account's division does not have
      [{ name: 'x', userId: teacher.user.id, scopes: ['users.manage'], expiresOn: inAMonth() }, 'scopes'],
      // a unit-bound account may not take another unit
      [
        { name: 'x', userId: teacher.user.id, scopes: ['school.read'], unitId: 999_999, expiresOn: inAMonth() },
        'unitId',
      ],
      [{ name: 'x', userId: 999_999, scopes: ['school.read'], expiresOn: inAMonth() }, 'userId'],
    ];
    for (const [body, field] of cases) {
      const res = await ctx.call(admin, 'POST', '/api/v1/api-tokens', body);
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await ctx.call(admin, 'POST', '/api/v1/api-tokens/2147483648/revoke')).statusCode).toBe(400);
    expect((await ctx.call(admin, 'POST', '/api/v1/api-tokens/999999/revoke')).statusCode).toBe(404);
  });
});

describe('Authorization: Bearer', () => {
  it('acts as the account with its scopes, needs no CSRF header, and revocation ends it (401)', async () => {
    const { token, item } = await createToken({ userId: admin.user.id, scopes: ['school.read', 'apiTokens.manage'] });
    expect((await withToken(token, 'GET', '/api/v1/lookups/tapel')).statusCode).toBe(200);
    // a state-changing call with the token alone: no CSRF header needed, audited with the token's name
    const created = await withToken(token, 'POST', '/api/v1/api-tokens', {
      name: 'dibuat lewat token',
      userId: admin.user.id,
      scopes: ['school.read'],
      expiresOn: tomorrow(),
    });
    expect(created.statusCode, created.body).toBe(200);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'apiToken.create' and ${auditLog.entityId} = ${String(created.json().item.id)}`);
    expect(entry!.actorUsername).toBe(`${admin.user.username} [token: ${await tokenName(item.id)}]`);
    expect(entry!.actorUserId).toBe(admin.user.id);

    const revoked = await ctx.call(admin, 'POST', `/api/v1/api-tokens/${item.id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().state).toBe('revoked');
    const after = await withToken(token, 'GET', '/api/v1/lookups/tapel');
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('UNAUTHENTICATED');
    expect((await ctx.call(admin, 'POST', `/api/v1/api-tokens/${item.id}/revoke`)).statusCode).toBe(409);
    const listed = await ctx.call(admin, 'GET', '/api/v1/api-tokens?state=revoked');
    expect(listed.json().items.map((t: { id: number }) => t.id)).toContain(item.id);
  });

  it('answers 403 on a route whose permission the token was not given, though the account has it', async () => {
    const { token } = await createToken({ userId: admin.user.id, scopes: ['school.read'] });
    const res = await withToken(token, 'GET', '/api/v1/users');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    expect((await ctx.call(admin, 'GET', '/api/v1/users')).statusCode).toBe(200);
  });

  it("narrows the checks inside a service too: the search leaves out what the token's scopes do not cover", async () => {
    await ctx.createUser({ division: 'TU', username: 'pencarian_pegawai' });
    const kinds = (res: { json: () => { groups: { kind: string }[] } }) => res.json().groups.map((g) => g.kind);
    const bySession = await ctx.call(admin, 'GET', '/api/v1/search?q=pencarian_pegawai');
    expect(bySession.statusCode).toBe(200);
    expect(kinds(bySession)).toContain('employee');
    const narrow = await createToken({ userId: admin.user.id, scopes: ['search.use'] });
    const byToken = await withToken(narrow.token, 'GET', '/api/v1/search?q=pencarian_pegawai');
    expect(byToken.statusCode).toBe(200);
    expect(kinds(byToken)).not.toContain('employee');
    const wide = await createToken({ userId: admin.user.id, scopes: ['search.use', 'school.employee.read'] });
    expect(kinds(await withToken(wide.token, 'GET', '/api/v1/search?q=pencarian_pegawai'))).toContain('employee');
  });

  it("gives no more than the account's division may do, even if the division changes later", async () => {
    const u = await ctx.createUser({ division: 'TU' });
    const { token } = await createToken({ userId: u.id, scopes: ['school.read'] });
    expect((await withToken(token, 'GET', '/api/v1/lookups/tapel')).statusCode).toBe(200);
    await ctx.db.update(users).set({ division: 'STUDENT' }).where(eq(users.id, u.id));
    expect((await withToken(token, 'GET', '/api/v1/lookups/tapel')).statusCode).toBe(403);
    await ctx.db.update(users).set({ division: 'TU', isActive: false }).where(eq(users.id, u.id));
    expect((await withToken(token, 'GET', '/api/v1/lookups/tapel')).statusCode).toBe(401);
  });

  it('applies the row rules of the account: a unit-bound account sees only its unit', async () => {
    const tu = await ctx.as('TU');
    const { token } = await createToken({ userId: tu.user.id, scopes: ['school.read'] });
    expect((await withToken(token, 'GET', `/api/v1/lookups/subjects?unitId=${tu.user.unit!.id}`)).statusCode).toBe(200);
    const [other] = (
      await ctx.db.execute<{ id: number }>(
        sql`insert into units (code, name) values ('TKN', 'Unit Token') returning id`,
      )
    ).rows;
    const res = await withToken(token, 'GET', `/api/v1/lookups/subjects?unitId=${other!.id}`);
    expect(res.statusCode).toBe(403);
    // The same as the session of the account
    expect((await ctx.call(tu, 'GET', `/api/v1/lookups/subjects?unitId=${other!.id}`)).statusCode).toBe(403);
  });

  it("binds an ADMIN's token to its unit when it has one", async () => {
    const [unit] = (
      await ctx.db.execute<{ id: number }>(
        sql`insert into units (code, name) values ('TKB', 'Unit Terikat') returning id`,
      )
    ).rows;
    const smp = (await ctx.as('TU')).user.unit!.id;
    const { token } = await createToken({ userId: admin.user.id, scopes: ['school.read'], unitId: unit!.id });
    expect((await withToken(token, 'GET', `/api/v1/lookups/subjects?unitId=${unit!.id}`)).statusCode).toBe(200);
    expect((await withToken(token, 'GET', `/api/v1/lookups/subjects?unitId=${smp}`)).statusCode).toBe(403);
    // the session of the same ADMIN still sees every unit
    expect((await ctx.call(admin, 'GET', `/api/v1/lookups/subjects?unitId=${smp}`)).statusCode).toBe(200);
  });

  it('answers 401 to an unknown, malformed, expired or empty token, whatever the route', async () => {
    for (const header of [
      'Bearer mms_nope',
      'Bearer ',
      'Bearer',
      'bearer x'.repeat(50),
      `Bearer mms_${'a'.repeat(500)}`,
    ]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/lookups/tapel',
        headers: { authorization: header },
      });
      expect(res.statusCode, header).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
    // a bad token is not rescued by a valid session cookie beside it
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/lookups/tapel',
      headers: { authorization: 'Bearer mms_nope', cookie: admin.cookie, [CSRF_HEADER]: admin.csrfToken },
    });
    expect(res.statusCode).toBe(401);

    const { token } = await createToken({ userId: admin.user.id, scopes: ['school.read'] });
    const start = clock.now();
    try {
      setClock(new Date(start.getTime() + 31 * 86_400_000));
      expect((await withToken(token, 'GET', '/api/v1/lookups/tapel')).statusCode).toBe(401);
      const expired = await ctx.call(admin, 'GET', '/api/v1/api-tokens?state=expired');
      expect(expired.json().items.length).toBeGreaterThan(0);
    } finally {
      setClock(start);
    }
    expect((await withToken(token, 'GET', '/api/v1/lookups/tapel')).statusCode).toBe(200);
  });

  it('records when a token was last used', async () => {
    const { token, item } = await createToken({ userId: admin.user.id, scopes: ['school.read'] });
    const [before] = await ctx.db.select().from(apiTokens).where(eq(apiTokens.id, item.id));
    expect(before!.lastUsedAt).toBeNull();
    await withToken(token, 'GET', '/api/v1/lookups/tapel');
    const [after] = await ctx.db.select().from(apiTokens).where(eq(apiTokens.id, item.id));
    expect(after!.lastUsedAt).not.toBeNull();
  });

  it('cannot turn a token into a session through the /api/v1 password change', async () => {
    const { token } = await createToken({ userId: admin.user.id, scopes: ['profile.self'] });
    const res = await withToken(token, 'POST', '/api/v1/auth/password', {
      currentPassword: 'uji-coba-sandi-2026',
      newPassword: 'sandi-baru-yang-panjang-1',
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

async function tokenName(id: number) {
  const [row] = await ctx.db.select({ name: apiTokens.name }).from(apiTokens).where(eq(apiTokens.id, id));
  return row?.name;
}

describe('one rule for sessions and tokens', () => {
  it('no server check asks the permission table by division alone (use userCan of lib/scope.ts)', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const path = await import('node:path');
    const root = path.resolve(import.meta.dirname, '../..');
    const offenders: string[] = [];
    for (const entry of await readdir(root, { recursive: true })) {
      const file = String(entry);
      if (!file.endsWith('.ts') || file.includes('.test.') || file.includes('test/')) continue;
      const text = await readFile(path.join(root, file), 'utf8');
      // can(x.division, …) skips a token's scopes; userCan itself and the token creation's check of the account are the exceptions
      for (const m of text.matchAll(/\bcan\((\w+)\.division,/g)) {
        const allowed =
          file === path.join('lib', 'scope.ts') || (file.endsWith('api-tokens.service.ts') && m[1] === 'account');
        if (!allowed) offenders.push(`${file}: ${m[0]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
