import { sql, eq } from 'drizzle-orm';
import {
  ALL_UNIT_DIVISIONS,
  DIVISION_LABELS,
  PRIVILEGED_DIVISIONS,
  type CreateUserRequest,
  type Division,
  type UpdateUserRequest,
} from '@mms/shared';
import type { Database, Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { AuthContext } from '../../lib/access.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { hashPassword, passwordProblem } from '../../lib/passwords.ts';
import { endSessionsOf } from '../auth/auth.service.ts';
import * as repo from './users.repo.ts';
import { sqlNow } from '../../lib/sql.ts';

/** The caller of an account change: who (division, id) and which session is theirs. */
export type Caller = Pick<AuthContext, 'sessionIdHash'> & { user: { id: number; division: Division } };

const isPrivileged = (d: Division) => PRIVILEGED_DIVISIONS.includes(d);

/** Only an ADMIN grants or takes away ADMIN and YAYASAN. */
function assertMayGrant(caller: Caller, ...divisions: Division[]) {
  if (caller.user.division !== 'ADMIN' && divisions.some(isPrivileged)) {
    throw forbidden('Hanya ADMIN yang boleh memberi atau mencabut divisi ADMIN atau YAYASAN');
  }
}

/** Every division but YAYASAN and ADMIN works in one unit. */
async function checkUnit(exec: Executor, division: Division, unitId: number | null) {
  if (unitId === null) {
    if (!ALL_UNIT_DIVISIONS.includes(division)) {
      throw badRequest('Unit wajib dipilih untuk divisi ini', { unitId: 'Unit wajib dipilih untuk divisi ini' });
    }
    return;
  }
  if (!(await repo.unitExists(exec, unitId)))
    throw badRequest('Unit tidak ditemukan', { unitId: 'Unit tidak ditemukan' });
}

/** Refuses a change that would leave MMS without an active ADMIN (`admins`: locked by `lockActiveAdmins`). */
function assertAdminRemains(admins: { id: number }[], userId: number) {
  if (admins.length <= 1 && admins.some((a) => a.id === userId)) {
    throw conflict('ADMIN aktif terakhir tidak boleh dinonaktifkan atau diturunkan');
  }
}

export function createUsersService(db: Database) {
  async function detail(id: number, caller: Caller) {
    const user = await repo.findUser(db, id);
    if (!user) throw notFound('Pengguna');
    const sessions = await repo.userSessions(db, id);
    return {
      ...user,
      sessions: sessions.map((s) => ({
        key: repo.sessionKey(s.idHash),
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        expiresAt: s.expiresAt.toISOString(),
        ip: s.ip,
        userAgent: s.userAgent,
        current: s.idHash === caller.sessionIdHash,
      })),
    };
  }

  async function create(v: CreateUserRequest, caller: Caller, actor: AuditActor) {
    assertMayGrant(caller, v.division);
    const problem = passwordProblem(v.password, v.username);
    if (problem) throw badRequest(problem, { password: problem });
    const passwordHash = await hashPassword(v.password);
    const id = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'user:' + v.username}))`);
      if (await repo.usernameTaken(tx, v.username)) {
        throw conflict('Nama pengguna sudah dipakai', { username: 'Nama pengguna sudah dipakai' });
      }
      await checkUnit(tx, v.division, v.unitId);
      const [created] = await tx
        .insert(users)
        .values({
          username: v.username,
          displayName: v.displayName,
          division: v.division,
          unitId: v.unitId,
          passwordHash,
        })
        .returning({ id: users.id });
      await audit(tx, actor, {
        action: 'users.create',
        entityType: 'user',
        entityId: created!.id,
        after: { username: v.username, displayName: v.displayName, division: v.division, unitId: v.unitId },
      });
      return created!.id;
    });
    return detail(id, caller);
  }

  async function update(id: number, input: UpdateUserRequest, caller: Caller, actor: AuditActor) {
    await db.transaction(async (tx) => {
      // the active ADMINs first, then the account, always in this order: two ADMINs changing each other at
      // once wait for one another instead of deadlocking, and the second sees the first one's change
      const admins = await repo.lockActiveAdmins(tx);
      const user = await repo.lockUser(tx, id);
      if (!user) throw notFound('Pengguna');
      const division = input.division ?? user.division;
      const unitId = input.unitId === undefined ? user.unitId : input.unitId;
      const displayName = input.displayName ?? user.displayName;
      if (division !== user.division) {
        if (user.division === 'STUDENT') throw badRequest('Divisi akun siswa tidak dapat diubah');
        if (id === caller.user.id) throw forbidden('Anda tidak dapat mengubah divisi akun Anda sendiri');
        assertMayGrant(caller, user.division, division);
        if (user.division === 'ADMIN') assertAdminRemains(admins, id);
        // a new division is a new menu and new rights for that person: never by a stray choice in a form
        if (input.confirmDivisionChange !== true) {
          throw conflict(
            `Mengubah divisi ${user.displayName} dari ${DIVISION_LABELS[user.division].id} menjadi ${DIVISION_LABELS[division].id} mengganti seluruh menu dan hak aksesnya. Konfirmasikan perubahan divisi ini.`,
            { confirmDivisionChange: 'Perlu konfirmasi' },
          );
        }
      } else if (isPrivileged(division) && unitId !== user.unitId) {
        assertMayGrant(caller, division);
      }
      if (unitId !== user.unitId || division !== user.division) await checkUnit(tx, division, unitId);
      const before = { displayName: user.displayName, division: user.division, unitId: user.unitId };
      const after = { displayName, division, unitId };
      if (JSON.stringify(before) === JSON.stringify(after)) return;
      await tx.update(users).set({ displayName, division, unitId, updatedAt: sqlNow() }).where(eq(users.id, id));
      // a new division or unit changes what the account may do: its sessions start again with the new rights
      const ended = division !== user.division || unitId !== user.unitId ? await endSessionsOf(tx, id) : 0;
      await audit(tx, actor, {
        action: 'users.update',
        entityType: 'user',
        entityId: id,
        before,
        after: { ...after, sessionsEnded: ended },
      });
    });
    return detail(id, caller);
  }

  /** Disables (ending every session at once) or enables an account. */
  async function setActive(id: number, active: boolean, caller: Caller, actor: AuditActor) {
    await db.transaction(async (tx) => {
      // the active ADMINs first, then the account, always in this order: two ADMINs changing each other at
      // once wait for one another instead of deadlocking, and the second sees the first one's change
      const admins = await repo.lockActiveAdmins(tx);
      const user = await repo.lockUser(tx, id);
      if (!user) throw notFound('Pengguna');
      if (user.isActive === active) return;
      // enabling an ADMIN or YAYASAN account gives its rights back: the same rule as granting them
      assertMayGrant(caller, user.division);
      if (!active) {
        if (id === caller.user.id) throw forbidden('Anda tidak dapat menonaktifkan akun Anda sendiri');
        if (user.division === 'ADMIN') assertAdminRemains(admins, id);
      }
      await tx.update(users).set({ isActive: active, updatedAt: sqlNow() }).where(eq(users.id, id));
      const ended = active ? 0 : await endSessionsOf(tx, id);
      await audit(tx, actor, {
        action: active ? 'users.enable' : 'users.disable',
        entityType: 'user',
        entityId: id,
        before: { isActive: user.isActive },
        after: { isActive: active, sessionsEnded: ended },
      });
    });
    return detail(id, caller);
  }

  /** Ends one session of the account (by its key) or all of them. */
  async function endSessions(id: number, key: string | null, actor: AuditActor) {
    return db.transaction(async (tx) => {
      const user = await repo.lockUser(tx, id);
      if (!user) throw notFound('Pengguna');
      const ended = key === null ? await endSessionsOf(tx, id) : await repo.deleteSessionByKey(tx, id, key);
      if (key !== null && ended === 0) throw notFound('Sesi');
      await audit(tx, actor, {
        action: 'users.sessions.end',
        entityType: 'user',
        entityId: id,
        after: { ended, session: key ?? 'all' },
      });
      return { ended };
    });
  }

  return {
    list: (q: Parameters<typeof repo.listUsers>[1]) => repo.listUsers(db, q),
    detail,
    create,
    update,
    setActive,
    endSessions,
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
