import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { foundation, units } from '../../db/schema/index.ts';
import { sqlNow } from '../../lib/sql.ts';

const foundationColumns = {
  name: foundation.name,
  address: foundation.address,
  city: foundation.city,
  phone: foundation.phone,
  email: foundation.email,
  chairName: foundation.chairName,
  chairNip: foundation.chairNip,
  logoPath: foundation.logoPath,
};

/** The foundation's one row (made by migration 0010). */
export async function findFoundation(db: Executor) {
  const [row] = await db.select(foundationColumns).from(foundation).where(eq(foundation.id, 1));
  return row!;
}

export async function updateFoundation(db: Executor, values: Partial<typeof foundation.$inferInsert>) {
  const [row] = await db
    .update(foundation)
    .set({ ...values, updatedAt: sqlNow() })
    .where(eq(foundation.id, 1))
    .returning(foundationColumns);
  return row!;
}

export async function setUnitLogo(db: Executor, unitId: number, logoPath: string | null) {
  await db.update(units).set({ logoPath, updatedAt: sqlNow() }).where(eq(units.id, unitId));
}

/** Whether a stored logo file belongs to a unit or the foundation (a logo is served only while in use). */
export async function logoInUse(db: Executor, name: string): Promise<boolean> {
  const [unit] = await db.select({ id: units.id }).from(units).where(eq(units.logoPath, name)).limit(1);
  if (unit) return true;
  const [own] = await db.select({ id: foundation.id }).from(foundation).where(eq(foundation.logoPath, name));
  return !!own;
}
