import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SESSION_COOKIE } from '@mms/shared';
import { users } from '../db/schema/index.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { BOOT_TEXT } from './web-app.ts';

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

describe("a screen's shell names its route's chunks, so they load beside the entry", () => {
  // the build's manifest and route map (apps/web build-plugins/route-modules.ts), as `vite build` writes them
  const MANIFEST = {
    'index.html': { file: 'assets/index-E1.js', isEntry: true, imports: ['_runtime.js'], css: ['assets/index-E1.css'] },
    '_runtime.js': { file: 'assets/runtime-R1.js' },
    'src/app/layouts/backend-layout.tsx': {
      file: 'assets/backend-layout-B1.js',
      imports: ['_runtime.js', 'index.html', '_ui~backend-layout~pages.js'],
    },
    'src/features/dashboard/pages/dashboard-page.tsx': { file: 'assets/dashboard-page-D1.js', imports: ['index.html'] },
    'src/features/school/pages/index.ts': {
      file: 'assets/pages-S1.js',
      imports: ['_ui~backend-layout~pages.js', '_data-list.js'],
      css: ['assets/pages-S1.css'],
    },
    '_ui~backend-layout~pages.js': { file: 'assets/ui~backend-layout~pages-U1.js', imports: ['_runtime.js'] },
    '_data-list.js': { file: 'assets/data-list-L1.js' },
    'src/app/layouts/blank-layout.tsx': { file: 'assets/blank-layout-K1.js', imports: ['index.html'] },
    'src/features/auth/pages/sign-in-page.tsx': { file: 'assets/sign-in-page-I1.js', imports: ['_runtime.js'] },
  };
  const ROUTE_MODULES = {
    dashboard: ['src/app/layouts/backend-layout.tsx', 'src/features/dashboard/pages/dashboard-page.tsx'],
    'principal-student-all': ['src/app/layouts/backend-layout.tsx', 'src/features/school/pages/index.ts'],
    'auth-signin': ['src/app/layouts/blank-layout.tsx', 'src/features/auth/pages/sign-in-page.tsx'],
  };
  // the shell as built (apps/web/index.html): the entry's stylesheet in the head, the boot frame beside #root,
  // drawn for a guest page
  const ENTRY_CSS = '<link rel="stylesheet" crossorigin href="/assets/index-E1.css">';
  const BOOT =
    '<div class="mms-boot" id="mms-boot" data-frame="guest" role="status">MMS<span class="mms-boot-text">Memuat…</span></div>';
  const FRAMED = SHELL.replace('</head>', `${ENTRY_CSS}</head>`).replace(
    '<div id="root"></div>',
    `${BOOT}<div id="root"></div>`,
  );
  // as the server sends it: the stylesheets between the frame and #root (the frame paints without them)
  const SENT = SHELL.replace('<div id="root"></div>', `${BOOT}${ENTRY_CSS}<div id="root"></div>`);
  // a session cookie says "signed in" for the choice of chunks (the guard checks it); one of no session is this
  const SIGNED_IN = { [SESSION_COOKIE]: 'x' };
  let built: string;
  let web: TestContext;

  beforeAll(async () => {
    built = await fs.mkdtemp(path.join(os.tmpdir(), 'mms-web-preload-'));
    const put = async (file: string, content: string) => {
      await fs.mkdir(path.dirname(path.join(built, file)), { recursive: true });
      await fs.writeFile(path.join(built, file), content);
    };
    await put('index.html', FRAMED);
    await put('.vite/manifest.json', JSON.stringify(MANIFEST));
    await put('.vite/route-modules.json', JSON.stringify(ROUTE_MODULES));
    web = await createTestContext({ WEB_DIST: built });
  });
  afterAll(async () => {
    await web.close();
    await fs.rm(built, { recursive: true, force: true });
  });

  /** The `<link>` tags the page's head ends with (the shell's own head has none). */
  const links = (html: string) =>
    [...html.matchAll(/<link rel="(\w+)" crossorigin href="([^"]+)">/g)]
      .map((m) => `${m[1]} ${m[2]}`)
      .filter((l) => l !== 'stylesheet /assets/index-E1.css');

  it("preloads the layout's and the screen's chunks and what they import, not what the entry loads", async () => {
    const res = await web.app.inject({ method: 'GET', url: '/backend/mms/principal/student-all', cookies: SIGNED_IN });
    expect(res.statusCode).toBe(200);
    expect(links(res.body).sort()).toEqual(
      [
        'stylesheet /assets/pages-S1.css',
        'modulepreload /assets/backend-layout-B1.js',
        'modulepreload /assets/ui~backend-layout~pages-U1.js',
        'modulepreload /assets/pages-S1.js',
        'modulepreload /assets/data-list-L1.js',
      ].sort(),
    );
    // the module preloads inside the head, the stylesheets (the entry's, then the screen's) after the boot frame
    // (links() leaves out the entry's, which every page has);
    // the rest of the shell unchanged but for the screen's title and its backend boot frame
    const [head, rest] = res.body.split('</head>');
    expect(links(head!)).toHaveLength(4);
    expect(links(head!).every((l) => l.startsWith('modulepreload'))).toBe(true);
    expect(`${head!.replace(/<link [^>]+>/g, '')}</head>${rest}`).toBe(
      SENT.replace('<title>MMS</title>', '<title>Daftar siswa · MMS</title>')
        .replace('data-frame="guest"', 'data-frame="backend"')
        .replace(
          '<span class="mms-boot-text">',
          '<h1 class="mms-boot-title">Daftar siswa</h1><span class="mms-boot-text">',
        )
        .replace(ENTRY_CSS, `${ENTRY_CSS}<link rel="stylesheet" crossorigin href="/assets/pages-S1.css">`),
    );
  });

  it('titles a screen by its menu name before any script runs, and frames only backend screens as the backend', async () => {
    const dash = await web.app.inject({ method: 'GET', url: '/backend/dashboard', cookies: SIGNED_IN });
    expect(dash.body).toContain('<title>Dasbor · MMS</title>');
    expect(dash.body).toContain('data-frame="backend"');
    expect(dash.body).not.toContain('data-frame="guest"');
    // the backend frame names the screen as its heading while the scripts load (a phone sees it seconds sooner)
    expect(dash.body).toContain('<h1 class="mms-boot-title">Dasbor</h1><span class="mms-boot-text">Memuat…</span>');
    // a guest page (and a backend screen asked for without a session, which shows sign-in) is framed as that page:
    // its heading and lead (GUEST_PAGE_TEXTS, as the page's texts), so the page's largest text shows before the
    // scripts
    const signInFrame =
      '<div class="mms-boot" id="mms-boot" data-frame="auth-signin" role="status">MMS<div class="mms-boot-page">' +
      '<h1 class="mms-boot-heading">Masuk ke MMS</h1>' +
      '<p class="mms-boot-lead">Gunakan nama pengguna (NIP/NIS) dan kata sandi Anda.</p></div>' +
      '<span class="mms-boot-text">Memuat…</span></div>';
    const landingFrame =
      '<div class="mms-boot" id="mms-boot" data-frame="landing" role="status">MMS<div class="mms-boot-page">' +
      '<h1 class="mms-boot-heading">Selamat datang di MMS</h1>' +
      '<p class="mms-boot-lead">Sistem manajemen sekolah untuk siswa, guru, pimpinan, keuangan, BK dan tata usaha.' +
      '</p></div><span class="mms-boot-text">Memuat…</span></div>';
    for (const [url, cookies, frame] of [
      ['/auth/signin', {}, signInFrame],
      ['/backend/dashboard', {}, signInFrame],
      ['/', {}, landingFrame],
      ['/', SIGNED_IN, landingFrame],
    ] as const) {
      const res = await web.app.inject({ method: 'GET', url, cookies });
      expect(res.body, url).toContain('<title>MMS</title>');
      expect(res.body, url).toContain(frame);
      expect(res.headers.vary, url).toBe('accept-encoding, cookie');
    }
  });

  it('keeps the sign-in card out of the frame for a signed-in user, whom the app sends on', async () => {
    const { username } = await web.createUser({ division: 'TEACHER' });
    const { cookie } = await web.signIn(username);
    const res = await web.app.inject({ method: 'GET', url: '/auth/signin', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SENT);
    expect(res.headers.vary).toBe('accept-encoding, cookie');
    // a cookie of no session is a guest's
    const stale = await web.app.inject({ method: 'GET', url: '/auth/signin', cookies: SIGNED_IN });
    expect(stale.body).toContain('data-frame="auth-signin"');
  });

  it("greets the signed-in user by name in the dashboard's frame, never stored by the browser", async () => {
    const { id, username } = await web.createUser({ division: 'TEACHER' });
    await web.db.update(users).set({ displayName: 'Ustadz <b>Ahmad</b> & "Fauzi"' }).where(eq(users.id, id));
    const { cookie } = await web.signIn(username);
    const res = await web.app.inject({
      method: 'GET',
      url: '/backend/dashboard',
      headers: { cookie, 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    const html = brotliDecompressSync(res.rawPayload).toString();
    // the screen's own greeting (DASHBOARD_WELCOME), the name escaped, where the frame had the menu name
    expect(html).toContain(
      '<h1 class="mms-boot-title mms-boot-greeting">Assalamu’alaikum, Ustadz &lt;b&gt;Ahmad&lt;/b&gt; &amp; &quot;Fauzi&quot;</h1>' +
        '<span class="mms-boot-text">Memuat…</span>',
    );
    expect(html).not.toContain('>Dasbor</h1>');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.vary).toBe('accept-encoding, cookie');
    // the same page otherwise: its title and its chunks
    expect(html).toContain('<title>Dasbor · MMS</title>');
    expect(links(html)).toHaveLength(3);
    const gz = await web.app.inject({
      method: 'GET',
      url: '/backend/dashboard',
      headers: { cookie, 'accept-encoding': 'gzip' },
    });
    expect(gunzipSync(gz.rawPayload).toString()).toBe(html);

    // another screen of the same user is not personal; a cookie of no session gets the menu name
    const list = await web.app.inject({
      method: 'GET',
      url: '/backend/mms/principal/student-all',
      headers: { cookie },
    });
    expect(list.headers['cache-control']).toBe('no-cache');
    expect(list.body).not.toContain('Ahmad');
    const stale = await web.app.inject({ method: 'GET', url: '/backend/dashboard', cookies: SIGNED_IN });
    expect(stale.headers['cache-control']).toBe('no-cache');
    expect(stale.body).toContain('<h1 class="mms-boot-title">Dasbor</h1>');
  });

  it("finds the boot frame's loading line in the app's own page, where a screen's heading goes", async () => {
    const page = await fs.readFile(path.join(import.meta.dirname, '../../../web/index.html'), 'utf8');
    expect(page).toContain(BOOT_TEXT);
    expect(FRAMED).toContain(BOOT_TEXT);
  });

  it('names each route its own chunks, compressed like the plain shell', async () => {
    const dash = await web.app.inject({
      method: 'GET',
      url: '/backend/dashboard/',
      headers: { 'accept-encoding': 'br' },
      cookies: SIGNED_IN,
    });
    expect(dash.headers['content-encoding']).toBe('br');
    expect(links(brotliDecompressSync(dash.rawPayload).toString()).sort()).toEqual([
      'modulepreload /assets/backend-layout-B1.js',
      'modulepreload /assets/dashboard-page-D1.js',
      'modulepreload /assets/ui~backend-layout~pages-U1.js',
    ]);
    const signIn = await web.app.inject({
      method: 'GET',
      url: '/auth/signin?next=%2F',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(signIn.headers['content-encoding']).toBe('gzip');
    expect(links(gunzipSync(signIn.rawPayload).toString()).sort()).toEqual([
      'modulepreload /assets/blank-layout-K1.js',
      'modulepreload /assets/sign-in-page-I1.js',
    ]);
  });

  it("names the sign-in page's chunks for a /backend screen asked for without a session (the app goes there)", async () => {
    for (const cookies of [{}, { other: 'x' }] as Record<string, string>[]) {
      const res = await web.app.inject({ method: 'GET', url: '/backend/dashboard', cookies });
      expect(res.statusCode).toBe(200);
      expect(links(res.body).sort()).toEqual([
        'modulepreload /assets/blank-layout-K1.js',
        'modulepreload /assets/sign-in-page-I1.js',
      ]);
    }
  });

  it('sends the plain shell for a screen the map does not know and for a path that is no screen', async () => {
    expect((await web.app.inject({ method: 'GET', url: '/errors/404' })).body).toBe(SENT);
    const missing = await web.app.inject({ method: 'GET', url: '/backend/no-such-screen' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe(SENT);
  });
});
