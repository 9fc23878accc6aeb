import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isAppPath } from '@mms/shared';
import { markPublic } from './access.ts';

const YEAR = 'public, max-age=31536000, immutable';
const HOUR = 'public, max-age=3600';

/** The app shell (index.html) as built, with its precompressed twins when the build wrote them. */
function readShell(webDist: string) {
  const file = path.join(webDist, 'index.html');
  if (!existsSync(file)) return null;
  const read = (suffix: string) => (existsSync(file + suffix) ? readFileSync(file + suffix) : null);
  return { identity: readFileSync(file), br: read('.br'), gzip: read('.gz') };
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

/** Answers a GET or HEAD for a path that no route served: the shell, 200 for a screen, 404 otherwise. */
export function sendShell(webDist: string) {
  const shell = readShell(webDist);
  return (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    if (!shell) return false;
    reply
      .status(isAppPath(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    if (shell.br && accepts(request, 'br')) return reply.header('content-encoding', 'br').send(shell.br);
    if (shell.gzip && accepts(request, 'gzip')) return reply.header('content-encoding', 'gzip').send(shell.gzip);
    return reply.send(shell.identity);
  };
}
