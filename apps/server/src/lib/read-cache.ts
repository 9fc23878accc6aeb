import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database, Executor } from '../db/client.ts';

/**
 * Copies in memory of data that every screen reads and that changes rarely (the school's
 * structure: units, years, classes, subjects, students, employees, enrolments, timetable).
 *
 * Each cached read declares the tables it depends on (`dependsOn`, `cached`). Correctness comes
 * from Postgres, not from timers: each of those tables carries a statement trigger that sends
 * `NOTIFY mms_school_change, '<table>'` at commit (migration 0006); every server process LISTENs
 * and drops the copies that depend on the named table, so a change made by another process
 * (another node, the seed command, psql) is seen within milliseconds. At start-up
 * `checkChangeTriggers` refuses to run a cache over a declared table without that trigger.
 * While the listening connection is down nothing is cached: every read goes to the database.
 *
 * Read your writes, with no opt-outs: nothing that writes needs to know the cache exists.
 * `attachReadCache` watches the statements the pool runs. Each HTTP request runs in an
 * AsyncLocalStorage scope; when a statement of that request that writes one of the watched
 * tables (the declared ones, and the tables whose foreign-key actions can change them) has
 * committed, the scope is marked. A marked request waits for the change notifications to reach
 * this process (one NOTIFY round trip, `sync`: notifications arrive in commit order) before its
 * next cached read and before its response leaves, so the same request and every later one read
 * the change. Requests that write nothing the cache depends on (attendance, journals, sign-ins)
 * pay nothing. The statement is classified from its text (`writtenTables`): a statement that
 * looks like a write but whose target cannot be named counts as writing every table.
 *
 * Cached values are shared between requests and frozen: callers copy before changing them.
 */
export interface ReadCache {
  /** Whether copies may be served: the change listener is connected. */
  readonly live: boolean;
  /** The value under `key`, loaded once until one of `tables` changes. */
  get<T>(key: string, tables: CacheTables, load: () => Promise<T>): Promise<T>;
  /** Drops the copies that depend on `table` (every copy without a table). */
  invalidate(table?: string): void;
  /**
   * Resolves once every change committed before the call has reached this cache. Notifications
   * arrive in commit order, so it sends one of its own and waits for it.
   */
  sync(notify: (payload: string) => Promise<unknown>): Promise<void>;
  close(): Promise<void>;
}

export const CHANGE_CHANNEL = 'mms_school_change';
export const CHANGE_FUNCTION = 'mms_notify_school_change';
const SYNC_PREFIX = 'sync:';
const MAX_ENTRIES = 2000;
const RECONNECT_MS = 1000;

declare const declared: unique symbol;
/** Table names a cached read depends on, declared once at module load with `dependsOn`. */
export type CacheTables = readonly string[] & { readonly [declared]: true };

/** Every table some cached read depends on (filled as modules load, checked at start-up). */
const declaredTables = new Set<string>();

/**
 * Declares the tables a cached read depends on. Call it at module level so the start-up check
 * (`checkChangeTriggers`) knows every table before the first request.
 */
export function dependsOn(...tables: string[]): CacheTables {
  for (const table of tables) declaredTables.add(table);
  return Object.freeze([...tables]) as unknown as CacheTables;
}

/** Takes back a declaration (a test's own table): the server suite's files share one process and its modules. */
export function forgetDependency(table: string): void {
  declaredTables.delete(table);
}

interface Entry {
  tables: CacheTables;
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

/** Reads of every read cache of the process since it started, for GET /metrics (lib/metrics.ts). */
export const readCacheStats = { hits: 0, misses: 0 };

export async function createReadCache(
  connection: pg.ClientConfig,
  log?: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): Promise<ReadCache> {
  const entries = new Map<string, Entry>();
  /** table -> keys of the entries that depend on it. */
  const dependants = new Map<string, Set<string>>();
  let live = false;
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let syncs = 0;
  const waiting = new Map<string, () => void>();

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    for (const table of entry.tables) dependants.get(table)?.delete(key);
  };

