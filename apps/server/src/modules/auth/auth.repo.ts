import { and, count, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { AuthUser } from '@mms/shared';
import type { Database, Executor } from '../../db/client.ts';
import { employees, knownDevices, loginAttempts, sessions, students, units, users } from '../../db/schema/index.ts';
import { sqlNow } from '../../lib/sql.ts';

const authUserColumns = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  division: users.division,
  avatarPath: users.avatarPath,
  isActive: users.isActive,
  passwordHash: users.passwordHash,
  unitId: units.id,
  unitCode: units.code,
  unitName: units.name,
  employeeId: employees.id,
  employeeNumber: employees.nip,
  studentId: students.id,
  studentNumber: students.nis,
};

type AuthUserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

export function toAuthUser(row: AuthUserRow): AuthUser {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    division: row.division,
    avatarUrl: row.avatarPath ? `/api/v1/files/avatars/${row.avatarPath}` : null,
    employeeId: row.employeeId ?? null,
    employeeNumber: row.employeeNumber ?? null,
    studentId: row.studentId ?? null,
    studentNumber: row.studentNumber ?? null,
    unit:
      row.unitId !== null && row.unitCode !== null && row.unitName !== null
        ? { id: row.unitId, code: row.unitCode, name: row.unitName }
        : null,
  };
}

function selectAuthUsers(db: Executor) {
  return db
    .select(authUserColumns)
    .from(users)
    .leftJoin(units, eq(units.id, users.unitId))
    .leftJoin(employees, eq(employees.userId, users.id))
    .leftJoin(students, eq(students.userId, users.id));
}

export async function findUserByUsername(db: Executor, username: string) {
  const [row] = await selectAuthUsers(db).where(eq(users.username, username)).limit(1);
  return row;
}

export async function findUserById(db: Executor, id: number) {
  const [row] = await selectAuthUsers(db).where(eq(users.id, id)).limit(1);
  return row;
}

export async function displayNamesOf(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, displayName: users.displayName })
    .from(users)
    .where(inArray(users.id, [...ids]));
}

/**
 * The session lookup runs on every authenticated request: a named prepared statement, so each
 * pooled connection plans it once instead of on every call.
 */
export function prepareFindSession(db: Database) {
  const query = db
    .select({ session: sessions, user: authUserColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(units, eq(units.id, users.unitId))
    .leftJoin(employees, eq(employees.userId, users.id))
    .leftJoin(students, eq(students.userId, users.id))
    .where(eq(sessions.idHash, sql.placeholder('idHash')))
    .limit(1)
    .prepare('mms_find_session');
  return async (idHash: string) => (await query.execute({ idHash }))[0];
}

export async function insertSession(
  db: Executor,
  values: {
    idHash: string;
    userId: number;
    csrfToken: string;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
  },
) {
  await db.insert(sessions).values(values);
}

export async function touchSession(db: Executor, idHash: string) {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` }) // db-clock: a session's idle timer runs on real time (auth.service compares with Date.now())
    .where(eq(sessions.idHash, idHash));
}

export async function deleteSession(db: Executor, idHash: string) {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/** Ends every session of a user, except `keepIdHash` when given. Returns how many ended. */
export async function deleteUserSessions(db: Executor, userId: number, keepIdHash?: string) {
  const rows = await db
    .delete(sessions)
    .where(keepIdHash ? and(eq(sessions.userId, userId), ne(sessions.idHash, keepIdHash)) : eq(sessions.userId, userId))
    .returning({ idHash: sessions.idHash });
  return rows.length;
}

export async function deleteExpiredSessions(db: Executor) {
  await db.delete(sessions).where(sql`${sessions.expiresAt} < now()`); // db-clock: sessions expire on real time, set from Date.now()
}

export async function updatePasswordHash(db: Executor, userId: number, passwordHash: string) {
  await db
    .update(users)
    .set({ passwordHash, passwordChangedAt: sqlNow(), updatedAt: sqlNow() })
    .where(eq(users.id, userId));
}

export async function recordLoginAttempt(db: Executor, username: string, ip: string | null, success: boolean) {
  await db.insert(loginAttempts).values({ username, ip, success });
}

/**
 * Failures for the username inside the window and since its last success, oldest first: from one
 * source address when `ip` is given (undefined = from every address).
 */
export async function recentFailures(db: Executor, username: string, windowMinutes: number, ip?: string | null) {
  const since = sql`greatest(now() - make_interval(mins => ${windowMinutes}), coalesce((select max(${loginAttempts.at}) from ${loginAttempts} where ${loginAttempts.username} = ${username} and ${loginAttempts.success}), '-infinity'))`; // db-clock: the sign-in failure window is real time, as login_attempts.at is stamped
  const [row] = await db
    .select({ failures: count(), oldest: sql<string | null>`min(${loginAttempts.at})` })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.username, username),
        eq(loginAttempts.success, false),
        gt(loginAttempts.at, since),
        ip === undefined ? undefined : sql`${loginAttempts.ip} is not distinct from ${ip}::inet`,
      ),
    );
  return { failures: row?.failures ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

/** The account signed in successfully from this address within the last 90 days (a usual address). */
export async function isUsualAddress(db: Executor, username: string, ip: string | null) {
  if (ip === null) return false;
  const [row] = await db
    .select({ n: sql<number>`1` })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.username, username),
        eq(loginAttempts.success, true),
        sql`${loginAttempts.ip} = ${ip}::inet`,
        sql`${loginAttempts.at} > now() - interval '90 days'`, // db-clock: login_attempts.at is the database's wall time
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The username whose known device this is (used within `maxIdleDays`), or undefined. */
export async function knownDeviceUsername(db: Executor, idHash: string, maxIdleDays: number) {
  const [row] = await db
    .select({ username: users.username })
    .from(knownDevices)
    .innerJoin(users, eq(users.id, knownDevices.userId))
    .where(
      and(
        eq(knownDevices.idHash, idHash),
        sql`${knownDevices.lastUsedAt} > now() - make_interval(days => ${maxIdleDays})`, // db-clock: a device's idle time is real time, as last_used_at is stamped
      ),
    )
    .limit(1);
  return row?.username;
}

export async function insertKnownDevice(db: Executor, idHash: string, userId: number) {
  await db.insert(knownDevices).values({ idHash, userId });
}

export async function touchKnownDevice(db: Executor, idHash: string) {
  await db
    .update(knownDevices)
    .set({ lastUsedAt: sql`now()` }) // db-clock: a device's idle time is real time
    .where(eq(knownDevices.idHash, idHash));
}

export async function lockUsername(db: Executor, username: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${'login:' + username}))`);
}
