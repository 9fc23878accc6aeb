import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from './schema/index.ts';

export function createDatabase(connectionString: string, max = 20) {
  const pool = new pg.Pool({ connectionString, max, application_name: 'mms' });
  // An idle client losing its connection (e.g. Postgres restarting) must not crash the server.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  return { pool, db };
}

export type Database = ReturnType<typeof createDatabase>['db'];
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or an open transaction: repositories accept both. */
export type Executor = Database | Transaction;
export { schema };
