import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { clock, setClock } from '../../lib/clock.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('system endpoints', () => {
  it('GET /api/v1/health reports the database, version and uptime', async () => {
    const res = await ctx.call(null, 'GET', '/api/v1/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up', version: '1.7.0' });
    expect(res.json().uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('GET /api/v1/time gives Jakarta time and the academic period of that day', async () => {
    const before = clock.now().getTime();
    const body = (await ctx.call(null, 'GET', '/api/v1/time')).json();
    expect(body.jkt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+07:00$/);
    expect(Math.abs(new Date(body.jkt).getTime() - before)).toBeLessThan(5000);
    expect(body.jkt.startsWith(body.date)).toBe(true);
    const month = Number(body.date.slice(5, 7));
    expect(body.semester).toBe(month <= 6 ? 'GENAP' : 'GANJIL');
    expect(body.tapel).toMatch(/^\d{4}\/\d{4}$/);
  });

  it('answers the clock MMS_NOW fixes: 1 July 06:59 WIB is the new school year though UTC is still 30 June', async () => {
    const fixed = await createTestContext({ MMS_NOW: '2027-07-01T06:59:00+07:00' });
    try {
      const body = (await fixed.call(null, 'GET', '/api/v1/time')).json();
      expect(body).toMatchObject({ date: '2027-07-01', tapel: '2027/2028', semester: 'GANJIL' });
      expect(body.time.slice(0, 5)).toBe('06:59');
      const tapel = (await fixed.call(await fixed.as('TU'), 'GET', '/api/v1/lookups/tapel')).json();
      expect(tapel.current).toEqual({ tapel: '2027/2028', semester: 'GANJIL' });
      setClock('2027-01-01T00:30:00+07:00');
      expect((await fixed.call(null, 'GET', '/api/v1/time')).json()).toMatchObject({
        date: '2027-01-01',
        tapel: '2026/2027',
        semester: 'GENAP',
      });
    } finally {
      await fixed.close();
      setClock(process.env.MMS_NOW ?? null);
    }
  });

  it('serves the legacy getCurrentDateTimeJkt as rows with jkt', async () => {
    const body = (await ctx.call(null, 'GET', '/api/legacy/getCurrentDateTimeJkt')).json();
    expect(body).toHaveLength(1);
    expect(body[0].jkt).toMatch(/\+07:00$/);
  });
});

describe('public units', () => {
  it('lists the schools without a session', async () => {
    const res = await ctx.call(null, 'GET', '/api/v1/public/units');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [{ code: 'SMP', name: 'SMP Uji' }] });
  });
});

describe('error shape', () => {
  it('answers unknown /api paths with 404 in the error shape', async () => {
    for (const url of ['/api/v1/nothing-here', '/api/unknown', '/api']) {
      const res = await ctx.call(null, 'GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Alamat tidak ditemukan' } });
    }
  });

  it('answers malformed JSON with 400 and an oversized body with 413', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('BAD_REQUEST');
    const big = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'a', password: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('hides internals of an unexpected failure behind a 500', async () => {
    const { buildApp } = await import('../../app.ts');
    const app = await buildApp({ config: ctx.config, db: ctx.db });
    app.get('/api/v1/boom', { config: { access: 'public' } }, async () => {
      throw new Error('secret internal detail at /srv/db');
    });
    const res = await app.inject({ method: 'GET', url: '/api/v1/boom' });
    await app.close();
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: { code: 'INTERNAL', message: 'Terjadi kesalahan pada server. Silakan coba lagi.' },
    });
    expect(res.body).not.toContain('secret');
  });
});

describe('OpenAPI', () => {
  it('documents the routes at /api/docs', async () => {
    const spec = (await ctx.call(null, 'GET', '/api/docs/json')).json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/v1/auth/login', '/api/v1/health', '/api/v1/audit/']),
    );
    expect(spec.paths['/api/v1/auth/login'].post.requestBody).toBeDefined();
    const ui = await ctx.call(null, 'GET', '/api/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});
