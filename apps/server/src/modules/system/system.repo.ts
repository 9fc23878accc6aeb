import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/** Whether the database answers. */
export async function databaseUp(db: Executor): Promise<boolean> {
  return db
    .execute(sql`select 1`)
    .then(() => true)
    .catch(() => false);
}
