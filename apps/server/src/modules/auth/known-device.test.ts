import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditLog, knownDevices } from '../../db/schema/index.ts';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../../test/context.ts';
import { DEVICE_COOKIE } from '../../lib/session-cookie.ts';

/**
 * Behind a school's one NAT address, five wrong passwords for the admin would keep the admin out for 15
 * minutes; a device the admin signed in from before (its `mms_device` cookie) still gets in (issue 38, part 7).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const NAT = '203.0.113.10';
const login = (username: string, password: string, device?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username, password },
    remoteAddress: NAT,
    ...(device ? { cookies: { [DEVICE_COOKIE]: device } } : {}),
  });
const deviceOf = (res: Awaited<ReturnType<typeof login>>) => res.cookies.find((c) => c.name === DEVICE_COOKIE);

describe('a known device at a blocked address', () => {
  it('a sign-in sets a long-lived HttpOnly device cookie on the auth path, stored only as a hash', async () => {
    const u = await ctx.createUser({ division: 'TEACHER' });
    const res = await login(u.username, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const cookie = deviceOf(res)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/auth', maxAge: 365 * 86_400 });
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await ctx.db.select().from(knownDevices).where(eq(knownDevices.userId, u.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.idHash).not.toBe(cookie.value);
    // signing in again from that device keeps its id
    expect(deviceOf(await login(u.username, TEST_PASSWORD, cookie.value))!.value).toBe(cookie.value);
    expect(await ctx.db.select().from(knownDevices).where(eq(knownDevices.userId, u.id))).toHaveLength(1);
  });

  it('after 5 wrong passwords from the address: 429 without the cookie or with another user’s, 200 with the own', async () => {
    const admin = await ctx.createUser({ division: 'ADMIN' });
    const other = await ctx.createUser({ division: 'TEACHER' });
    const adminDevice = deviceOf(await login(admin.username, TEST_PASSWORD))!.value;
    const otherDevice = deviceOf(await login(other.username, TEST_PASSWORD))!.value;

    // a student behind the same address
    for (let i = 0; i < 5; i++) expect((await login(admin.username, `tebakan-${i}-salah`)).statusCode).toBe(401);

    const bare = await login(admin.username, TEST_PASSWORD);
    expect(bare.statusCode).toBe(429);
    expect(bare.json().error.code).toBe('RATE_LIMITED');
    expect((await login(admin.username, TEST_PASSWORD, otherDevice)).statusCode).toBe(429);
    expect((await login(admin.username, TEST_PASSWORD, 'bukan-perangkat-yang-dikenal')).statusCode).toBe(429);
    expect((await login(admin.username, TEST_PASSWORD, 'x'.repeat(500))).statusCode).toBe(429);

    const own = await login(admin.username, TEST_PASSWORD, adminDevice);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().user.username).toBe(admin.username);

    const throttled = await ctx.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(sql`${auditLog.action} = 'auth.login.throttled' and ${auditLog.after}->>'username' = ${admin.username}`);
    expect(throttled.map((t) => t.after)).toEqual(Array(4).fill({ username: admin.username, by: 'address' }));
  });

  it('a device cookie helps only its own account, and a wrong password with it is still 401', async () => {
    const a = await ctx.createUser({ division: 'TEACHER' });
    const b = await ctx.createUser({ division: 'TEACHER' });
    const aDevice = deviceOf(await login(a.username, TEST_PASSWORD))!.value;
    for (let i = 0; i < 5; i++) await login(b.username, `salah-${i}-sandi`);
    expect((await login(b.username, TEST_PASSWORD, aDevice)).statusCode).toBe(429);
    expect((await login(a.username, 'bukan-sandinya-1', aDevice)).statusCode).toBe(401);
  });

  it('the per-account rule still holds a known device at an address the account never used', async () => {
    const strict = await createTestContext({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '8' });
    try {
      const u = await strict.createUser({ division: 'PRINCIPAL' });
      const at = (password: string, ip: string, device?: string) =>
        strict.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { username: u.username, password },
          remoteAddress: ip,
          ...(device ? { cookies: { [DEVICE_COOKIE]: device } } : {}),
        });
      const first = await at(TEST_PASSWORD, '10.5.5.5');
      const device = first.cookies.find((c) => c.name === DEVICE_COOKIE)!.value;
      for (let i = 0; i < 8; i++) expect((await at(`salah-${i}-sandi`, `198.51.100.${i}`)).statusCode).toBe(401);
      expect((await at(TEST_PASSWORD, '198.51.100.200', device)).statusCode).toBe(429);
      expect((await at(TEST_PASSWORD, '10.5.5.5', device)).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