  const invalidate = (table?: string) => {
    if (table === undefined) {
      entries.clear();
      dependants.clear();
      return;
    }
    for (const key of [...(dependants.get(table) ?? [])]) remove(key);
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
      const payload = message.payload ?? '';
      if (payload.startsWith(SYNC_PREFIX)) {
        // Another process's sync token concerns no copy here.
        const done = waiting.get(payload);
        waiting.delete(payload);
        done?.();
      } else invalidate(payload || undefined);
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
    get<T>(key: string, tables: CacheTables, load: () => Promise<T>): Promise<T> {
      if (!live) return load();
      const hit = entries.get(key);
      if (hit) readCacheStats.hits++;
      else readCacheStats.misses++;
      if (hit) {
        // Most recently used last, so the oldest entry is the first one the bound drops.
        entries.delete(key);
        entries.set(key, hit);
        return hit.value as Promise<T>;
      }
      // The entry is in place before the load runs: a change that arrives meanwhile drops it.
      const value = load().then(freeze);
      entries.set(key, { tables, value });
      for (const table of tables) {
        let keys = dependants.get(table);
        if (!keys) dependants.set(table, (keys = new Set()));
        keys.add(key);
      }
      if (entries.size > MAX_ENTRIES) remove(entries.keys().next().value as string);
      // A failed load is not remembered: the next read tries again.
      value.catch(() => {
        if (entries.get(key)?.value === value) remove(key);
      });
      return value;
    },
    invalidate,
    async sync(notify) {
      if (!live) return;
      const token = `${SYNC_PREFIX}${process.pid}:${++syncs}`;
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
      invalidate();
      await current?.end().catch(() => undefined);
    },
  };
}

/**
 * Refuses a cache over a declared table that does not tell of its changes: every table in
 * `dependsOn` must carry an enabled statement trigger that runs `mms_notify_school_change()` after
 * INSERT, UPDATE, DELETE and TRUNCATE. Throws an error that names the tables.
 */
export async function checkChangeTriggers(db: Database, tables: Iterable<string> = declaredTables): Promise<void> {
  const names = [...tables].sort();
  if (names.length === 0) return;
  // tgtype bits: 4 INSERT, 8 DELETE, 16 UPDATE, 32 TRUNCATE (1 = row level).
  const result = await db.$client.query<{ name: string; events: number | null; exists: boolean }>(
    `select t.name, c.oid is not null as exists,
            bit_or(tg.tgtype::int & 60) filter (where tg.tgtype::int & 1 = 0) as events
       from unnest($1::text[]) as t(name)
       left join pg_class c on c.relname = t.name and c.relnamespace = 'public'::regnamespace
       left join pg_trigger tg on tg.tgrelid = c.oid and not tg.tgisinternal and tg.tgenabled <> 'D'
            and tg.tgfoid = 'public.${CHANGE_FUNCTION}'::regproc
      group by t.name, c.oid`,
    [names],
  );
  const missing = result.rows.filter((r) => !r.exists || r.events !== 60).map((r) => r.name);
  if (missing.length > 0) {
    throw new Error(
      `read cache: cached reads depend on ${missing.join(', ')}, which lack the change trigger; ` +
        `add to a new migration, for each: CREATE TRIGGER <table>_school_change AFTER INSERT OR UPDATE ` +
        `OR DELETE OR TRUNCATE ON <table> FOR EACH STATEMENT EXECUTE FUNCTION ${CHANGE_FUNCTION}(); ` +
        `(or start with READ_CACHE=false)`,
    );
  }
}

/**
 * The tables whose writes can change the declared ones: the declared tables, and, through
 * foreign keys with ON DELETE/UPDATE CASCADE, SET NULL or SET DEFAULT, the tables they refer to.
 */
async function watchedTables(db: Database): Promise<Set<string>> {
  const result = await db.$client.query<{ name: string }>(
    `with recursive watched(oid) as (
       select c.oid from pg_class c
        where c.relname = any($1::text[]) and c.relnamespace = 'public'::regnamespace
       union
       select f.confrelid from pg_constraint f join watched w on f.conrelid = w.oid
        where f.contype = 'f' and (f.confdeltype in ('c', 'n', 'd') or f.confupdtype in ('c', 'n', 'd'))
     )
     select relname as name from pg_class where oid in (select oid from watched)`,
    [[...declaredTables]],
  );
  return new Set(result.rows.map((r) => r.name));
}

