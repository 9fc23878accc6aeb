import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, units, users, users as usersTable } from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { CSRF_HEADER } from '@mms/shared';
import { setClock } from '../../lib/clock.ts';
import { createUsersService } from './users.service.ts';

let ctx: TestContext;
let admin: Session;
let smp: number;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.as('ADMIN');
  smp = (await ctx.db.select().from(units).where(eq(units.code, 'SMP')))[0]!.id;
});
afterAll(() => ctx.close());

const PASSWORD = 'Kebun-Mangga-2026';
const newAccount = (over: Record<string, unknown> = {}) => ({
  username: 'Guru.Baru',
  displayName: 'Guru Baru',
  division: 'TEACHER',
  unitId: smp,
  password: PASSWORD,
  ...over,
});

describe('users list', () => {
  it('shows unit, state, last sign-in and active sessions, with filters and pagination', async () => {
    const u = await ctx.createUser({ division: 'TU', username: 'tu.daftar' });
    await ctx.signIn(u.username);
    await ctx.signIn(u.username);
    const off = await ctx.createUser({ division: 'TU', username: 'tu.nonaktif' });
    await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, off.id));

    const res = await ctx.call(admin, 'GET', '/api/v1/users?q=tu.&division=TU');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    const row = body.items.find((i: { username: string }) => i.username === 'tu.daftar');
    expect(row).toMatchObject({ unitId: smp, unitCode: 'SMP', isActive: true, activeSessions: 2 });
    expect(Date.parse(row.lastSignInAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(body.items.find((i: { username: string }) => i.username === 'tu.nonaktif')).toMatchObject({
      isActive: false,
      lastSignInAt: null,
      activeSessions: 0,
    });

    const disabled = (await ctx.call(admin, 'GET', '/api/v1/users?state=disabled')).json();
    expect(disabled.items.map((i: { username: string }) => i.username)).toEqual(['tu.nonaktif']);
    const active = (await ctx.call(admin, 'GET', `/api/v1/users?state=active&unitId=${smp}&pageSize=1&page=2`)).json();
    expect(active.items).toHaveLength(1);
    expect(active.total).toBeGreaterThanOrEqual(2);
    expect((await ctx.call(admin, 'GET', '/api/v1/users?unitId=99999')).json().total).toBe(0);
    const names = async (sort: string) =>
      (await ctx.call(admin, 'GET', `/api/v1/users?division=TU&sort=${sort}`))
        .json()
        .items.map((i: { username: string }) => i.username);
    expect(await names('username')).toEqual(['tu.daftar', 'tu.nonaktif']);
    expect(await names('-username')).toEqual(['tu.nonaktif', 'tu.daftar']);
  });

  it('refuses bad filters, non-admins and guests', async () => {
    expect((await ctx.call(admin, 'GET', '/api/v1/users?state=hapus')).statusCode).toBe(400);
    expect((await ctx.call(admin, 'GET', '/api/v1/users?unitId=4294967296')).statusCode).toBe(400);
    expect((await ctx.call(await ctx.as('YAYASAN'), 'GET', '/api/v1/users')).statusCode).toBe(403);
    expect((await ctx.call(null, 'GET', '/api/v1/users')).statusCode).toBe(401);
  });
});

