import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, DIVISIONS, type Division, type Permission, type PermissionTable } from '@mms/shared';
import { units } from '../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../test/context.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** Routes of the API proper; docs and static files are public by construction. */
const apiRoutes = () =>
  ctx.app
    .registeredRoutes()
    .filter((r) => r.method !== 'HEAD' && r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));

describe('route declarations', () => {
  it('every registered route declares its access', () => {
    const routes = ctx.app.registeredRoutes().filter((r) => r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(5);
    const undeclared = routes.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('an app with an undeclared route refuses to start', async () => {
    const other = await createTestContext();
    try {
      const app = other.app;
      // A fresh instance is needed: the tested one is ready. Build one through the same factory.
      const { buildApp } = await import('../app.ts');
      const fresh = await buildApp({ config: other.config, db: other.db });
      fresh.get('/api/v1/undeclared', async () => ({ ok: true }));
      await expect(fresh.ready()).rejects.toThrow(/without a declared access: GET \/api\/v1\/undeclared/);
      await fresh.close().catch(() => undefined);
      expect(app).toBeDefined();
    } finally {
      await other.close();
    }
  });
});

describe('permission matrix: every route as anonymous and as each division', () => {
  const sessions = new Map<Division, Session>();
  const sessionOf = async (division: Division) => {
    let s = sessions.get(division);
    if (!s) {
      const u = await ctx.createUser({ division });
      s = await ctx.signIn(u.username);
      sessions.set(division, s);
    }
    return s;
  };

  // ~3,000 requests: generous time so a busy CI machine does not fail it on speed alone.
  it(
    'answers 401, 403 or lets the call through exactly as the permission table says',
    { timeout: 120_000 },
    async () => {
      const failures: string[] = [];
      const routes = apiRoutes().filter((r) => r.access !== 'public' && r.access !== 'applicant');
      expect(routes.length).toBeGreaterThan(3);
      for (const route of routes) {
        const url = route.url.replace(/:[A-Za-z]+/g, '999999');
        const method = route.method as 'GET' | 'POST';
        const anonymous = await ctx.call(null, method, url, method === 'GET' ? undefined : {});
        if (anonymous.statusCode !== 401)
          failures.push(`${route.method} ${route.url} anonymous → ${anonymous.statusCode}`);
        for (const division of DIVISIONS) {
          const s = await sessionOf(division);
          const res = await ctx.call(s, method, url, method === 'GET' ? undefined : {});
          const allowed = route.access === 'authenticated' || can(division, route.access as Permission);
          const ok = allowed ? res.statusCode !== 401 && res.statusCode !== 403 : res.statusCode === 403;
          if (!ok)
            failures.push(`${route.method} ${route.url} as ${division} → ${res.statusCode} (allowed: ${allowed})`);
          if (!allowed) expect(res.json().error.code).toBe('FORBIDDEN');
          // Some allowed calls end the session (logout): sign in again for the next route.
          if ((await ctx.call(s, 'GET', '/api/v1/auth/me')).statusCode === 401) sessions.delete(division);
        }
      }
      expect(failures).toEqual([]);
    },
  );

  it(
    'answers as the table the ADMIN changed says: a grant lets through, a withdrawal refuses, another unit’s change does not count; undone, as the code says',
    { timeout: 120_000 },
    async () => {
      const admin = await ctx.as('ADMIN');
      const [other] = await ctx.db.insert(units).values({ code: 'SD', name: 'SD Uji' }).returning();
      const changes = [
        { division: 'TU', unitId: null, permission: 'content.manage', granted: true },
        { division: 'TEACHER', unitId: null, permission: 'school.employee.read', granted: false },
        { division: 'PRINCIPAL', unitId: other!.id, permission: 'school.employee.read', granted: false },
        { division: 'TEACHER', unitId: other!.id, permission: 'content.manage', granted: true },
      ] as const;
      const changed = new Set<string>(changes.map((c) => c.permission));
      const routes = apiRoutes().filter((r) => r.access !== undefined && changed.has(r.access));
      expect(routes.length).toBeGreaterThan(5);
      const check = async (allowedOf: (division: Division, permission: Permission) => boolean) => {
        const failures: string[] = [];
        for (const route of routes) {
          const url = route.url.replace(/:[A-Za-z]+/g, '999999');
          const method = route.method as 'GET' | 'POST';
          for (const division of ['TU', 'TEACHER', 'PRINCIPAL', 'ADMIN'] as const) {
            const res = await ctx.call(await sessionOf(division), method, url, method === 'GET' ? undefined : {});
            const allowed = allowedOf(division, route.access as Permission);
            const ok = allowed ? res.statusCode !== 401 && res.statusCode !== 403 : res.statusCode === 403;
            if (!ok)
              failures.push(`${route.method} ${route.url} as ${division} → ${res.statusCode} (allowed: ${allowed})`);
          }
        }
        expect(failures).toEqual([]);
      };
      for (const change of changes) {
        const res = await ctx.call(admin, 'PUT', '/api/v1/permissions/overrides', change);
        expect(res.statusCode, res.body).toBe(200);
      }
      // the sessions are of the SMP unit: the SD rows change nothing for them
      await check((division, permission) =>
        division === 'TU' && permission === 'content.manage'
          ? true
          : division === 'TEACHER' && permission === 'school.employee.read'
            ? false
            : can(division, permission),
      );
      const table = (await ctx.call(admin, 'GET', '/api/v1/permissions')).json<PermissionTable>();
      for (const o of table.overrides) {
        expect((await ctx.call(admin, 'DELETE', `/api/v1/permissions/overrides/${o.id}`)).statusCode).toBe(200);
      }
      await check(can);
    },
  );

  it('public routes answer without a session', async () => {
    for (const route of apiRoutes().filter((r) => r.access === 'public' && r.method === 'GET')) {
      const res = await ctx.call(null, 'GET', route.url.replace(/:[A-Za-z]+/g, '1'));
      expect([200, 404], `${route.url}`).toContain(res.statusCode);
    }
  });

  it("an applicant's routes answer 401 without the applicant's session, even to a signed-in staff user", async () => {
    const admin = await ctx.as('ADMIN');
    const routes = apiRoutes().filter((r) => r.access === 'applicant' && r.method === 'GET');
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      for (const who of [null, admin]) {
        const res = await ctx.call(who, 'GET', route.url.replace(/:[A-Za-z]+/g, '1'));
        expect(res.statusCode, `${route.url}`).toBe(401);
      }
    }
  });
});