const WRITE_WORD = /\b(insert|update|delete|truncate|merge|copy|alter|drop|create|grant|revoke|call|do)\b/i;
const NAME = String.raw`(?:"[^"]+"|[a-z_][\w$]*)`;
const TARGET = new RegExp(
  String.raw`\b(?:insert\s+into|update|delete\s+from|merge\s+into|truncate(?:\s+table)?)\s+(?:only\s+)?((?:${NAME}\s*\.\s*)?${NAME}(?:\s*,\s*(?:${NAME}\s*\.\s*)?${NAME})*)`,
  'gi',
);
const EVERY_TABLE = '*';

/**
 * The tables a statement writes, from its text: none for a read, `*` (every table) for a write
 * whose target cannot be named (DDL, COPY, a procedure call). A row lock (`for update`) writes
 * nothing; the `do update set` of an upsert adds a name that is no table, harmlessly.
 */
export function writtenTables(statement: string): string[] {
  const text = statement.replace(/\bfor\s+(no\s+key\s+)?(update|share)\b/gi, ' ');
  if (!WRITE_WORD.test(text)) return [];
  if (/^\s*(begin|start\s+transaction|commit|end|rollback|savepoint|release|set|show)\b/i.test(text)) return [];
  const tables: string[] = [];
  for (const match of text.matchAll(TARGET)) {
    for (const part of match[1]!.split(',')) {
      const name = part
        .trim()
        .split(/\s*\.\s*/)
        .pop()!;
      tables.push(name.startsWith('"') ? name.slice(1, -1) : name.toLowerCase());
    }
  }
  if (tables.length === 0 || /\b(copy|alter|drop|create|grant|revoke|call|do\s+\$)/i.test(text))
    tables.push(EVERY_TABLE);
  return tables;
}

/** What a request (or any other unit of work) wrote that cached reads depend on. */
interface WriteScope {
  changed: boolean;
  syncing?: Promise<void>;
}
const writeScopes = new AsyncLocalStorage<WriteScope>();

/** Runs `fn` as one unit of work whose committed writes it reads back (an HTTP request, a test). */
export function runWriteScope<T>(fn: () => T): T {
  return writeScopes.run({ changed: false }, fn);
}

/** The caches of the database handles the app runs on (a transaction has none: it reads its own snapshot). */
const caches = new WeakMap<object, { cache: ReadCache; watched: Set<string> }>();

type Query = pg.Pool['query'];
/** The open transaction of a checked-out client: who checked it out, and what it wrote so far. */
interface ClientState {
  scope: WriteScope | undefined;
  inTransaction: boolean;
  wrote: boolean;
}
const clientStates = new WeakMap<object, ClientState>();
const watchedPools = new WeakSet<object>();

/**
 * Serves cached reads for `db` once its declared tables are checked, and watches the statements
 * its pool runs so that a unit of work that wrote a watched table reads its change back.
 */