describe('creating an account', () => {
  it('creates an account that can sign in, audited', async () => {
    const res = await ctx.call(admin, 'POST', '/api/v1/users', newAccount());
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ username: 'guru.baru', division: 'TEACHER', unitCode: 'SMP', isActive: true });
    const s = await ctx.signIn('guru.baru', PASSWORD);
    expect(s.user.division).toBe('TEACHER');
    const log = (await ctx.call(admin, 'GET', `/api/v1/audit?action=users.create&entityId=${created.id}`)).json();
    expect(log.items[0].after).toEqual({
      username: 'guru.baru',
      displayName: 'Guru Baru',
      division: 'TEACHER',
      unitId: smp,
    });
    expect(log.items[0].actorUsername).toBe(admin.user.username);
  });

  it.each([
    [{ username: 'guru.baru' }, 409, 'Nama pengguna sudah dipakai'],
    [{ username: 'guru baru' }, 400, 'Nama pengguna hanya boleh huruf, angka, titik, garis bawah dan tanda hubung'],
    [{ username: 'x\u0000y' }, 400, 'Karakter tidak sah'],
    [{ username: 'guru.lain', password: 'pendek' }, 400, 'Kata sandi minimal 8 karakter'],
    [{ username: 'guru.lain', password: 'password123' }, 400, 'Kata sandi terlalu umum, pilih yang lain'],
    [{ username: 'guru.lain', password: 'guru.lain-2026' }, 400, 'Kata sandi tidak boleh memuat nama pengguna'],
    [{ username: 'guru.lain', unitId: null }, 400, 'Unit wajib dipilih untuk divisi ini'],
    [{ username: 'guru.lain', unitId: 99999 }, 400, 'Unit tidak ditemukan'],
    [{ username: 'guru.lain', unitId: 2 ** 32 }, 400, 'Unit tidak valid'],
    [{ username: 'guru.lain', division: 'STUDENT' }, 400, 'Divisi tidak valid'],
    [{ username: 'guru.lain', division: 'RAJA' }, 400, 'Divisi tidak valid'],
  ])('refuses %o', async (over, status, message) => {
    const res = await ctx.call(admin, 'POST', '/api/v1/users', newAccount(over));
    expect(res.statusCode).toBe(status);
    expect(JSON.stringify(res.json().error)).toContain(message);
  });

  it('lets an ADMIN grant ADMIN and YAYASAN (no unit needed) but no other division', async () => {
    const res = await ctx.call(
      admin,
      'POST',
      '/api/v1/users',
      newAccount({ username: 'yayasan.baru', division: 'YAYASAN', unitId: null }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ division: 'YAYASAN', unitId: null });

    const users = createUsersService(ctx.db);
    const tu = { user: { id: 1, division: 'TU' as const }, sessionIdHash: 'x' };
    const actor = { userId: null, username: 'uji', ip: null, requestId: null };
    const input = {
      username: 'admin.gelap',
      displayName: 'X',
      division: 'ADMIN' as const,
      unitId: null,
      password: PASSWORD,
    };
    await expect(users.create(input, tu, actor)).rejects.toThrow(/Hanya ADMIN/);
    await expect(users.create({ ...input, division: 'YAYASAN' }, tu, actor)).rejects.toThrow(/Hanya ADMIN/);
    const target = await ctx.createUser({ division: 'TU' });
    await expect(users.update(target.id, { division: 'YAYASAN', unitId: null }, tu, actor)).rejects.toThrow(
      /Hanya ADMIN/,
    );
    const boss = await ctx.createUser({ division: 'YAYASAN' });
    await expect(users.update(boss.id, { division: 'TU' }, tu, actor)).rejects.toThrow(/Hanya ADMIN/);
    await expect(users.setActive(boss.id, false, tu, actor)).rejects.toThrow(/Hanya ADMIN/);
    await ctx.db.update(usersTable).set({ isActive: false }).where(eq(usersTable.id, boss.id));
    await expect(users.setActive(boss.id, true, tu, actor)).rejects.toThrow(/Hanya ADMIN/);
    // a non-privileged change by that caller is fine
    expect(
      (await users.update(target.id, { division: 'TEACHER', confirmDivisionChange: true }, tu, actor)).division,
    ).toBe('TEACHER');
  });
});

