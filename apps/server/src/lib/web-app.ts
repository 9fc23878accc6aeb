import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  APP_NAME,
  APP_ROUTES,
  DASHBOARD_WELCOME,
  findMenuLink,
  GUEST_PAGE_TEXTS,
  isAppPath,
  SESSION_COOKIE,
  type AppRouteName,
  type GuestPage,
  type LocalText,
} from '@mms/shared';
import { markPublic } from './access.ts';

const YEAR = 'public, max-age=31536000, immutable';
const HOUR = 'public, max-age=3600';

interface Shell {
  identity: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
}

const STYLESHEET = /<link rel="stylesheet"[^>]*>/g;
const ROOT = '<div id="root">';

/**
 * The page's stylesheets go between the boot frame and #root: the frame is drawn with its own inline styles, so
 * a phone paints it as soon as the page has arrived instead of after the stylesheets (on a phone's network, most
 * of a second). They still hold the scripts back until they have loaded (a stylesheet the parser met blocks the
 * scripts that run after parsing), so no screen is drawn without them, and the theme's own styles, which the app
 * writes inside #root, come after them and win.
 */
function stylesAfterFrame(html: string): string {
  const end = html.indexOf('</head>');
  const links = end < 0 ? null : html.slice(0, end).match(STYLESHEET);
  if (!links || !html.includes(ROOT)) return html;
  // after the ones already there (the entry's before a screen's, as the cascade expects)
  const body = html.slice(end).replace(ROOT, () => `${links.join('')}${ROOT}`);
  return html.slice(0, end).replace(STYLESHEET, '') + body;
}

const compressed = (identity: Buffer): Shell => ({
  identity,
  br: brotliCompressSync(identity, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
  }),
  gzip: gzipSync(identity, { level: 9 }),
});

/** The app shell (index.html) as built, its stylesheets after the boot frame, compressed like the build's. */
function readShell(webDist: string): Shell | null {
  const file = path.join(webDist, 'index.html');
  if (!existsSync(file)) return null;
  const built = readFileSync(file);
  const html = stylesAfterFrame(built.toString('utf8'));
  if (html === built.toString('utf8')) {
    const read = (suffix: string) => (existsSync(file + suffix) ? readFileSync(file + suffix) : null);
    return { identity: built, br: read('.br'), gzip: read('.gz') };
  }
  return compressed(Buffer.from(html));
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** Each route's pattern as a regular expression, the most specific first (most fixed segments). */
const ROUTE_PATTERNS = (Object.entries(APP_ROUTES) as [AppRouteName, string][])
  .map(([name, route]) => ({
    name,
    fixed: route.split('/').filter((s) => s && !s.startsWith(':')).length,
    test: new RegExp(`^${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}$`),
  }))
  .sort((a, b) => b.fixed - a.fixed);

/** The named route a path shows, if any. */
export function appRouteOf(pathname: string): AppRouteName | null {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ROUTE_PATTERNS.find((r) => r.test.test(p))?.name ?? null;
}

/**
 * The `<link>` tags that let a browser fetch a route's own chunks while the entry loads: the JS chunks (and CSS)
 * of the route's layout and screen and of what they import, less what the entry itself loads (the shell names
 * those already). From the build's Vite manifest and its route map (apps/web/src/app/route-modules.ts); without
 * them (an older build), none.
 */
function routePreloads(webDist: string): (name: AppRouteName) => string {
  const read = (file: string) => {
    const full = path.join(webDist, '.vite', file);
    return existsSync(full) ? JSON.parse(readFileSync(full, 'utf8')) : null;
  };
  const manifest = read('manifest.json') as Record<string, ManifestChunk> | null;
  const modules = read('route-modules.json') as Record<string, string[]> | null;
  if (!manifest || !modules) return () => '';

  const closure = (key: string, js: Set<string>, css: Set<string>, seen = new Set<string>()) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const dep of chunk.imports ?? []) closure(dep, js, css, seen);
  };
  const loaded = { js: new Set<string>(), css: new Set<string>() };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, loaded.js, loaded.css);

  return (name) => {
    const js = new Set<string>();
    const css = new Set<string>();
    for (const key of modules[name] ?? []) closure(key, js, css);
    const href = (file: string) => `/${file.split('/').map(encodeURIComponent).join('/')}`;
    return [
      ...[...css].filter((f) => !loaded.css.has(f)).map((f) => `<link rel="stylesheet" crossorigin href="${href(f)}">`),
      ...[...js]
        .filter((f) => !loaded.js.has(f))
        .map((f) => `<link rel="modulepreload" crossorigin href="${href(f)}">`),
    ].join('');
  };
}

/** The boot frame's "loading" line (apps/web/index.html); a backend screen's heading goes before it. */
export const BOOT_TEXT = '<span class="mms-boot-text">';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const isGuestPage = (route: AppRouteName): route is GuestPage => Object.hasOwn(GUEST_PAGE_TEXTS, route);

/**
 * A guest page's frame (sign-in, landing): the page's heading and lead (GUEST_PAGE_TEXTS, in Indonesian), drawn
 * where and at the size the page draws them (index.html, data-frame="auth-signin" or "landing"). They are the
 * page's largest text: a phone shows them while the scripts load instead of only "loading", and the page then
 * draws the same words in the same boxes.
 */
function guestFrame(html: string, page: GuestPage): string {
  const { heading, lead } = GUEST_PAGE_TEXTS[page];
  const text = (t: LocalText) => escapeHtml(t.id.replace('{{name}}', APP_NAME));
  return html
    .replace('data-frame="guest"', `data-frame="${page}"`)
    .replace(
      BOOT_TEXT,
      `<div class="mms-boot-page"><h1 class="mms-boot-heading">${text(heading)}</h1>` +
        `<p class="mms-boot-lead">${text(lead)}</p></div>${BOOT_TEXT}`,
    );
}