export async function attachReadCache(db: Database, cache: ReadCache): Promise<void> {
  await checkChangeTriggers(db);
  const watched = await watchedTables(db);
  caches.set(db, { cache, watched });
  const pool = db.$client as pg.Pool;
  if (watchedPools.has(pool)) return;
  watchedPools.add(pool);

  const touches = (text: string) => {
    const current = caches.get(db);
    if (!current) return false;
    return writtenTables(text).some((t) => t === EVERY_TABLE || current.watched.has(t));
  };
  const textOf = (query: unknown) =>
    typeof query === 'string' ? query : ((query as { text?: string } | null)?.text ?? '');

  // Statements outside a transaction commit on their own: mark the scope once they ran.
  const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    const scope = writeScopes.getStore();
    const result = poolQuery(...args);
    if (!scope || !touches(textOf(args[0]))) return result;
    if (typeof args[args.length - 1] === 'function') {
      scope.changed = true;
      return result;
    }
    return (result as Promise<unknown>).finally(() => (scope.changed = true));
  }) as Query;

  // Transactions check out a client: its writes count once its COMMIT has run.
  const poolConnect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = ((...args: unknown[]) => {
    if (args.length > 0) return poolConnect(...args); // pool.query's own checkout
    const scope = writeScopes.getStore();
    return (poolConnect() as Promise<pg.PoolClient>).then((client) => {
      let state = clientStates.get(client);
      if (!state) {
        state = { scope, inTransaction: false, wrote: false };
        clientStates.set(client, state);
        const clientQuery = client.query.bind(client) as (...args: unknown[]) => unknown;
        const own = state;
        client.query = ((...qargs: unknown[]) => {
          // The callback form is pool.query's own (watched above).
          if (typeof qargs[qargs.length - 1] === 'function') return clientQuery(...qargs);
          const text = textOf(qargs[0]);
          if (/^\s*(begin|start\s+transaction)\b/i.test(text)) {
            own.inTransaction = true;
            own.wrote = false;
          } else if (/^\s*rollback\s*;?\s*$/i.test(text)) {
            own.inTransaction = false;
            own.wrote = false;
          } else if (/^\s*(commit|end)\b/i.test(text)) {
            const result = clientQuery(...qargs);
            const mark = own.wrote && own.scope;
            own.inTransaction = false;
            own.wrote = false;
            if (mark) return (result as Promise<unknown>).finally(() => (mark.changed = true));
            return result;
          } else if (touches(text)) {
            if (own.inTransaction) own.wrote = true;
            else if (own.scope) {
              const mark = own.scope;
              return (clientQuery(...qargs) as Promise<unknown>).finally(() => (mark.changed = true));
            }
          }
          return clientQuery(...qargs);
        }) as typeof client.query;
      }
      state.scope = scope;
      state.inTransaction = false;
      state.wrote = false;
      return client;
    });
  }) as pg.Pool['connect'];
}

export function detachReadCache(db: Database, cache: ReadCache) {
  if (caches.get(db)?.cache === cache) caches.delete(db);
}

/** Waits, in a scope that wrote, until this process has heard of those changes. */
function readBack(db: Database, cache: ReadCache, scope: WriteScope | undefined): Promise<void> | undefined {
  if (!scope) return undefined;
  if (scope.changed) {
    scope.changed = false;
    const previous = scope.syncing ?? Promise.resolve();
    // The database lost between the write and the notice (a restart): nothing is known to be current, so the
    // cache drops everything; a rejection here would be unhandled and end the process.
    scope.syncing = previous.then(() => syncCache(db, cache)).catch(() => cache.invalidate());
  }
  return scope.syncing;
}

const syncCache = (db: Database, cache: ReadCache) =>
  cache.sync((payload) => db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${payload})`));

/**
 * The cached value under `key` when `exec` is a database handle with a live cache; otherwise
 * `load()` straight from the database (inside transactions, in commands, while the listener is down).
 * `tables` (from `dependsOn`) are the tables `load` reads: a change to any of them drops the value.
 */
export async function cached<T>(exec: Executor, key: string, tables: CacheTables, load: () => Promise<T>): Promise<T> {
  const attached = caches.get(exec);
  if (!attached) return load();
  await readBack(exec as Database, attached.cache, writeScopes.getStore());
  return attached.cache.get(key, tables, load);
}

/** Waits until the cache of `db` has seen every change committed so far (see `ReadCache.sync`). */
export async function syncReadCache(db: Database): Promise<void> {
  const attached = caches.get(db);
  if (attached) await syncCache(db, attached.cache);
}

/** Whether reads through `exec` are served from a live cache. */
export function isCached(exec: Executor): boolean {
  return caches.get(exec)?.cache.live ?? false;
}

/**
 * Each request is a write scope: a request that wrote a watched table waits, before its
 * response leaves, until this process has heard of the change, so the next request reads it.
 */
export function readYourWrites(app: FastifyInstance, db: Database): void {
  app.addHook('onRequest', (_request, _reply, done) => {
    runWriteScope(done);
  });
  app.addHook('onSend', async () => {
    const attached = caches.get(db);
    if (attached) await readBack(db, attached.cache, writeScopes.getStore());
  });
}
