import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { migrateJobQueue } from '../jobs/queue.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));
const MIGRATION_LOCK = 7_272_001;

/**
 * Applies the committed SQL migrations. Drizzle runs all pending ones in one transaction;
 * an advisory lock keeps two server processes from migrating at once. Throws on failure,
 * and the caller refuses to start.
 */
export async function runMigrations(connectionString: string, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  const client = new pg.Client({ connectionString, application_name: 'mms-migrate' });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query("set client_min_messages = 'warning'");
    await migrate(drizzle(client), { migrationsFolder });
    // the job queue's own schema (pg-boss), under the same lock
    await migrateJobQueue(client);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
}
