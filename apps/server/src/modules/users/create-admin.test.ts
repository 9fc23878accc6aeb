import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { createAdmin } from './create-admin.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('create-admin', () => {
  it('creates an admin who can sign in and use admin routes', async () => {
    const r = await createAdmin(ctx.db, {
      username: 'Kepala.TI',
      displayName: 'Kepala TI',
      password: 'Admin-Sekolah-2026',
    });
    expect(r.created).toBe(true);
    const s = await ctx.signIn('kepala.ti', 'Admin-Sekolah-2026');
    expect(s.user.division).toBe('ADMIN');
    expect((await ctx.call(s, 'GET', '/api/v1/audit?action=users.admin')).json().items[0].action).toBe(
      'users.admin.create',
    );
  });

  it('promotes an existing user, resets the password and ends old sessions', async () => {
    const u = await ctx.createUser({ division: 'TU', username: 'staf.tu' });
    const old = await ctx.signIn(u.username);
    const r = await createAdmin(ctx.db, { username: 'staf.tu', displayName: 'Staf TU', password: 'Admin-Baru-2026!' });
    expect(r).toEqual({ id: u.id, username: 'staf.tu', created: false });
    expect((await ctx.call(old, 'GET', '/api/v1/auth/me')).statusCode).toBe(401);
    expect((await ctx.signIn('staf.tu', 'Admin-Baru-2026!')).user.division).toBe('ADMIN');
  });

  it.each([
    [{ username: 'a b', displayName: 'x', password: 'Admin-Sekolah-2026' }, /huruf, angka/],
    [{ username: 'admin2', displayName: 'x', password: 'pendek' }, /minimal 8/],
    [{ username: 'admin3', displayName: 'x', password: 'password123' }, /terlalu umum/],
    [{ username: 'admin4', displayName: 'x', password: 'admin4-rahasia' }, /nama pengguna/],
  ])('refuses %o', async (input, message) => {
    await expect(createAdmin(ctx.db, input)).rejects.toThrow(message);
  });
});