/**
 * A route's shell: its module preloads at the end of the head (its stylesheets after the boot frame); its menu
 * name in the title ("Daftar siswa · MMS", in Indonesian, the default language; the app retitles the screen once
 * it runs), so a tab or a screen reader names the screen before the scripts have loaded; for a backend screen
 * the boot frame drawn as the backend (header and sidebar, index.html), for a guest page with its heading and lead.
 * Compressed once, the first time the route is asked for.
 */
function routeShell(shell: Shell, route: AppRouteName, extraHead: string): Shell {
  let html = shell.identity.toString('utf8');
  const at = html.indexOf('</head>');
  if (extraHead && at >= 0) html = stylesAfterFrame(html.slice(0, at) + extraHead + html.slice(at));
  const label = findMenuLink(route)?.label.id;
  if (label) html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(`${label} · ${APP_NAME}`)}</title>`);
  if (APP_ROUTES[route].startsWith('/backend')) {
    html = html.replace('data-frame="guest"', 'data-frame="backend"');
    // the screen's name as its heading, where the screen draws its own: on a phone's network the scripts take
    // seconds, and the frame then says which screen is coming, not only "loading"
    if (label) html = html.replace(BOOT_TEXT, `<h1 class="mms-boot-title">${escapeHtml(label)}</h1>${BOOT_TEXT}`);
  } else if (isGuestPage(route)) html = guestFrame(html, route);
  const identity = Buffer.from(html);
  if (identity.equals(shell.identity)) return shell;
  return compressed(identity);
}

const BOOT_TITLE = /<h1 class="mms-boot-title">[^<]*<\/h1>/;

/**
 * The dashboard's shell for a signed-in user: its boot frame's heading is the screen's own greeting with the
 * user's name (DASHBOARD_WELCOME, in Indonesian, as the frame's other words), drawn the size the dashboard draws
 * it, so a phone shows it while the scripts load and the screen then takes its place. Personal: made for the
 * request (quick compression levels) and never stored by the browser.
 */
function greetingShell(shell: Shell, displayName: string): Shell {
  const heading = DASHBOARD_WELCOME.id.replace('{{name}}', displayName);
  const identity = Buffer.from(
    shell.identity
      .toString('utf8')
      .replace(BOOT_TITLE, () => `<h1 class="mms-boot-title mms-boot-greeting">${escapeHtml(heading)}</h1>`),
  );
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip: gzipSync(identity, { level: 6 }),
  };
}

/** The encodings the request accepts, by name (q=0 refuses one). */
function accepts(request: FastifyRequest, encoding: 'br' | 'gzip'): boolean {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim().toLowerCase() !== encoding) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number.parseFloat(q.slice(2)) > 0;
  });
}

/**
 * Serves the built web app: hashed files under /assets/ for a year (immutable), other files for an hour,
 * each precompressed with brotli or gzip when the browser accepts it; the app shell for every path that is
 * a screen of the app (never cached, so a new build is picked up), and the same shell with status 404 for a
 * path that is not (the app shows its "not found" page; robots and crawlers see a real 404).
 * Returns false when there is no build to serve.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  const shell = readShell(webDist);
  if (!shell) return false;
  await app.register(async (scope) => {
    markPublic(scope);
    await scope.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      globIgnore: ['**/*.br', '**/*.gz', '**/.vite/**', '**/index.html'],
      setHeaders: (reply, file) => {
        const hashed = file.startsWith(path.join(webDist, 'assets') + path.sep);
        reply.header('cache-control', hashed ? YEAR : HOUR);
      },
    });
  });
  return true;
}

/**
 * Answers a GET or HEAD for a path that no route served: the shell, 200 for a screen, 404 otherwise. A screen's
 * shell names its route's chunks (`<link rel="modulepreload">`), so they load beside the entry, not after it
 * (a /backend screen asked for without a session cookie names the sign-in page's, where the app sends a guest).
 */
export function sendShell(webDist: string) {
  const shell = readShell(webDist);
  const preloads = routePreloads(webDist);
  const shells = new Map<AppRouteName, Shell>();
  const shellOf = (name: AppRouteName | null): Shell | null => {
    if (!shell || !name) return shell;
    let own = shells.get(name);
    if (!own) shells.set(name, (own = routeShell(shell, name, preloads(name))));
    return own;
  };
  return (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    if (!shell) return false;
    let route = isAppPath(pathname) ? appRouteOf(pathname) : null;
    // without a session a /backend screen sends the visitor to sign-in: get that page's chunks ready instead
    if (route && APP_ROUTES[route].startsWith('/backend') && !request.cookies[SESSION_COOKIE]) route = 'auth-signin';
    // the session (resolved by the access hook for every request that carries the cookie) names the user
    const user = request.auth && !request.auth.token ? request.auth.user : null;
    // a signed-in user is sent on from sign-in at once (the app): no sign-in card in the frame for them
    if (route === 'auth-signin' && user) route = null;
    const personal = route === 'dashboard' && user !== null;
    const page = personal ? greetingShell(shellOf(route)!, user.displayName) : shellOf(route)!;
    reply
      .status(isAppPath(pathname) ? 200 : 404)
      .header('cache-control', personal ? 'no-store' : 'no-cache')
      // the page depends on the session cookie (a /backend screen's chunks and frame, sign-in's frame)
      .header('vary', 'accept-encoding, cookie')
      .type('text/html; charset=utf-8');
    if (page.br && accepts(request, 'br')) return reply.header('content-encoding', 'br').send(page.br);
    if (page.gzip && accepts(request, 'gzip')) return reply.header('content-encoding', 'gzip').send(page.gzip);
    return reply.send(page.identity);
  };
}
