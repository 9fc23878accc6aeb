import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { permissionsOf, SESSION_COOKIE } from '@mms/shared';
import { auditLog, loginAttempts, sessions, users } from '../../db/schema/index.ts';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../../test/context.ts';
import { clock } from '../../lib/clock.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const login = (username: string, password: string, ip = '10.1.1.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password }, remoteAddress: ip });

describe('POST /api/v1/auth/login', () => {
  it('signs in, sets an HttpOnly SameSite=Lax cookie and returns the user with a CSRF token', async () => {
    const u = await ctx.createUser({ division: 'TEACHER', username: 'Guru.Satu' });
    const res = await login('GURU.satu', TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43};`));
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).not.toContain('Secure');
    const body = res.json();
    expect(body.user).toMatchObject({ id: u.id, username: 'guru.satu', division: 'TEACHER', unit: { code: 'SMP' } });
    expect(body.user.employeeNumber).toBe(`NIP${u.id}`);
    expect(body.csrfToken).toHaveLength(43);
    expect(JSON.stringify(body)).not.toContain('passwordHash');
  });

  it('stores only a hash of the session id', async () => {
    const s = await ctx.as('ADMIN');
    const raw = s.cookie.split('=')[1]!;
    const rows = await ctx.db.select().from(sessions).where(eq(sessions.idHash, raw));
    expect(rows).toHaveLength(0);
  });

  it('gives one generic 401 for an unknown user and a wrong password alike', async () => {
    await ctx.createUser({ division: 'TU', username: 'tu.generic' });
    const unknown = await login('no.such.user', 'whatever-123');
    const wrong = await login('tu.generic', 'wrong-password-1');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({
      error: { code: 'INVALID_CREDENTIALS', message: 'Nama pengguna atau kata sandi salah' },
    });
  });

  it('refuses a bad body with per-field messages', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username: '' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.error.fields)).toEqual(expect.arrayContaining(['username', 'password']));
  });

  it('sets Secure on the cookie when COOKIE_SECURE=true', async () => {
    const secure = await createTestContext({ COOKIE_SECURE: 'true' });
    try {
      const u = await secure.createUser({ division: 'ADMIN' });
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: u.username, password: TEST_PASSWORD },
      });
      expect(String(res.headers['set-cookie'])).toContain('Secure');
    } finally {
      await secure.close();
    }
  });

  it('refuses a deactivated account', async () => {
    const u = await ctx.createUser({ division: 'BPBK' });
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, u.id));
    expect((await login(u.username, TEST_PASSWORD)).statusCode).toBe(401);
  });

  it('audits success and failure with the IP address', async () => {
    const u = await ctx.createUser({ division: 'YAYASAN' });
    await login(u.username, 'not-the-password', '10.9.8.7');
    await login(u.username, TEST_PASSWORD, '10.9.8.7');
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(
        sql`${auditLog.after}->>'username' = ${u.username} or (${auditLog.entityId} = ${String(u.id)} and ${auditLog.action} like 'auth.login%')`,
      );
    const actions = rows.map((r) => r.action);
    expect(actions).toContain('auth.login.failure');
    expect(actions).toContain('auth.login.success');
    expect(rows.every((r) => r.ip === '10.9.8.7')).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('not-the-password');
  });
});

describe('login throttling', () => {
  it('answers 429 with Retry-After after five failures for one username from one address, and spares other usernames', async () => {
    const u = await ctx.createUser({ division: 'STUDENT', username: 'siswa.throttle' });
    const other = await ctx.createUser({ division: 'STUDENT', username: 'siswa.other' });
    for (let i = 0; i < 5; i++) expect((await login(u.username, `wrong-${i}-password`)).statusCode).toBe(401);
    const blocked = await login(u.username, TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('RATE_LIMITED');
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect((await login(other.username, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('does not let an attacker lock the victim out: failures from one address lock only that address', async () => {
    const admin = await ctx.createUser({ division: 'ADMIN', username: 'admin.korban' });
    for (let i = 0; i < 12; i++) await login(admin.username, `tebakan-${i}-salah`, '203.0.113.66');
    expect((await login(admin.username, TEST_PASSWORD, '203.0.113.66')).statusCode).toBe(429);
    // The admin at the school signs in as usual.
    expect((await login(admin.username, TEST_PASSWORD, '10.1.2.3')).statusCode).toBe(200);
  });

  it('closes an account under guessing from many addresses, except from its usual address', async () => {
    const strict = await createTestContext({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '8' });
    try {
      const u = await strict.createUser({ division: 'PRINCIPAL', username: 'kepsek.diserang' });
      const at = (password: string, ip: string) =>
        strict.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { username: u.username, password },
          remoteAddress: ip,
        });
      expect((await at(TEST_PASSWORD, '10.5.5.5')).statusCode).toBe(200); // the usual address
      for (let i = 0; i < 8; i++) expect((await at(`salah-${i}-sandi`, `198.51.100.${i}`)).statusCode).toBe(401);
      const fresh = await at(TEST_PASSWORD, '198.51.100.200');
      expect(fresh.statusCode).toBe(429);
      expect(Number(fresh.headers['retry-after'])).toBeGreaterThan(800);
      expect((await at(TEST_PASSWORD, '10.5.5.5')).statusCode).toBe(200);
      const [throttled] = await strict.db
        .select()
        .from(auditLog)
        .where(sql`${auditLog.action} = 'auth.login.throttled' and ${auditLog.after}->>'username' = ${u.username}`);
      expect(throttled!.after).toMatchObject({ by: 'account' });
    } finally {
      await strict.close();
    }
  });

  it('forgets failures older than the window and failures before a success', async () => {
    const stale = await ctx.createUser({ division: 'STUDENT' });
    await ctx.db.insert(loginAttempts).values(
      Array.from({ length: 5 }, () => ({
        username: stale.username,
        success: false,
        at: sql`now() - interval '16 minutes'`,
      })),
    );
    expect((await login(stale.username, TEST_PASSWORD)).statusCode).toBe(200);

    const u = await ctx.createUser({ division: 'STUDENT' });
    for (let i = 0; i < 4; i++) await login(u.username, 'wrong-password-x');
    expect((await login(u.username, TEST_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await login(u.username, 'wrong-password-y');
    expect((await login(u.username, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('limits one address per minute, with a limit set by LOGIN_IP_LIMIT_PER_MINUTE', async () => {
    const limited = await createTestContext({ LOGIN_IP_LIMIT_PER_MINUTE: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { username: `x${i}`, password: 'y' },
          remoteAddress: '10.0.0.9',
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: 'x', password: 'y' },
        remoteAddress: '10.0.0.10',
      });
      expect(other.statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it('lets a whole school behind one NAT address sign in with the default limit', async () => {
    const res = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { username: `nat${i}`, password: 'salah-sandi' },
          remoteAddress: '10.20.30.40',
        }),
      ),
    );
    expect(res.every((r) => r.statusCode === 401)).toBe(true);
  });
});

describe('caching of personal data', () => {
  it('sends every API answer with Cache-Control: no-store, errors and lists included', async () => {
    const admin = await ctx.as('ADMIN');
    const employee = admin.user.employeeId;
    for (const url of ['/api/v1/auth/me', '/api/v1/students', '/api/v1/employees', `/api/v1/employees/${employee}`]) {
      const res = await ctx.call(admin, 'GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    expect((await ctx.call(null, 'GET', '/api/v1/auth/me')).headers['cache-control']).toBe('no-store');
    expect((await ctx.call(admin, 'GET', '/api/v1/students/2147483000')).headers['cache-control']).toBe('no-store');
  });
});

describe('session', () => {
  it('GET /me answers 401 without a session and the user with one', async () => {
    expect((await ctx.call(null, 'GET', '/api/v1/auth/me')).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { cookie: `${SESSION_COOKIE}=forged` } }))
        .statusCode,
    ).toBe(401);
    const s = await ctx.as('PRINCIPAL');
    const res = await ctx.call(s, 'GET', '/api/v1/auth/me');
    expect(res.statusCode).toBe(200);
    // with what the user may do: the division's permissions (the code's table, no override here)
    expect(res.json()).toEqual({
      user: s.user,
      csrfToken: s.csrfToken,
      now: expect.any(String),
      permissions: permissionsOf('PRINCIPAL'),
    });
    // the web app's "today" comes from this time, MMS's clock in Jakarta
    expect(Math.abs(Date.parse(res.json().now) - clock.now().getTime())).toBeLessThan(5000);
    expect(res.json().now).toMatch(/\+07:00$/);
  });

  it('GET /session tells a guest it is one with 200 (no 401 on guest pages), and a user their session', async () => {
    const guest = await ctx.call(null, 'GET', '/api/v1/auth/session');
    expect(guest.statusCode).toBe(200);
    expect(guest.json()).toEqual({ user: null, now: expect.stringMatching(/\+07:00$/) });
    expect(guest.headers['cache-control']).toBe('no-store');
    const forged = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/session',
      headers: { cookie: `${SESSION_COOKIE}=forged` },
    });
    expect(forged.statusCode).toBe(200);
    expect(forged.json().user).toBeNull();
    const s = await ctx.as('TEACHER');
    const res = await ctx.call(s, 'GET', '/api/v1/auth/session');
    expect(res.json()).toEqual({
      user: s.user,
      csrfToken: s.csrfToken,
      now: expect.any(String),
      permissions: permissionsOf('TEACHER'),
    });
  });

  it('refuses a state-changing request without the CSRF header with 403', async () => {
    const u = await ctx.createUser({ division: 'TEACHER' });
    const s = await ctx.signIn(u.username);
    const noHeader = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { cookie: s.cookie },
    });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json().error.code).toBe('CSRF_FAILED');
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { cookie: s.cookie, 'x-csrf-token': 'x'.repeat(43) },
    });
    expect(wrong.statusCode).toBe(403);
    expect((await ctx.call(s, 'GET', '/api/v1/auth/me')).statusCode).toBe(200);
  });

  it('logout ends the session', async () => {
    const u = await ctx.createUser({ division: 'TEACHER' });
    const s = await ctx.signIn(u.username);
    const res = await ctx.call(s, 'POST', '/api/v1/auth/logout');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/mms_session=;/);
    expect((await ctx.call(s, 'GET', '/api/v1/auth/me')).statusCode).toBe(401);
  });

  it('expires after the idle timeout and after the absolute lifetime', async () => {
    const u = await ctx.createUser({ division: 'TEACHER' });
    const idle = await ctx.signIn(u.username);
    const old = await ctx.signIn(u.username);
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '481 minutes'` })
      .where(eq(sessions.csrfToken, idle.csrfToken));
    await ctx.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.csrfToken, old.csrfToken));
    expect((await ctx.call(idle, 'GET', '/api/v1/auth/me')).statusCode).toBe(401);
    expect((await ctx.call(old, 'GET', '/api/v1/auth/me')).statusCode).toBe(401);
  });

  it('ends when the account is deactivated', async () => {
    const u = await ctx.createUser({ division: 'TU' });
    const s = await ctx.signIn(u.username);
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, u.id));
    expect((await ctx.call(s, 'GET', '/api/v1/auth/me')).statusCode).toBe(401);
  });
});

