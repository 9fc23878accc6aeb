import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, units } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const newTeacher = (nip: string, extra: Record<string, unknown> = {}) => ({
  nip,
  name: `Ustadz ${nip}`,
  division: 'TEACHER',
  password: 'kata-sandi-guru-2026',
  gender: 'L',
  ...extra,
});

describe('employees', () => {
  it('creates an employee with an account (username = NIP) who can sign in', async () => {
    const principal = await ctx.as('PRINCIPAL');
    const res = await ctx.call(principal, 'POST', '/api/v1/employees', newTeacher('197001012000011001'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      nip: '197001012000011001',
      username: '197001012000011001',
      division: 'TEACHER',
      unitCode: 'SMP',
      isActive: true,
    });
    const session = await ctx.signIn('197001012000011001', 'kata-sandi-guru-2026');
    expect(session.user.employeeId).toBe(res.json().id);
    const list = await ctx.call(await ctx.as('TU'), 'GET', '/api/v1/employees?division=TEACHER&q=197001012000011001');
    expect(list.json().total).toBe(1);
  });

  it('refuses a duplicate NIP with 409 naming the other employee, and bad input with 400', async () => {
    const principal = await ctx.as('PRINCIPAL');
    const first = await ctx.call(principal, 'POST', '/api/v1/employees', newTeacher('198001012000011002'));
    const dup = await ctx.call(principal, 'POST', '/api/v1/employees', newTeacher('198001012000011002'));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe(`NIP 198001012000011002 sudah dipakai oleh ${first.json().name}`);
    const bad = await ctx.call(principal, 'POST', '/api/v1/employees', {
      nip: '',
      name: '',
      division: 'STUDENT',
      password: 'x',
      email: 'bukan-email',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(
      expect.arrayContaining(['nip', 'name', 'division', 'password', 'email']),
    );
  });

  it('deactivating an employee locks the account and ends their sessions', async () => {
    const principal = await ctx.as('PRINCIPAL');
    const created = await ctx.call(principal, 'POST', '/api/v1/employees', newTeacher('198501012000011003'));
    const teacher = await ctx.signIn('198501012000011003', 'kata-sandi-guru-2026');
    const res = await ctx.call(principal, 'PATCH', `/api/v1/employees/${created.json().id}`, { isActive: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().isActive).toBe(false);
    const left = await ctx.db.select().from(sessions).where(eq(sessions.userId, teacher.user.id));
    expect(left).toHaveLength(0);
    expect((await ctx.call(teacher, 'GET', '/api/v1/auth/me')).statusCode).toBe(401);
  });

  it('only ADMIN grants ADMIN or YAYASAN; teachers and students may not manage employees', async () => {
    const principal = await ctx.as('PRINCIPAL');
    const res = await ctx.call(
      principal,
      'POST',
      '/api/v1/employees',
      newTeacher('199001012000011004', { division: 'ADMIN' }),
    );
    expect(res.statusCode).toBe(403);
    const admin = await ctx.as('ADMIN');
    const ok = await ctx.call(
      admin,
      'POST',
      '/api/v1/employees',
      newTeacher('199001012000011005', { division: 'YAYASAN', unitId: null }),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().unitId).toBeNull();
    expect((await ctx.call(await ctx.as('TEACHER'), 'POST', '/api/v1/employees', newTeacher('1'))).statusCode).toBe(
      403,
    );
    expect((await ctx.call(await ctx.as('STUDENT'), 'GET', '/api/v1/employees')).statusCode).toBe(403);
  });

  it('keeps a unit-bound manager in their unit', async () => {
    const [sd] = await ctx.db.insert(units).values({ code: 'SDE', name: 'SD E' }).returning();
    const admin = await ctx.as('ADMIN');
    const sdTeacher = await ctx.call(
      admin,
      'POST',
      '/api/v1/employees',
      newTeacher('199101012000011006', { unitId: sd!.id }),
    );
    const principal = await ctx.as('PRINCIPAL');
    expect((await ctx.call(principal, 'GET', `/api/v1/employees/${sdTeacher.json().id}`)).statusCode).toBe(403);
    expect(
      (await ctx.call(principal, 'POST', '/api/v1/employees', newTeacher('199101012000011007', { unitId: sd!.id })))
        .statusCode,
    ).toBe(403);
    expect((await ctx.call(principal, 'GET', '/api/v1/employees/999999')).statusCode).toBe(404);
  });

  it('shows foundation-wide staff (of no unit) to a unit-bound manager, who may not change them', async () => {
    const admin = await ctx.as('ADMIN');
    const staff = await ctx.call(
      admin,
      'POST',
      '/api/v1/employees',
      newTeacher('199201012000011008', { division: 'TU', unitId: null }),
    );
    const url = `/api/v1/employees/${staff.json().id}`;
    const principal = await ctx.as('PRINCIPAL');
    expect((await ctx.call(principal, 'GET', url)).json()).toMatchObject({ unitId: null });
    const res = await ctx.call(principal, 'PATCH', url, { name: 'Staf yayasan' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Pegawai tanpa unit hanya dapat diatur oleh YAYASAN atau ADMIN');
    expect((await ctx.call(admin, 'PATCH', url, { name: 'Staf yayasan' })).json()).toMatchObject({
      name: 'Staf yayasan',
    });
  });
});
