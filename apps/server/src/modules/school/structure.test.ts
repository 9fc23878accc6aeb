import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, units } from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { schoolFactory } from './test-factory.ts';

let ctx: TestContext;
let f: ReturnType<typeof schoolFactory<Session>>;
let sdId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  f = schoolFactory(ctx);
  const [sd] = await ctx.db.insert(units).values({ code: 'SD', name: 'SD Uji' }).returning();
  sdId = sd!.id;
});
afterAll(() => ctx.close());

describe('units', () => {
  it('ADMIN adds and changes a unit; the change is audited with before and after', async () => {
    const admin = await ctx.as('ADMIN');
    const created = await f.ok<{ id: number; periodMinutes: number }>(admin, 'POST', '/api/v1/units', {
      code: 'SMA',
      name: 'SMA Uji',
    });
    expect(created.periodMinutes).toBe(40);
    const changed = await f.ok<{ name: string; periodMinutes: number }>(admin, 'PATCH', `/api/v1/units/${created.id}`, {
      name: 'SMA Baru',
    });
    expect(changed).toMatchObject({ name: 'SMA Baru', periodMinutes: 40 });
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'school.unit.update'));
    expect(entry).toMatchObject({ entityId: String(created.id) });
    expect(entry!.before).toMatchObject({ name: 'SMA Uji' });
  });

  it('refuses a duplicate code with 409 naming the other unit, and bad input with 400', async () => {
    const admin = await ctx.as('ADMIN');
    const dup = await ctx.call(admin, 'POST', '/api/v1/units', { code: 'SMP', name: 'Lagi' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('Kode unit SMP sudah dipakai oleh SMP Uji');
    const bad = await ctx.call(admin, 'POST', '/api/v1/units', { code: 'x', name: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['code', 'name']));
  });

  it('is managed by ADMIN only; a unit-bound user lists only their unit', async () => {
    expect(
      (await ctx.call(await ctx.as('WAKAKUR'), 'POST', '/api/v1/units', { code: 'X1', name: 'X' })).statusCode,
    ).toBe(403);
    const tu = await ctx.call(await ctx.as('TU'), 'GET', '/api/v1/units');
    expect(tu.json().items.map((u: { code: string }) => u.code)).toEqual(['SMP']);
    const yayasan = await ctx.call(await ctx.as('YAYASAN'), 'GET', '/api/v1/units');
    expect(yayasan.json().total).toBeGreaterThanOrEqual(2);
    expect((await ctx.call(await ctx.as('TU'), 'GET', `/api/v1/units?unitId=${sdId}`)).statusCode).toBe(403);
  });

  it('keeps bell times per unit', async () => {
    const wakakur = await ctx.as('WAKAKUR');
    const unitId = wakakur.user.unit!.id;
    const periods = [
      { period: 1, startTime: '07:00', endTime: '07:40' },
      { period: 2, startTime: '07:40', endTime: '08:20' },
    ];
    await f.ok(wakakur, 'PUT', `/api/v1/units/${unitId}/bell-times`, { periods });
    const res = await ctx.call(await ctx.as('STUDENT'), 'GET', `/api/v1/units/${unitId}/bell-times`);
    expect(res.json().periods).toEqual(periods);
    const bad = await ctx.call(wakakur, 'PUT', `/api/v1/units/${unitId}/bell-times`, {
      periods: [{ period: 1, startTime: '08:00', endTime: '07:00' }],
    });
    expect(bad.statusCode).toBe(400);
    expect((await ctx.call(wakakur, 'PUT', `/api/v1/units/${sdId}/bell-times`, { periods })).statusCode).toBe(403);
  });
});

