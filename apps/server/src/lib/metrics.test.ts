import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';

const TOKEN = 'metrik-rahasia-0123456789abcdef';
let local: TestContext;
let withToken: TestContext;
beforeAll(async () => {
  [local, withToken] = await Promise.all([createTestContext(), createTestContext({ METRICS_TOKEN: TOKEN })]);
});
afterAll(async () => {
  await Promise.all([local.close(), withToken.close()]);
});

/** The value of one series of the text format, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('without METRICS_TOKEN answers a direct request from this machine in the Prometheus format', async () => {
    for (let i = 0; i < 3; i++) expect((await local.call(null, 'GET', '/api/v1/health')).statusCode).toBe(200);
    const admin = await local.as('ADMIN');
    expect((await local.call(admin, 'GET', '/api/v1/students/999999')).statusCode).toBe(404);
    await local.call(null, 'GET', '/api/v1/students');
    // Reads the read cache serves (school structure): the first loads, the second comes from memory.
    for (let i = 0; i < 2; i++) expect((await local.call(admin, 'GET', '/api/v1/students')).statusCode).toBe(200);

    const res = await local.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(sample(text, 'mms_http_requests_total{method="GET",route="/api/v1/health",status_code="200"}')).toBe(3);
    // By the route's pattern, never the raw URL with its id.
    expect(sample(text, 'mms_http_requests_total{method="GET",route="/api/v1/students/:id",status_code="404"}')).toBe(
      1,
    );
    expect(sample(text, 'mms_http_requests_total{method="GET",route="/api/v1/students",status_code="401"}')).toBe(1);
    expect(text).not.toMatch(/route="[^"]*999999/);
    expect(
      sample(text, 'mms_http_request_duration_seconds_count{method="GET",route="/api/v1/health",status_code="200"}'),
    ).toBe(3);
    expect(sample(text, 'mms_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    expect(sample(text, 'mms_db_pool_connections{state="waiting"}')).toBe(0);
    expect(sample(text, 'mms_db_pool_max')).toBe(10);
    expect(sample(text, 'mms_read_cache_requests_total{result="miss"}')).toBeGreaterThan(0);
    expect(sample(text, 'mms_read_cache_requests_total{result="hit"}')).toBeGreaterThan(0);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('without METRICS_TOKEN refuses other machines and requests through a proxy', async () => {
    const remote = await local.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json().error.code).toBe('FORBIDDEN');
    expect(remote.body).not.toContain('mms_http');
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const proxied = await local.app.inject({ method: 'GET', url: '/metrics', headers: { [header]: '203.0.113.9' } });
      expect(proxied.statusCode, header).toBe(403);
    }
  });

  it('with METRICS_TOKEN answers the bearer of the token from anywhere, and no one else', async () => {
    const get = (headers: Record<string, string>, remoteAddress?: string) =>
      withToken.app.inject({ method: 'GET', url: '/metrics', headers, ...(remoteAddress ? { remoteAddress } : {}) });
    const refused: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: TOKEN },
      { authorization: 'Bearer ' },
    ];
    for (const headers of refused) {
      const res = await get(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.body).not.toContain('mms_http');
    }
    const ok = await get({ authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '203.0.113.9' }, '203.0.113.9');
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('mms_http_requests_total');
  });

  it('tells when the newest backup archive was written', async () => {
    const scrape = async () => (await local.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(sample(await scrape(), 'mms_backup_last_time_seconds')).toBe(0);
    const dir = path.join(local.config.dataDir, 'backups');
    await fs.mkdir(dir, { recursive: true });
    const at = (iso: string) => new Date(iso).getTime() / 1000;
    for (const [name, time] of [
      ['mms-backup-20270630-020000.tar.gz', '2027-06-30T02:00:00Z'],
      ['mms-backup-20270701-020000.tar.gz', '2027-07-01T02:00:00Z'],
      ['not-a-backup.tar.gz', '2027-07-02T02:00:00Z'],
    ] as const) {
      await fs.writeFile(path.join(dir, name), 'x');
      await fs.utimes(path.join(dir, name), at(time), at(time));
    }
    expect(sample(await scrape(), 'mms_backup_last_time_seconds')).toBe(at('2027-07-01T02:00:00Z'));
  });

  it('leaves /api/v1/health as it was', async () => {
    const res = await local.call(null, 'GET', '/api/v1/health');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['database', 'status', 'uptimeSeconds', 'version']);
  });
});
