import { createHash, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import client from 'prom-client';
import { AppError } from './errors.ts';
import { readCacheStats } from './read-cache.ts';
import { BACKUP_NAME } from '../backup/backup.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const FORWARDED = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * Who may read /metrics. With `METRICS_TOKEN`: whoever sends `Authorization: Bearer <token>`, from anywhere.
 * Without it: only a direct request from this machine (loopback socket and no proxy header), so a reverse
 * proxy on the same machine does not make the metrics public.
 */
export function metricsAllowed(request: FastifyRequest, token: string | undefined): 'yes' | 'token' | 'local' {
  if (token) {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const a = createHash('sha256').update(given).digest();
    const b = createHash('sha256').update(token).digest();
    return given !== '' && timingSafeEqual(a, b) ? 'yes' : 'token';
  }
  const direct = LOOPBACK.has(request.socket.remoteAddress ?? '') && FORWARDED.every((h) => !(h in request.headers));
  return direct ? 'yes' : 'local';
}

/**
 * `GET /metrics` in the Prometheus text format: requests by route and status (count and duration), the
 * database pool's connections, the read cache's hits and misses, and the process (CPU, memory, event loop,
 * garbage collection). One registry per app, so several apps in one process (tests) do not collide.
 */
/** The answer's challenge header when METRICS_TOKEN is set (a header value, not a message). */
const METRICS_CHALLENGE = 'Bearer realm="mms-metrics"';

export const metricsPlugin = fp<{ pool: pg.Pool; token?: string; backupDir: string }>(
  async (app: FastifyInstance, { pool, token, backupDir }) => {
    const registry = new client.Registry();
    client.collectDefaultMetrics({ register: registry });
    const labelNames = ['method', 'route', 'status_code'] as const;
    const requests = new client.Counter({
      name: 'mms_http_requests_total',
      help: 'HTTP requests answered, by route pattern and status',
      labelNames,
      registers: [registry],
    });
    const durations = new client.Histogram({
      name: 'mms_http_request_duration_seconds',
      help: 'Time to answer HTTP requests, by route pattern and status',
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    new client.Gauge({
      name: 'mms_db_pool_connections',
      help: 'Connections of the database pool: total open, idle, and requests waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    new client.Gauge({
      name: 'mms_db_pool_max',
      help: 'The most connections the pool opens (DB_POOL_MAX)',
      registers: [registry],
      collect() {
        this.set(pool.options.max ?? 10);
      },
    });
    // Counters of the read cache, kept by read-cache.ts for the whole process.
    const seen = { hits: 0, misses: 0 };
    new client.Counter({
      name: 'mms_read_cache_requests_total',
      help: 'Reads of the in-memory read cache: hit (served from memory) or miss (loaded from PostgreSQL)',
      labelNames: ['result'],
      registers: [registry],
      collect() {
        this.inc({ result: 'hit' }, readCacheStats.hits - seen.hits);
        this.inc({ result: 'miss' }, readCacheStats.misses - seen.misses);
        seen.hits = readCacheStats.hits;
        seen.misses = readCacheStats.misses;
      },
    });

    // The newest archive of `npm run backup` / the daily backup, so an alert can say when backups stopped.
    new client.Gauge({
      name: 'mms_backup_last_time_seconds',
      help: 'When the newest backup archive in MMS_BACKUP_DIR was written (Unix time); 0 when there is none',
      registers: [registry],
      async collect() {
        this.reset();
        const names = (await fs.readdir(backupDir).catch(() => [] as string[])).filter((n) => BACKUP_NAME.test(n));
        let newest = 0;
        for (const name of names) {
          const stat = await fs.stat(path.join(backupDir, name)).catch(() => null);
          if (stat && stat.mtimeMs > newest) newest = stat.mtimeMs;
        }
        this.set(Math.floor(newest / 1000));
      },
    });

    app.addHook('onResponse', async (request, reply) => {
      // The route's pattern (never the raw URL: ids would make a series per student); 404s share one.
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      };
      requests.inc(labels);
      durations.observe(labels, reply.elapsedTime / 1000);
    });

    app.get(
      '/metrics',
      { config: { access: 'public', ownBearer: true }, schema: { hide: true } },
      async (request, reply) => {
        const allowed = metricsAllowed(request, token);
        if (allowed === 'token') {
          throw new AppError('UNAUTHENTICATED', 'Silakan masuk terlebih dahulu', undefined, {
            'www-authenticate': METRICS_CHALLENGE,
          });
        }
        if (allowed === 'local') throw new AppError('FORBIDDEN', 'Anda tidak berhak membuka halaman atau data ini');
        void reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
        return registry.metrics();
      },
    );
  },
);
