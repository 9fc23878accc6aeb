import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { units } from '../../db/schema/index.ts';

/** The id of the unit with this code ('SD', 'SMP'), or undefined. */
export async function unitIdByCode(db: Executor, code: string) {
  const [row] = await db.select({ id: units.id }).from(units).where(eq(units.code, code)).limit(1);
  return row?.id;
}
