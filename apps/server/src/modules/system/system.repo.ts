import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { units } from '../../db/schema/index.ts';

/** Whether the database answers. */
export async function databaseUp(db: Executor): Promise<boolean> {
  return db
    .execute(sql`select 1`)
    .then(() => true)
    .catch(() => false);
}

/** The foundation's schools, code and name, in the order they were created. */
export function publicUnits(db: Executor) {
  return db.select({ code: units.code, name: units.name }).from(units).orderBy(units.id);
}
