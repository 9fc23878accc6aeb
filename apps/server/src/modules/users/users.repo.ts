import { and, asc, count, desc, eq, gt, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { UsersQuery } from '@mms/shared';
import { escapeLike } from '../../lib/sql.ts';
import type { Executor } from '../../db/client.ts';
import { employees, loginAttempts, sessions, students, units, users } from '../../db/schema/index.ts';

/** The last successful sign-in of a user: the newest successful login attempt of the username. */
const lastSignIn = sql<
  Date | string | null
>`(select max(${loginAttempts.at}) from ${loginAttempts} where ${loginAttempts.username} = ${users.username} and ${loginAttempts.success})`;
/** Sessions of the user that have not expired. */
const activeSessions = sql<number>`(select count(*)::int from ${sessions} where ${sessions.userId} = ${users.id} and ${sessions.expiresAt} > now())`; // db-clock: sessions expire on real time

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

const summaryColumns = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  division: users.division,
  isActive: users.isActive,
  unitId: users.unitId,
  unitCode: units.code,
  createdAt: users.createdAt,
  lastSignInAt: lastSignIn,
  activeSessions,
};

export async function listUsers(db: Executor, q: UsersQuery) {
  const where: SQL[] = [];
  if (q.division) where.push(eq(users.division, q.division));
  if (q.unitId) where.push(eq(users.unitId, q.unitId));
  if (q.state) where.push(eq(users.isActive, q.state === 'active'));
  if (q.q) {
    const term = `%${escapeLike(q.q)}%`;
    where.push(or(ilike(users.username, term), ilike(users.displayName, term))!);
  }
  const filter = where.length ? and(...where) : undefined;
  // `username` (default) or `name`, a leading '-' for descending
  const column = q.sort?.replace(/^-/, '') === 'name' ? users.displayName : users.username;
  const order = q.sort?.startsWith('-') ? desc(column) : asc(column);
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(users)
      .leftJoin(units, eq(units.id, users.unitId))
      .where(filter)
      .orderBy(order, asc(users.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(users).where(filter),
  ]);
  return {
    items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), lastSignInAt: iso(r.lastSignInAt) })),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function findUser(db: Executor, id: number) {
  const [row] = await db
    .select({
      ...summaryColumns,
      unitName: units.name,
      updatedAt: users.updatedAt,
      passwordChangedAt: users.passwordChangedAt,
      employeeNumber: employees.nip,
      studentNumber: students.nis,
    })
    .from(users)
    .leftJoin(units, eq(units.id, users.unitId))
    .leftJoin(employees, eq(employees.userId, users.id))
    .leftJoin(students, eq(students.userId, users.id))
    .where(eq(users.id, id))
    .limit(1);
  if (!row) return undefined;
  return {
    ...row,
    employeeNumber: row.employeeNumber ?? null,
    studentNumber: row.studentNumber ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    passwordChangedAt: row.passwordChangedAt.toISOString(),
    lastSignInAt: iso(row.lastSignInAt),
  };
}

/** The account row itself, locked for the change that follows. */
export async function lockUser(db: Executor, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/** Every active ADMIN, locked: two changes that could each leave no ADMIN run one after the other. */
export async function lockActiveAdmins(db: Executor) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.division, 'ADMIN'), eq(users.isActive, true)))
    .orderBy(asc(users.id))
    .for('update');
}

export async function usernameTaken(db: Executor, username: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
  return Boolean(row);
}

export async function unitExists(db: Executor, id: number) {
  const [row] = await db.select({ id: units.id }).from(units).where(eq(units.id, id)).limit(1);
  return Boolean(row);
}

export const sessionKey = (idHash: string) => idHash.slice(0, 16);

export async function userSessions(db: Executor, userId: number) {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`))) // db-clock: sessions expire on real time
    .orderBy(sql`${sessions.lastSeenAt} desc`);
  return rows;
}

/** Ends the one session of the user whose key is given; returns how many ended (0 or 1). */
export async function deleteSessionByKey(db: Executor, userId: number, key: string) {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), sql`left(${sessions.idHash}, 16) = ${key}`))
    .returning({ idHash: sessions.idHash });
  return rows.length;
}