describe('disabling and enabling', () => {
  it('ends every session at once: the next request of that browser is 401, and it cannot sign in', async () => {
    const u = await ctx.createUser({ division: 'TEACHER', username: 'guru.nonaktif' });
    const s1 = await ctx.signIn(u.username);
    const s2 = await ctx.signIn(u.username);
    const res = await ctx.call(admin, 'POST', `/api/v1/users/${u.id}/active`, { active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isActive: false, activeSessions: 0, sessions: [] });
    expect((await ctx.call(s1, 'GET', '/api/v1/auth/me')).statusCode).toBe(401);
    expect((await ctx.call(s2, 'GET', '/api/v1/auth/me')).statusCode).toBe(401);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, u.id))).toEqual([]);
    await expect(ctx.signIn(u.username)).rejects.toThrow(/401/);

    const log = (await ctx.call(admin, 'GET', `/api/v1/audit?action=users.disable&entityId=${u.id}`)).json();
    expect(log.items[0]).toMatchObject({ before: { isActive: true }, after: { isActive: false, sessionsEnded: 2 } });

    expect((await ctx.call(admin, 'POST', `/api/v1/users/${u.id}/active`, { active: true })).json().isActive).toBe(
      true,
    );
    expect((await ctx.signIn(u.username)).user.id).toBe(u.id);
    const enabled = (await ctx.call(admin, 'GET', `/api/v1/audit?action=users.enable&entityId=${u.id}`)).json();
    expect(enabled.total).toBe(1);
  });

  it('refuses to disable oneself', async () => {
    const self = await ctx.call(admin, 'POST', `/api/v1/users/${admin.user.id}/active`, { active: false });
    expect(self.statusCode).toBe(403);
    expect(self.json().error.message).toBe('Anda tidak dapat menonaktifkan akun Anda sendiri');
  });

  it('never leaves MMS without an active ADMIN, even when two ADMINs disable each other at once', async () => {
    const one = await ctx.createUser({ division: 'ADMIN', username: 'admin.satu' });
    const two = await ctx.createUser({ division: 'ADMIN', username: 'admin.dua' });
    const s1 = await ctx.signIn(one.username);
    const s2 = await ctx.signIn(two.username);
    // every other ADMIN steps aside for this test: admin.satu and admin.dua are the only active ones
    const others = (await ctx.db.select().from(users).where(eq(users.division, 'ADMIN'))).filter(
      (a) => a.isActive && a.id !== one.id && a.id !== two.id,
    );
    for (const a of others) await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, a.id));
    try {
      const [r1, r2] = await Promise.all([
        ctx.call(s1, 'POST', `/api/v1/users/${two.id}/active`, { active: false }),
        ctx.call(s2, 'POST', `/api/v1/users/${one.id}/active`, { active: false }),
      ]);
      // the second waits for the first and is refused (or, had the first committed before the second's session
      // was read, finds its session ended): never both
      const statuses = [r1.statusCode, r2.statusCode].sort();
      expect([
        [200, 409],
        [200, 401],
      ]).toContainEqual(statuses);
      const refused = r1.statusCode === 200 ? r2 : r1;
      if (refused.statusCode === 409)
        expect(refused.json().error.message).toBe('ADMIN aktif terakhir tidak boleh dinonaktifkan atau diturunkan');
      const winner = r1.statusCode === 200 ? one : two;
      const active = await ctx.db.select().from(users).where(eq(users.division, 'ADMIN'));
      expect(active.filter((a) => a.isActive).map((a) => a.id)).toEqual([winner.id]);
      // nor demoted (the rule holds in the service whoever the caller is)
      const svc = createUsersService(ctx.db);
      const caller = { user: { id: 0, division: 'ADMIN' as const }, sessionIdHash: 'x' };
      const actor = { userId: null, username: 'uji', ip: null, requestId: null };
      await expect(svc.update(winner.id, { division: 'TU', unitId: smp }, caller, actor)).rejects.toThrow(
        /ADMIN aktif terakhir/,
      );
      await expect(svc.setActive(winner.id, false, caller, actor)).rejects.toThrow(/ADMIN aktif terakhir/);
    } finally {
      for (const a of others) await ctx.db.update(users).set({ isActive: true }).where(eq(users.id, a.id));
      admin = await ctx.signIn(admin.user.username);
    }
  });

  it('refuses unknown accounts, ids past 32 bits and bad bodies', async () => {
    expect((await ctx.call(admin, 'POST', '/api/v1/users/999999/active', { active: false })).statusCode).toBe(404);
    expect((await ctx.call(admin, 'POST', '/api/v1/users/4294967296/active', { active: false })).statusCode).toBe(400);
    expect((await ctx.call(admin, 'POST', '/api/v1/users/1/active', { active: 'ya' })).statusCode).toBe(400);
    expect((await ctx.call(await ctx.as('TU'), 'POST', '/api/v1/users/1/active', { active: false })).statusCode).toBe(
      403,
    );
  });
});

