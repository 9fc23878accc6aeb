import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from './schema/index.ts';

export function createDatabase(connectionString: string, max = 20) {
  const pool = new pg.Pool({ connectionString, max, application_name: 'mms' });
  // An idle client losing its connection (e.g. Postgres restarting) must not crash the server.
  pool.on('error', () => undefined);
  // So must a checked-out client losing it between two statements (no query of its own to reject): its next
  // query fails instead, and the request answers 503 (db-errors.ts).
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    releaseOnFailedBegin(client);
    oneQueryAtATime(client);
  });
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  return { pool, db };
}

/**
 * drizzle-orm (0.45) sends a transaction's BEGIN before its try/finally: when the connection is lost at that
 * moment the client never goes back to the pool, and after `max` such moments every request waits forever.
 * The client releases itself (as broken) when its BEGIN fails; drizzle then only rethrows.
 */
function releaseOnFailedBegin(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const result = query(...args);
    const first = args[0];
    const text = typeof first === 'string' ? first : ((first as { text?: unknown } | null)?.text ?? '');
    if (typeof args.at(-1) === 'function' || typeof text !== 'string' || !/^\s*begin\b/i.test(text)) return result;
    return (result as Promise<unknown>).catch((error: unknown) => {
      client.release(error instanceof Error ? error : true);
      throw error;
    });
  }) as typeof client.query;
}

/**
 * A transaction is one connection, and a connection runs one statement at a time: code that reads a transaction's
 * rows with Promise.all (count and page, say) would hand pg a second query while the first runs, which pg 8
 * queues with a deprecation warning and pg 9 refuses. The client queues them itself, in the order they were asked,
 * so every repository can take the pool or a transaction alike. Callback and submittable (cursor) calls are pg's
 * own and pass through.
 */
function oneQueryAtATime(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let tail: Promise<unknown> = Promise.resolve();
  client.query = ((...args: unknown[]) => {
    const first = args[0] as { submit?: unknown } | null;
    if (typeof args.at(-1) === 'function' || typeof first?.submit === 'function') return query(...args);
    const run = tail.then(() => query(...args));
    tail = run.catch(() => undefined);
    return run;
  }) as typeof client.query;
}

export type Database = ReturnType<typeof createDatabase>['db'];
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or an open transaction: repositories accept both. */
export type Executor = Database | Transaction;
export { schema };
