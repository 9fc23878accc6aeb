import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';

// A built web app as `vite build` leaves it (with the precompressed twins the build writes).
const SHELL = `<!doctype html><html><head><title>MMS</title></head><body><div id="root"></div>${'<!-- -->'.repeat(200)}</body></html>`;
const SCRIPT = `console.log(${JSON.stringify('MMS '.repeat(2000))});`;

let dist: string;
let ctx: TestContext;

async function write(file: string, content: string, compressed = true) {
  const full = path.join(dist, file);
  await fs.mkdir(path.dirname(full), { recursive: true });
  await fs.writeFile(full, content);
  if (compressed) {
    await fs.writeFile(`${full}.br`, brotliCompressSync(content));
    await fs.writeFile(`${full}.gz`, gzipSync(content));
  }
}

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'mms-web-'));
  await write('index.html', SHELL);
  await write('assets/index-Ab12Cd34.js', SCRIPT);
  await write('robots.txt', 'User-agent: *\nDisallow: /\n', false);
  ctx = await createTestContext({ WEB_DIST: dist });
});
afterAll(async () => {
  await ctx.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  ctx.app.inject({ method, url, headers });

describe('the web app as the server sends it', () => {
  it('sends hashed assets precompressed, cached for a year as immutable', async () => {
    const br = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 10);

    const gz = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('does not serve the precompressed files or the build manifest by their own names', async () => {
    expect((await get('/assets/index-Ab12Cd34.js.br')).statusCode).toBe(404);
    expect((await get('/index.html.gz')).statusCode).toBe(404);
  });

  it('sends the shell compressed and never cached for every screen, with HEAD too', async () => {
    for (const url of ['/', '/auth/signin', '/backend/dashboard', '/backend/mms/tutor/attendance-list/3/2026-11-18']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SHELL);
    }
    const head = await get('/', {}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.body).toBe('');
  });

  it('answers 404 (with the shell, so the app shows its page) for a path that is no screen', async () => {
    for (const url of ['/wp-login.php', '/backend/no-such-screen', '/backend/dashboard/extra']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toBe(SHELL);
    }
    expect((await get('/nope', {}, 'HEAD')).statusCode).toBe(404);
    const api = await get('/api/v1/no-such-route');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Alamat tidak ditemukan' } });
  });

  it('serves a real robots.txt that keeps crawlers out', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toBe('User-agent: *\nDisallow: /\n');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });
});
