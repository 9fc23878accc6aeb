import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { EmployeesQuery } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import { employees, sessions, units, users } from '../../db/schema/index.ts';
import { escapeLike, offsetOf } from './structure.repo.ts';
import { sqlNow } from '../../lib/sql.ts';

const summaryColumns = {
  id: employees.id,
  unitId: employees.unitId,
  unitCode: units.code,
  nip: employees.nip,
  name: employees.name,
  gender: employees.gender,
  position: employees.position,
  division: users.division,
  username: users.username,
  isActive: employees.isActive,
};

const detailColumns = {
  ...summaryColumns,
  userId: employees.userId,
  nuptk: employees.nuptk,
  employmentStatus: employees.employmentStatus,
  phone: employees.phone,
  email: employees.email,
  joinDate: employees.joinDate,
  photoPath: employees.photoPath,
};

const selectSummary = (db: Executor) =>
  db
    .select(summaryColumns)
    .from(employees)
    .leftJoin(units, eq(units.id, employees.unitId))
    .leftJoin(users, eq(users.id, employees.userId));

const selectDetail = (db: Executor) =>
  db
    .select(detailColumns)
    .from(employees)
    .leftJoin(units, eq(units.id, employees.unitId))
    .leftJoin(users, eq(users.id, employees.userId));

export async function listEmployees(db: Executor, unitId: number | null, q: EmployeesQuery) {
  const where: SQL[] = [];
  if (unitId !== null) where.push(eq(employees.unitId, unitId));
  if (q.division) where.push(eq(users.division, q.division));
  if (q.active) where.push(eq(employees.isActive, q.active === 'true'));
  if (q.q) {
    const term = `%${escapeLike(q.q)}%`;
    where.push(or(ilike(employees.name, term), ilike(employees.nip, term))!);
  }
  const filter = where.length ? and(...where) : undefined;
  const column = q.sort?.replace('-', '') === 'nip' ? employees.nip : employees.name;
  const order = q.sort?.startsWith('-') ? desc(column) : asc(column);
  const [items, [total]] = await Promise.all([
    selectSummary(db).where(filter).orderBy(order, asc(employees.id)).limit(q.pageSize).offset(offsetOf(q)),
    db.select({ n: count() }).from(employees).leftJoin(users, eq(users.id, employees.userId)).where(filter),
  ]);
  return { items, total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

export async function findEmployee(db: Executor, id: number) {
  const [row] = await selectDetail(db).where(eq(employees.id, id));
  return row;
}

export async function findByNip(db: Executor, nip: string) {
  const [row] = await db
    .select({ id: employees.id, name: employees.name })
    .from(employees)
    .where(eq(employees.nip, nip));
  return row;
}

export async function findUserByUsername(db: Executor, username: string) {
  const [row] = await db
    .select({ id: users.id, displayName: users.displayName })
    .from(users)
    .where(eq(users.username, username));
  return row;
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

export async function updateUser(db: Executor, id: number, values: Partial<typeof users.$inferInsert>) {
  await db
    .update(users)
    .set({ ...values, updatedAt: sqlNow() })
    .where(eq(users.id, id));
}

export async function insertEmployee(db: Executor, values: typeof employees.$inferInsert) {
  const [row] = await db.insert(employees).values(values).returning({ id: employees.id });
  return row!.id;
}

export async function updateEmployee(db: Executor, id: number, values: Partial<typeof employees.$inferInsert>) {
  await db
    .update(employees)
    .set({ ...values, updatedAt: sqlNow() })
    .where(eq(employees.id, id));
}

/** Ends every session of a deactivated account at once (not only at its next request). */
export async function endSessions(db: Executor, userId: number) {
  const rows = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ idHash: sessions.idHash });
  return rows.length;
}

// ---------- the Excel import ----------

/** Employees that already carry one of the NIP. */
export function employeesWithNip(db: Executor, nips: string[]) {
  if (!nips.length) return Promise.resolve([]);
  return db.select({ nip: employees.nip, name: employees.name }).from(employees).where(inArray(employees.nip, nips));
}

/** Accounts that already carry one of the usernames. */
export function usersWithUsername(db: Executor, usernames: string[]) {
  if (!usernames.length) return Promise.resolve([]);
  return db
    .select({ username: users.username, name: users.displayName })
    .from(users)
    .where(inArray(users.username, usernames));
}

/** Refreshes the planner's statistics after a large import. */
export async function analyzeEmployees(db: Executor) {
  await db.execute(sql`analyze employees`);
}
