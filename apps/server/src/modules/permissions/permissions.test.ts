import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { PermissionTable } from '@mms/shared';
import { auditLog, permissionOverrides, units, users } from '../../db/schema/index.ts';
import { createTestContext, TEST_PASSWORD, type Session, type TestContext } from '../../test/context.ts';

let ctx: TestContext;
let admin: Session;
let tu: Session;
let teacher: Session;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.as('ADMIN');
  tu = await ctx.as('TU');
  teacher = await ctx.as('TEACHER');
});
afterAll(() => ctx.close());

// content.manage is ADMIN's in the code's table; the random draw declares it (a class that does not exist: 404
// once the caller is let through)
const DRAW = '/api/v1/random-draws?classGroupId=999999&mode=pick&count=2';

const put = (body: object, as: Session = admin) => ctx.call(as, 'PUT', '/api/v1/permissions/overrides', body);
const table = async () => (await ctx.call(admin, 'GET', '/api/v1/permissions')).json<PermissionTable>();
const sessionPermissions = async (s: Session) =>
  (await ctx.call(s, 'GET', '/api/v1/auth/me')).json<{ permissions: string[] }>().permissions;
const auditRows = (action: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.action} = ${action}`)
    .orderBy(auditLog.id);

describe('the permission table screen’s API (ADMIN)', () => {
  it("reads the code's table: each permission, its divisions, and whether it is an ADMIN system right", async () => {
    const t = await table();
    expect(t.overrides).toEqual([]);
    expect(t.permissions.find((p) => p.name === 'school.employee.read')).toMatchObject({ system: false });
    expect(t.permissions.find((p) => p.name === 'school.employee.read')!.divisions).toContain('TEACHER');
    for (const name of ['users.manage', 'audit.read', 'apiTokens.manage', 'backup.manage', 'permissions.manage']) {
      expect(
        t.permissions.find((p) => p.name === name),
        name,
      ).toMatchObject({ divisions: ['ADMIN'], system: true });
    }
  });

  it('a granted permission lets the division through a route it was denied, its session lists it; undone, denied again', async () => {
    expect((await ctx.call(tu, 'GET', DRAW)).statusCode).toBe(403);
    expect(await sessionPermissions(tu)).not.toContain('content.manage');

    const res = await put({ division: 'TU', unitId: null, permission: 'content.manage', granted: true });
    expect(res.statusCode, res.body).toBe(200);
    const override = res.json<PermissionTable>().overrides.find((o) => o.division === 'TU')!;
    expect(override).toMatchObject({
      permission: 'content.manage',
      granted: true,
      unitId: null,
      createdBy: admin.user.id,
      createdByName: admin.user.displayName,
    });
    expect((await ctx.call(tu, 'GET', DRAW)).statusCode).toBe(404);
    expect(await sessionPermissions(tu)).toContain('content.manage');
    // the sign-in answer too
    const login = await ctx.call(null, 'POST', '/api/v1/auth/login', {
      username: tu.user.username,
      password: TEST_PASSWORD,
    });
    expect(login.json<{ permissions: string[] }>().permissions).toContain('content.manage');
    // another division is not touched
    expect((await ctx.call(teacher, 'GET', DRAW)).statusCode).toBe(403);

    const undo = await ctx.call(admin, 'DELETE', `/api/v1/permissions/overrides/${override.id}`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json<PermissionTable>().overrides).toEqual([]);
    expect((await ctx.call(tu, 'GET', DRAW)).statusCode).toBe(403);

    const [set] = await auditRows('permission.override.set');
    expect(set).toMatchObject({ actorUsername: admin.user.username, entityId: 'TU/*/content.manage' });
    expect(set!.after).toMatchObject({ division: 'TU', permission: 'content.manage', granted: true });
    const [removed] = await auditRows('permission.override.remove');
    expect(removed).toMatchObject({ entityId: String(override.id), after: null });
    expect(removed!.before).toMatchObject({ division: 'TU', permission: 'content.manage' });
  });

  it("a withdrawn permission denies; granting back the code's answer removes the row", async () => {
    expect((await ctx.call(teacher, 'GET', '/api/v1/employees')).statusCode).toBe(200);
    const res = await put({ division: 'TEACHER', unitId: null, permission: 'school.employee.read', granted: false });
    expect(res.statusCode, res.body).toBe(200);
    expect((await ctx.call(teacher, 'GET', '/api/v1/employees')).statusCode).toBe(403);
    expect(await sessionPermissions(teacher)).not.toContain('school.employee.read');

    const back = await put({ division: 'TEACHER', unitId: null, permission: 'school.employee.read', granted: true });
    expect(back.json<PermissionTable>().overrides).toEqual([]);
    expect((await ctx.call(teacher, 'GET', '/api/v1/employees')).statusCode).toBe(200);
  });

  it("a unit's own change holds in that unit only, and wins over the division-wide one", async () => {
    const [other] = await ctx.db.insert(units).values({ code: 'SD', name: 'SD Uji' }).returning();
    const smp = tu.user.unit!.id;
    await put({ division: 'TU', unitId: other!.id, permission: 'content.manage', granted: true });
    expect((await ctx.call(tu, 'GET', DRAW)).statusCode).toBe(403);
    expect(await sessionPermissions(tu)).not.toContain('content.manage');
    // a TU of that unit has it
    const made = await ctx.createUser({ division: 'TU' });
    await ctx.db.update(users).set({ unitId: other!.id }).where(eq(users.id, made.id));
    const tuOther = await ctx.signIn(made.username);
    expect((await ctx.call(tuOther, 'GET', DRAW)).statusCode).toBe(404);
    expect(await sessionPermissions(tuOther)).toContain('content.manage');
    await put({ division: 'TU', unitId: null, permission: 'content.manage', granted: true });
    expect((await ctx.call(tu, 'GET', DRAW)).statusCode).toBe(404);
    await put({ division: 'TU', unitId: smp, permission: 'content.manage', granted: false });
    expect((await ctx.call(tu, 'GET', DRAW)).statusCode).toBe(403);
    await ctx.db.delete(permissionOverrides);
  });

  it("refuses to give a division ADMIN's system rights or to take them from ADMIN (400), writing nothing", async () => {
    const before = (await auditRows('permission.override.set')).length;
    for (const body of [
      { division: 'PRINCIPAL', unitId: null, permission: 'users.manage', granted: true },
      { division: 'TEACHER', unitId: null, permission: 'backup.manage', granted: true },
      { division: 'TU', unitId: null, permission: 'permissions.manage', granted: true },
      { division: 'ADMIN', unitId: null, permission: 'audit.read', granted: false },
      { division: 'ADMIN', unitId: null, permission: 'apiTokens.manage', granted: false },
    ]) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { permission: expect.any(String) } });
    }
    // in Indonesian, naming what was refused
    expect(
      (await put({ division: 'PRINCIPAL', unitId: null, permission: 'users.manage', granted: true })).json().error
        .message,
    ).toBe('Hak sistem ADMIN tidak dapat diberikan kepada divisi lain');
    expect(
      (await put({ division: 'ADMIN', unitId: null, permission: 'audit.read', granted: false })).json().error.message,
    ).toBe('Hak sistem ADMIN tidak dapat dicabut');
    expect((await ctx.call(admin, 'GET', '/api/v1/audit')).statusCode).toBe(200);
    expect((await table()).overrides).toEqual([]);
    expect(await auditRows('permission.override.set')).toHaveLength(before);
    // a row slipped in by hand is ignored for a system right
    await ctx.db
      .insert(permissionOverrides)
      .values({ division: 'ADMIN', unitId: null, permission: 'users.manage', granted: false });
    await put({ division: 'TU', unitId: null, permission: 'content.manage', granted: false }); // a change: the cache is read again
    expect((await ctx.call(admin, 'GET', '/api/v1/users')).statusCode).toBe(200);
    await ctx.db.delete(permissionOverrides);
  });

  it('refuses what names nothing: an unknown unit or permission, ids past 32 bits or with a NUL (4xx, nothing written)', async () => {
    const before = (await auditRows('permission.override.set')).length;
    const unknownUnit = await put({ division: 'TU', unitId: 999_999, permission: 'content.manage', granted: true });
    expect(unknownUnit.statusCode, unknownUnit.body).toBe(400);
    expect(unknownUnit.json().error).toMatchObject({
      message: 'Unit tidak ditemukan',
      fields: { unitId: expect.any(String) },
    });
    for (const body of [
      { division: 'TU', unitId: 2 ** 31, permission: 'content.manage', granted: true },
      { division: 'TU', unitId: '1\u0000', permission: 'content.manage', granted: true },
      { division: 'TU', unitId: null, permission: 'no.such', granted: true },
      { division: 'TU', unitId: null, permission: 'content.manage\u0000', granted: true },
      { division: 'NOBODY', unitId: null, permission: 'content.manage', granted: true },
      { division: 'TU', unitId: null, permission: 'content.manage' },
    ]) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    for (const id of ['2147483648', '99999999999999999999', '1%00', '-1', 'abc']) {
      const res = await ctx.call(admin, 'DELETE', `/api/v1/permissions/overrides/${id}`);
      expect(res.statusCode, id).toBe(400);
    }
    expect((await ctx.call(admin, 'DELETE', '/api/v1/permissions/overrides/2147483647')).statusCode).toBe(404);
    expect((await table()).overrides).toEqual([]);
    expect(await auditRows('permission.override.set')).toHaveLength(before);
    expect(await auditRows('permission.override.remove')).toHaveLength(1);
  });

  it('is for ADMIN only: 401 anonymous, 403 to other divisions, even with content.manage granted', async () => {
    expect((await ctx.call(null, 'GET', '/api/v1/permissions')).statusCode).toBe(401);
    for (const s of [tu, teacher, await ctx.as('PRINCIPAL')]) {
      expect((await ctx.call(s, 'GET', '/api/v1/permissions')).statusCode).toBe(403);
      const res = await put({ division: 'TU', unitId: null, permission: 'content.manage', granted: true }, s);
      expect(res.statusCode).toBe(403);
      expect((await ctx.call(s, 'DELETE', '/api/v1/permissions/overrides/1')).statusCode).toBe(403);
    }
  });
});
