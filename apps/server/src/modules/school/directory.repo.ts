import { and, asc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { escapeLike } from '../../lib/sql.ts';
import type { Executor } from '../../db/client.ts';
import { employees, units } from '../../db/schema/index.ts';

/* Small reads of the units and the staff that other features ask (search, the old client's calls, the health page). */

/** Active employees whose name or NIP contains the term, in one unit or (null) every unit. */
export async function searchEmployees(db: Executor, unitId: number | null, term: string, limit: number) {
  const like = `%${escapeLike(term)}%`;
  const where: SQL[] = [eq(employees.isActive, true), or(ilike(employees.name, like), ilike(employees.nip, like))!];
  if (unitId !== null) where.push(eq(employees.unitId, unitId));
  return db
    .select({ id: employees.id, name: employees.name, nip: employees.nip, unitCode: units.code })
    .from(employees)
    .leftJoin(units, eq(units.id, employees.unitId))
    .where(and(...where))
    .orderBy(asc(employees.name), asc(employees.id))
    .limit(limit);
}

/** The id of the unit with this code ('SD', 'SMP'), or undefined. */
export async function unitIdByCode(db: Executor, code: string) {
  const [row] = await db.select({ id: units.id }).from(units).where(eq(units.code, code)).limit(1);
  return row?.id;
}

/** The foundation's schools, code and name, in the order they were created. */
export function publicUnits(db: Executor) {
  return db.select({ code: units.code, name: units.name }).from(units).orderBy(units.id);
}

/** The names of some employees by id (of any unit, active or not): for lists that show who coaches or teaches. */
export async function employeeNamesOf(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: employees.id, name: employees.name })
    .from(employees)
    .where(inArray(employees.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}