describe('academic years', () => {
  it('keeps exactly one active year', async () => {
    const wakakur = await ctx.as('WAKAKUR');
    const a = await f.ok<{ id: number }>(wakakur, 'POST', '/api/v1/academic-years', {
      name: '2024/2025',
      startDate: '2024-07-01',
      endDate: '2025-06-30',
      isActive: true,
    });
    const b = await f.ok<{ id: number }>(wakakur, 'POST', '/api/v1/academic-years', {
      name: '2025/2026',
      startDate: '2025-07-01',
      endDate: '2026-06-30',
    });
    await f.ok(wakakur, 'POST', `/api/v1/academic-years/${b.id}/activate`, {});
    const list = await ctx.call(wakakur, 'GET', '/api/v1/academic-years');
    const active = list.json().items.filter((y: { isActive: boolean }) => y.isActive);
    expect(active.map((y: { id: number }) => y.id)).toEqual([b.id]);
    expect(a.id).not.toBe(b.id);
  });

  it('refuses a duplicate with 409, a wrong tapel with 400, and TU with 403', async () => {
    const wakakur = await ctx.as('WAKAKUR');
    const body = { name: '2024/2025', startDate: '2024-07-01', endDate: '2025-06-30' };
    expect((await ctx.call(wakakur, 'POST', '/api/v1/academic-years', body)).statusCode).toBe(409);
    const bad = await ctx.call(wakakur, 'POST', '/api/v1/academic-years', { ...body, name: '2024/2026' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.name).toMatch(/satu tahun/);
    expect((await ctx.call(await ctx.as('TU'), 'POST', '/api/v1/academic-years', body)).statusCode).toBe(403);
  });
});

describe('grades, classes and subjects', () => {
  it('creates a class with a homeroom teacher and refuses duplicates with 409', async () => {
    const { wakakur, unitId, yearId } = await f.setup();
    const g7 = await f.grade(wakakur, unitId, 7);
    const dupGrade = await ctx.call(wakakur, 'POST', '/api/v1/grades', { unitId, level: 7, name: 'Tujuh' });
    expect(dupGrade.statusCode).toBe(409);
    const c = await f.classGroup(wakakur, yearId, g7.id, '7A');
    const dup = await ctx.call(wakakur, 'POST', '/api/v1/classes', {
      academicYearId: yearId,
      gradeId: g7.id,
      name: '7a',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe('Kelas 7a sudah ada pada tahun pelajaran ini');

    const teacher = await ctx.as('TEACHER');
    const set = await f.ok<{ homeroomName: string }>(wakakur, 'PUT', `/api/v1/classes/${c.id}/homeroom`, {
      employeeId: teacher.user.employeeId,
    });
    expect(set.homeroomName).toContain('Pegawai');
    const c2 = await f.classGroup(wakakur, yearId, g7.id, '7B');
    const twice = await ctx.call(wakakur, 'PUT', `/api/v1/classes/${c2.id}/homeroom`, {
      employeeId: teacher.user.employeeId,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toContain('7A');
    expect((await ctx.call(teacher, 'PUT', `/api/v1/classes/${c2.id}/homeroom`, { employeeId: null })).statusCode).toBe(
      403,
    );
    const list = await ctx.call(teacher, 'GET', `/api/v1/classes?academicYearId=${yearId}`);
    expect(list.json().items.map((x: { name: string }) => x.name)).toEqual(['7A', '7B']);
  });

  it('refuses a grade or class in another unit to a unit-bound manager', async () => {
    const wakakur = await ctx.as('WAKAKUR');
    const res = await ctx.call(wakakur, 'POST', '/api/v1/grades', { unitId: sdId, level: 1, name: 'Kelas 1' });
    expect(res.statusCode).toBe(403);
    const admin = await ctx.as('ADMIN');
    const g1 = await f.grade(admin, sdId, 1);
    expect((await ctx.call(wakakur, 'GET', `/api/v1/grades/${g1.id}`)).statusCode).toBe(403);
    expect((await ctx.call(wakakur, 'GET', '/api/v1/grades/999999')).statusCode).toBe(404);
  });

  it('keeps subjects with KKM and JP per grade; a duplicate code is a 409', async () => {
    const { wakakur, unitId } = await f.setup();
    const g8 = await f.grade(wakakur, unitId, 8);
    const s = await f.ok<{ id: number; kkm: number; hours: unknown[] }>(wakakur, 'POST', '/api/v1/subjects', {
      unitId,
      code: 'MTK',
      name: 'Matematika',
      kkm: 78,
      hours: [{ gradeId: g8.id, hoursPerWeek: 5 }],
    });
    expect(s).toMatchObject({ kkm: 78, hours: [{ gradeId: g8.id, hoursPerWeek: 5 }] });
    const kept = await f.ok<{ kkm: number; hours: unknown[] }>(wakakur, 'PATCH', `/api/v1/subjects/${s.id}`, {
      name: 'Matematika Umum',
    });
    expect(kept).toMatchObject({ kkm: 78, hours: [{ gradeId: g8.id, hoursPerWeek: 5 }] });
    const dup = await ctx.call(wakakur, 'POST', '/api/v1/subjects', { unitId, code: 'mtk', name: 'Lain' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toContain('Matematika Umum');
    const bad = await ctx.call(wakakur, 'POST', '/api/v1/subjects', { unitId, code: 'IPA', name: 'IPA', kkm: 120 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.kkm).toBeDefined();
    expect((await ctx.call(await ctx.as('TEACHER'), 'DELETE', `/api/v1/subjects/${s.id}`)).statusCode).toBe(403);
    await f.ok(wakakur, 'PATCH', `/api/v1/subjects/${s.id}`, { isActive: false });
    expect((await ctx.call(wakakur, 'DELETE', `/api/v1/subjects/${s.id}`, {})).statusCode).toBe(200);
  });
});
