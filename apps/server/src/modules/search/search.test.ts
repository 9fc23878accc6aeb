import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees, students, units } from '../../db/schema/index.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  const [sd] = await ctx.db.insert(units).values({ code: 'SD', name: 'SD Uji' }).returning();
  const [smp] = await ctx.db.select().from(units).limit(1);
  await ctx.db.insert(students).values([
    { unitId: smp!.id, nis: '7001', name: 'Zaenal Arifin Smp' },
    { unitId: sd!.id, nis: '1001', name: 'Zaenal Abidin Sd' },
    { unitId: smp!.id, nis: '7002', name: 'Persen_100% Aman' },
  ]);
  await ctx.db.insert(employees).values([{ unitId: smp!.id, nip: '1985', name: 'Zaenal Guru Smp' }]);
});
afterAll(() => ctx.close());

type Groups = { kind: string; items: { title: string; route: string | null }[] }[];
const kinds = (groups: Groups) => Object.fromEntries(groups.map((g) => [g.kind, g.items.map((i) => i.title)]));

describe('GET /api/v1/search', () => {
  it('finds students, employees and menu screens for an admin, across units', async () => {
    const res = await ctx.call(await ctx.as('ADMIN'), 'GET', '/api/v1/search?q=zaenal');
    expect(res.statusCode).toBe(200);
    const found = kinds(res.json().groups);
    expect(found.student).toEqual(expect.arrayContaining(['Zaenal Arifin Smp', 'Zaenal Abidin Sd']));
    expect(found.employee).toEqual(['Zaenal Guru Smp']);
  });

  it('keeps a principal to the own unit', async () => {
    const found = kinds((await ctx.call(await ctx.as('PRINCIPAL'), 'GET', '/api/v1/search?q=zaenal')).json().groups);
    expect(found.student).toEqual(['Zaenal Arifin Smp']);
  });

  it('gives a student only the menu screens a student may open', async () => {
    const student = await ctx.as('STUDENT');
    const none = (await ctx.call(student, 'GET', '/api/v1/search?q=zaenal')).json();
    expect(none.groups).toEqual([]);
    const menu = (await ctx.call(student, 'GET', '/api/v1/search?q=ujian')).json() as { groups: Groups };
    expect(menu.groups.map((g) => g.kind)).toEqual(['menu']);
    expect(menu.groups[0]!.items.length).toBeGreaterThan(0);
    const teacherOnly = (await ctx.call(student, 'GET', '/api/v1/search?q=jurnal')).json() as { groups: Groups };
    expect(teacherOnly.groups.flatMap((g) => g.items.map((i) => i.title))).not.toContain('Input jurnal');
  });

  it('treats LIKE wildcards in the query as text', async () => {
    const admin = await ctx.as('ADMIN');
    const found = kinds((await ctx.call(admin, 'GET', '/api/v1/search?q=100%25')).json().groups);
    expect(found.student).toEqual(['Persen_100% Aman']);
    // Unescaped, `l%ar` and `l_ar` would match "Zaenal Arifin"; as text they match nothing (generated
    // account names such as `principal_a1b2c3` hold `l_a`, never `l_ar`: the suffix is hex).
    for (const q of ['l%25ar', 'l_ar']) {
      const groups = (await ctx.call(admin, 'GET', `/api/v1/search?q=${q}`)).json().groups as Groups;
      expect(groups.filter((g) => g.kind === 'student' || g.kind === 'employee')).toEqual([]);
    }
  });

  it('refuses an empty or overlong query and anonymous callers', async () => {
    const admin = await ctx.as('ADMIN');
    const empty = await ctx.call(admin, 'GET', '/api/v1/search?q=%20');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.q).toBe('Kata kunci pencarian wajib diisi');
    expect((await ctx.call(admin, 'GET', `/api/v1/search?q=${'a'.repeat(101)}`)).statusCode).toBe(400);
    expect((await ctx.call(null, 'GET', '/api/v1/search?q=zaenal')).statusCode).toBe(401);
  });
});
