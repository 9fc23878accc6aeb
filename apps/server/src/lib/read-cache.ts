import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database, Executor, Transaction } from '../db/client.ts';

/**
 * Copies in memory of the school's structure data (units, years, classes, subjects, students,
 * employees, enrolments, timetable), which every screen reads and which changes rarely.
 *
 * Correctness comes from Postgres, not from timers: migration 0006 puts a statement trigger on
 * each of those tables that sends `NOTIFY mms_school_change` at commit; every server process
 * LISTENs and drops its copies when one arrives, so a change made by another process (another
 * node, the seed command, psql) is seen within milliseconds. A write request that succeeds in
 * this process drops them too before its response leaves (see `dropAfterWrites`), so whoever
 * made a change always reads it back. While the listening connection is down (Postgres
 * restarting, say) nothing is cached: every read goes to the database until it is back.
 *
 * Cached values are shared between requests and frozen: callers copy before changing them.
 */
export interface ReadCache {
  /** Whether copies may be served: the change listener is connected. */
  readonly live: boolean;
  /** The value under `key`, loaded once per change generation. */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Drops every copy (a change was made or may have been). */
  invalidate(): void;
  /**
   * Resolves once every change committed before the call has reached this cache. Notifications
   * arrive in commit order, so it sends one of its own and waits for it (tests use it after
   * writing straight to the database).
   */
  sync(notify: (payload: string) => Promise<unknown>): Promise<void>;
  close(): Promise<void>;
}

export const CHANGE_CHANNEL = 'mms_school_change';
const MAX_ENTRIES = 2000;
const RECONNECT_MS = 1000;

interface Entry {
  generation: number;
  value: Promise<unknown>;
}

/** Freezes arrays and plain objects (one level into arrays) so a caller cannot change a shared copy. */
function freeze<T>(value: T): T {
  if (Array.isArray(value)) {
    for (const item of value) if (item && typeof item === 'object') Object.freeze(item);
  }
  if (value && typeof value === 'object') Object.freeze(value);
  return value;
}

export async function createReadCache(
  connection: pg.ClientConfig,
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): Promise<ReadCache> {
  const entries = new Map<string, Entry>();
  let generation = 0;
  let live = false;
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let syncs = 0;
  const waiting = new Map<string, () => void>();

  const invalidate = () => {
    generation++;
    entries.clear();
  };

  const lost = (why: unknown) => {
    if (!live && !client) return;
    live = false;
    client = undefined;
    invalidate();
    if (closed) return;
    log?.warn({ err: why }, 'read cache: change listener lost; reading from the database until it reconnects');
    retry = setTimeout(() => void connect(), RECONNECT_MS);
    retry.unref();
  };

  async function connect() {
    const next = new pg.Client({ ...connection, application_name: 'mms-change-listener' });
    next.on('error', (err) => {
      if (client === next) lost(err);
    });
    next.on('end', () => {
      if (client === next) lost(new Error('connection ended'));
    });
    next.on('notification', (message) => {
      const done = message.payload === undefined ? undefined : waiting.get(message.payload);
      if (done) {
        waiting.delete(message.payload!);
        done();
      } else invalidate();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGE_CHANNEL}`);
    } catch (err) {
      await next.end().catch(() => undefined);
      if (closed) return;
      log?.warn({ err }, 'read cache: cannot listen for changes; retrying');
      retry = setTimeout(() => void connect(), RECONNECT_MS);
      retry.unref();
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    // Anything may have changed while nobody listened.
    invalidate();
    live = true;
  }

  await connect();

  return {
    get live() {
      return live;
    },
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (!live) return load();
      const hit = entries.get(key);
      if (hit && hit.generation === generation) {
        // Most recently used last, so the oldest entry is the first one the bound drops.
        entries.delete(key);
        entries.set(key, hit);
        return hit.value as Promise<T>;
      }
      const loadedIn = generation;
      const value = load().then(freeze);
      entries.set(key, { generation: loadedIn, value });
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      // A failed load is not remembered: the next read tries again.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    invalidate,
    async sync(notify) {
      if (!live) return;
      const token = `sync:${process.pid}:${++syncs}`;
      const arrived = new Promise<void>((resolve) => {
        waiting.set(token, resolve);
        // A listener that is lost meanwhile drops everything anyway.
        setTimeout(resolve, 2000).unref();
      });
      await notify(token);
      await arrived;
      waiting.delete(token);
    },
    async close() {
      closed = true;
      live = false;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      entries.clear();
      await current?.end().catch(() => undefined);
    },
  };
}

/** The caches of the database handles the app runs on (a transaction has none: it reads its own snapshot). */
const caches = new WeakMap<object, ReadCache>();
/** The database handles' own `transaction`, before `attachReadCache` wrapped it. */
const plainTransactions = new WeakMap<object, Database['transaction']>();

/**
 * Serves cached reads for `db`, and makes every transaction committed through `db.transaction`
 * drop the copies at once, so the rest of the same request (and every later one) reads the change.
 */
export function attachReadCache(db: Database, cache: ReadCache) {
  caches.set(db, cache);
  if (plainTransactions.has(db)) return;
  const plain = db.transaction.bind(db);
  plainTransactions.set(db, plain);
  db.transaction = (async (...args: Parameters<Database['transaction']>) => {
    try {
      return await plain(...args);
    } finally {
      // Also after a failure: a commit that failed to answer may still have happened.
      caches.get(db)?.invalidate();
    }
  }) as Database['transaction'];
}

export function detachReadCache(db: Database, cache: ReadCache) {
  if (caches.get(db) === cache) caches.delete(db);
}

/**
 * A transaction that changes no school structure data (attendance, journals, exam answers):
 * frequent writes like these leave the read cache alone.
 */
export function transactionOutsideSchoolData<T>(db: Database, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  const plain = plainTransactions.get(db) ?? db.transaction.bind(db);
  return plain(fn);
}

/**
 * The cached value under `key` when `exec` is a database handle with a live cache; otherwise
 * `load()` straight from the database (inside transactions, in commands, while the listener is down).
 */
export function cached<T>(exec: Executor, key: string, load: () => Promise<T>): Promise<T> {
  const cache = caches.get(exec);
  return cache ? cache.get(key, load) : load();
}

/** Waits until the cache of `db` has seen every change committed so far (see `ReadCache.sync`). */
export async function syncReadCache(db: Database): Promise<void> {
  await caches.get(db)?.sync((payload) => db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${payload})`));
}

/** Whether reads through `exec` are served from a live cache. */
export function isCached(exec: Executor): boolean {
  return caches.get(exec)?.live ?? false;
}

/**
 * Marks every route registered inside a scope as one that never changes the school structure
 * data (attendance, journals, sessions...), so its writes leave the read cache alone.
 */
export function keepsSchoolData(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...(route.config as object), schoolData: 'unchanged' };
  });
}