describe('changing division and unit', () => {
  it('changes them, audited with before and after, and ends the sessions of the account', async () => {
    const u = await ctx.createUser({ division: 'TEACHER', username: 'guru.naik' });
    const s = await ctx.signIn(u.username);
    const res = await ctx.call(admin, 'PATCH', `/api/v1/users/${u.id}`, {
      division: 'WAKAKUR',
      displayName: 'Bu Wakakur',
      confirmDivisionChange: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ division: 'WAKAKUR', displayName: 'Bu Wakakur', unitId: smp });
    expect((await ctx.call(s, 'GET', '/api/v1/auth/me')).statusCode).toBe(401);
    const log = (await ctx.call(admin, 'GET', `/api/v1/audit?action=users.update&entityId=${u.id}`)).json();
    expect(log.items[0].before).toEqual({ displayName: `Pengguna guru.naik`, division: 'TEACHER', unitId: smp });
    expect(log.items[0].after).toEqual({
      displayName: 'Bu Wakakur',
      division: 'WAKAKUR',
      unitId: smp,
      sessionsEnded: 1,
    });

    // a name-only change keeps the sessions; no change writes nothing
    const s2 = await ctx.signIn(u.username);
    expect((await ctx.call(admin, 'PATCH', `/api/v1/users/${u.id}`, { displayName: 'Ibu Wakakur' })).statusCode).toBe(
      200,
    );
    expect((await ctx.call(s2, 'GET', '/api/v1/auth/me')).statusCode).toBe(200);
    await ctx.call(admin, 'PATCH', `/api/v1/users/${u.id}`, { displayName: 'Ibu Wakakur' });
    expect((await ctx.call(admin, 'GET', `/api/v1/audit?action=users.update&entityId=${u.id}`)).json().total).toBe(2);

    // ADMIN needs no unit; a unit-bound division does
    expect(
      (
        await ctx.call(admin, 'PATCH', `/api/v1/users/${u.id}`, {
          division: 'ADMIN',
          unitId: null,
          confirmDivisionChange: true,
        })
      ).json().division,
    ).toBe('ADMIN');
    const noUnit = await ctx.call(admin, 'PATCH', `/api/v1/users/${u.id}`, {
      division: 'TU',
      confirmDivisionChange: true,
    });
    expect(noUnit.statusCode).toBe(400);
    expect(noUnit.json().error.fields).toEqual({ unitId: 'Unit wajib dipilih untuk divisi ini' });
  });

  it('refuses a change of division without its confirmation, saying what changes (issue 39 finding 13)', async () => {
    setClock('2026-12-02T05:42:00+07:00'); // 05:42 WIB, the hour the issue was seen
    onTestFinished(() => setClock(process.env.MMS_NOW ?? null));
    const u = await ctx.createUser({ division: 'TEACHER', username: 'guru.pindah' });
    const s = await ctx.signIn(u.username);
    const res = await ctx.call(admin, 'PATCH', `/api/v1/users/${u.id}`, { division: 'TU', displayName: 'Pak Pindah' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'CONFLICT',
      message:
        'Mengubah divisi Pengguna guru.pindah dari Guru menjadi Tata Usaha mengganti seluruh menu dan hak aksesnya. Konfirmasikan perubahan divisi ini.',
      fields: { confirmDivisionChange: 'Perlu konfirmasi' },
    });
    const english = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${u.id}`,
      payload: { division: 'TU' },
      headers: { cookie: admin.cookie, [CSRF_HEADER]: admin.csrfToken, 'accept-language': 'en' },
    });
    expect(english.json().error.message).toBe(
      "Changing Pengguna guru.pindah's division from Teacher to Administrative staff replaces their whole menu and access rights. Please confirm the change of division.",
    );
    // nothing changed, nothing audited, the sessions live on; the same division again needs no confirmation
    const [row] = await ctx.db.select().from(usersTable).where(eq(usersTable.id, u.id));
    expect(row).toMatchObject({ division: 'TEACHER', displayName: 'Pengguna guru.pindah' });
    const audit = () => ctx.call(admin, 'GET', `/api/v1/audit?action=users.update&entityId=${u.id}`);
    expect((await audit()).json().total).toBe(0);
    expect((await ctx.call(s, 'GET', '/api/v1/auth/me')).statusCode).toBe(200);
    const same = await ctx.call(admin, 'PATCH', `/api/v1/users/${u.id}`, { division: 'TEACHER', displayName: 'Pak A' });
    expect(same.statusCode).toBe(200);
    // confirmed: changed, audited with before and after
    const ok = await ctx.call(admin, 'PATCH', `/api/v1/users/${u.id}`, { division: 'TU', confirmDivisionChange: true });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().division).toBe('TU');
    const log = (await audit()).json().items[0];
    expect(log.before).toMatchObject({ division: 'TEACHER' });
    expect(log.after).toMatchObject({ division: 'TU', sessionsEnded: 1 });
  });

  it("refuses one's own division, a student's division, unknown ids and bad input", async () => {
    const own = await ctx.call(admin, 'PATCH', `/api/v1/users/${admin.user.id}`, { division: 'TU', unitId: smp });
    expect(own.statusCode).toBe(403);
    const student = await ctx.createUser({ division: 'STUDENT' });
    expect((await ctx.call(admin, 'PATCH', `/api/v1/users/${student.id}`, { division: 'TU' })).statusCode).toBe(400);
    expect((await ctx.call(admin, 'PATCH', '/api/v1/users/999999', { displayName: 'X' })).statusCode).toBe(404);
    expect((await ctx.call(admin, 'PATCH', '/api/v1/users/1', { displayName: '' })).statusCode).toBe(400);
    expect((await ctx.call(admin, 'PATCH', '/api/v1/users/1', { division: 'STUDENT' })).statusCode).toBe(400);
    expect(
      (await ctx.call(await ctx.as('PRINCIPAL'), 'PATCH', '/api/v1/users/1', { displayName: 'X' })).statusCode,
    ).toBe(403);
  });
});

describe('one account and its sessions', () => {
  it('shows the account with its sessions; ends one, then all', async () => {
    const u = await ctx.createUser({ division: 'BPBK', username: 'bk.sesi' });
    const a = await ctx.signIn(u.username);
    const b = await ctx.signIn(u.username);
    const detail = (await ctx.call(admin, 'GET', `/api/v1/users/${u.id}`)).json();
    expect(detail).toMatchObject({
      username: 'bk.sesi',
      unitName: 'SMP Uji',
      employeeNumber: `NIP${u.id}`,
      activeSessions: 2,
    });
    expect(detail.sessions).toHaveLength(2);
    expect(detail.sessions[0]).toMatchObject({ ip: '127.0.0.1', current: false });
    expect(detail.sessions[0].key).toMatch(/^[0-9a-f]{16}$/);

    const one = await ctx.call(admin, 'DELETE', `/api/v1/users/${u.id}/sessions/${detail.sessions[0].key}`);
    expect(one.json()).toEqual({ ended: 1 });
    const alive = [
      (await ctx.call(a, 'GET', '/api/v1/auth/me')).statusCode,
      (await ctx.call(b, 'GET', '/api/v1/auth/me')).statusCode,
    ];
    expect(alive.sort()).toEqual([200, 401]);
    expect(
      (await ctx.call(admin, 'DELETE', `/api/v1/users/${u.id}/sessions/${detail.sessions[0].key}`)).statusCode,
    ).toBe(404);

    expect((await ctx.call(admin, 'DELETE', `/api/v1/users/${u.id}/sessions`)).json()).toEqual({ ended: 1 });
    expect((await ctx.call(a, 'GET', '/api/v1/auth/me')).statusCode).toBe(401);
    expect((await ctx.call(b, 'GET', '/api/v1/auth/me')).statusCode).toBe(401);
    const log = (await ctx.call(admin, 'GET', `/api/v1/audit?action=users.sessions.end&entityId=${u.id}`)).json();
    expect(log.items.map((i: { after: unknown }) => i.after)).toEqual([
      { ended: 1, session: 'all' },
      { ended: 1, session: detail.sessions[0].key },
    ]);
    // the caller's own session is marked
    const me = (await ctx.call(admin, 'GET', `/api/v1/users/${admin.user.id}`)).json();
    expect(me.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
  });

  it('answers 404 for an unknown account and 400 for ids past 32 bits or a bad session key', async () => {
    expect((await ctx.call(admin, 'GET', '/api/v1/users/999999')).statusCode).toBe(404);
    expect((await ctx.call(admin, 'GET', '/api/v1/users/4294967296')).statusCode).toBe(400);
    expect((await ctx.call(admin, 'GET', '/api/v1/users/abc')).statusCode).toBe(400);
    expect((await ctx.call(admin, 'DELETE', '/api/v1/users/1/sessions/zz')).statusCode).toBe(400);
    expect((await ctx.call(admin, 'DELETE', '/api/v1/users/999999/sessions')).statusCode).toBe(404);
    expect((await ctx.call(await ctx.as('TEACHER'), 'GET', '/api/v1/users/1')).statusCode).toBe(403);
    expect((await ctx.call(await ctx.as('TEACHER'), 'DELETE', '/api/v1/users/1/sessions')).statusCode).toBe(403);
    expect((await ctx.call(null, 'DELETE', '/api/v1/users/1/sessions')).statusCode).toBe(401);
  });
});

describe('the audit filter by account', () => {
  it('lists entries by the account and about it, and nothing of others', async () => {
    const u = await ctx.createUser({ division: 'TU', username: 'tu.jejak' });
    await ctx.signIn(u.username);
    await ctx.call(admin, 'POST', `/api/v1/users/${u.id}/active`, { active: false });
    const res = (await ctx.call(admin, 'GET', `/api/v1/audit?userId=${u.id}`)).json();
    const actions = res.items.map((i: { action: string }) => i.action);
    expect(actions).toEqual(['users.disable', 'auth.login.success']);
    expect((await ctx.call(admin, 'GET', '/api/v1/audit?userId=4294967296')).statusCode).toBe(400);
  });
});