describe('POST /api/v1/auth/password', () => {
  it('changes the password, ends every session and continues in a new session id', async () => {
    const u = await ctx.createUser({ division: 'WAKAKUR' });
    const here = await ctx.signIn(u.username);
    const elsewhere = await ctx.signIn(u.username);
    const res = await ctx.call(here, 'POST', '/api/v1/auth/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'Kurikulum-Baru-2027',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, otherSessionsEnded: 1, csrfToken: expect.any(String) });
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43}$`));
    expect(cookie).not.toBe(here.cookie);
    expect(res.json().csrfToken).not.toBe(here.csrfToken);
    // The old session id (perhaps stolen) is dead; the new one works with its new CSRF token.
    expect((await ctx.call(here, 'GET', '/api/v1/auth/me')).statusCode).toBe(401);
    const renewed = { ...here, cookie, csrfToken: res.json().csrfToken as string };
    expect((await ctx.call(renewed, 'GET', '/api/v1/auth/me')).json().user.id).toBe(u.id);
    expect((await ctx.call(renewed, 'POST', '/api/v1/auth/logout')).statusCode).toBe(200);
    expect((await ctx.call(elsewhere, 'GET', '/api/v1/auth/me')).statusCode).toBe(401);
    expect((await login(u.username, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(u.username, 'Kurikulum-Baru-2027')).statusCode).toBe(200);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'auth.password.change' and ${auditLog.entityId} = ${String(u.id)}`);
    expect(entry).toBeDefined();
    expect(JSON.stringify(entry)).not.toContain('Kurikulum-Baru-2027');
  });

  it.each([
    [
      { currentPassword: 'wrong-current-1', newPassword: 'Sangat-Rahasia-99' },
      'currentPassword',
      'Kata sandi lama salah',
    ],
    [{ currentPassword: TEST_PASSWORD, newPassword: 'pendek' }, 'newPassword', 'Kata sandi minimal 8 karakter'],
    [
      { currentPassword: TEST_PASSWORD, newPassword: 'x'.repeat(129) },
      'newPassword',
      'Kata sandi maksimal 128 karakter',
    ],
    [
      { currentPassword: TEST_PASSWORD, newPassword: 'password123' },
      'newPassword',
      'Kata sandi terlalu umum, pilih yang lain',
    ],
    [
      { currentPassword: TEST_PASSWORD, newPassword: 'Bismillah' },
      'newPassword',
      'Kata sandi terlalu umum, pilih yang lain',
    ],
    [
      { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD },
      'newPassword',
      'Kata sandi baru harus berbeda dari kata sandi lama',
    ],
  ])('refuses %o with a message on %s and changes nothing', async (body, field, message) => {
    const u = await ctx.createUser({ division: 'TEACHER' });
    const s = await ctx.signIn(u.username);
    const res = await ctx.call(s, 'POST', '/api/v1/auth/password', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.fields[field]).toBe(message);
    expect((await login(u.username, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('POST /api/v1/users/:id/password (admin reset)', () => {
  it('lets an admin reset a password, ending every session of that user', async () => {
    const admin = await ctx.as('ADMIN');
    const u = await ctx.createUser({ division: 'TEACHER' });
    const s = await ctx.signIn(u.username);
    const res = await ctx.call(admin, 'POST', `/api/v1/users/${u.id}/password`, { newPassword: 'Reset-Oleh-Admin-1' });
    expect(res.statusCode).toBe(200);
    expect((await ctx.call(s, 'GET', '/api/v1/auth/me')).statusCode).toBe(401);
    expect((await login(u.username, 'Reset-Oleh-Admin-1')).statusCode).toBe(200);
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'users.password.reset' and ${auditLog.entityId} = ${String(u.id)}`);
    expect(entries[0]?.actorUserId).toBe(admin.user.id);
  });

  it('refuses non-admins, unknown users and weak passwords', async () => {
    const u = await ctx.createUser({ division: 'TEACHER' });
    const principal = await ctx.as('PRINCIPAL');
    expect(
      (await ctx.call(principal, 'POST', `/api/v1/users/${u.id}/password`, { newPassword: 'Reset-Oleh-Admin-1' }))
        .statusCode,
    ).toBe(403);
    const admin = await ctx.as('ADMIN');
    expect(
      (await ctx.call(admin, 'POST', '/api/v1/users/999999/password', { newPassword: 'Reset-Oleh-Admin-1' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await ctx.call(admin, 'POST', `/api/v1/users/${u.id}/password`, { newPassword: 'qwertyuiop' })).statusCode,
    ).toBe(400);
    expect(
      (await ctx.call(admin, 'POST', '/api/v1/users/abc/password', { newPassword: 'Reset-Oleh-Admin-1' })).statusCode,
    ).toBe(400);
    expect((await login(u.username, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('lists users for an admin with search and division filter', async () => {
    const admin = await ctx.as('ADMIN');
    await ctx.createUser({ division: 'BPBK', username: 'konselor.cari' });
    const res = await ctx.call(admin, 'GET', '/api/v1/users?q=konselor&division=BPBK');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 1, page: 1, items: [{ username: 'konselor.cari', division: 'BPBK' }] });
    expect((await ctx.call(admin, 'GET', '/api/v1/users?pageSize=500')).statusCode).toBe(400);
  });
});
