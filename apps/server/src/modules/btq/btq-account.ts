import { randomInt } from 'node:crypto';
import type { AuthUser, BtqTeacherAccount, BtqTeacherAccountInput } from '@mms/shared';
import type { Database, Executor } from '../../db/client.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { guarded } from '../../lib/db-errors.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { hashPassword, passwordProblem } from '../../lib/passwords.ts';
import { assertUnit } from '../../lib/scope.ts';
import { endSessionsOf } from '../auth/auth.service.ts';
import * as repo from './btq.repo.ts';

/** No look-alike characters (0/O, 1/l/I), so the password can be read out or copied by hand. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A one-time password of 12 characters from `ALPHABET` (about 69 bits), never a common one. */
export function oneTimePassword(username: string): string {
  for (;;) {
    const pw = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    if (!passwordProblem(pw, username)) return pw;
  }
}

/**
 * The principal gives an outside ustadz (a `btq_teachers` row without an employee) their own sign-in: a TEACHER
 * account of the ustadz's unit with a one-time password (argon2id, like every account), shown once. With it the
 * ustadz works on the groups they lead only (`groupsOfTeacherUser` matches `btq_teachers.userId`). An employee
 * ustadz already signs in with their employee account (409); so does one who already has an account (409).
 */
export async function createTeacherAccount(
  db: Database,
  user: AuthUser,
  id: number,
  input: BtqTeacherAccountInput,
  actor: AuditActor,
): Promise<BtqTeacherAccount> {
  const username = input.username.toLowerCase();
  const password = oneTimePassword(username);
  const passwordHash = await hashPassword(password);
  return guarded(
    () =>
      db.transaction(async (tx) => {
        const teacher = await repo.findTeacher(tx, id);
        if (!teacher) throw notFound('Ustadz');
        assertUnit(user, teacher.unitId);
        if (teacher.employeeId !== null) {
          throw conflict('Ustadz pegawai masuk dengan akun pegawainya; akun hanya untuk ustadz luar');
        }
        if (teacher.userId !== null) throw conflict(`${teacher.name} sudah punya akun (${teacher.username})`);
        if (!teacher.isActive) throw conflict('Ustadz ini nonaktif; aktifkan dulu');
        const userId = await repo.insertTeacherUser(tx, {
          username,
          displayName: teacher.name,
          passwordHash,
          unitId: teacher.unitId,
        });
        await repo.setTeacherUser(tx, id, userId);
        const after = (await repo.findTeacher(tx, id))!;
        await audit(tx, actor, {
          action: 'btq.teacher.account',
          entityType: 'btq_teacher',
          entityId: id,
          after: { userId, username, division: 'TEACHER', unitId: teacher.unitId },
        });
        return { teacher: after, username, password };
      }),
    { unique: `Nama pengguna ${username} sudah dipakai` },
  );
}

/** Deactivating an outside ustadz locks their account and ends its sessions; reactivating unlocks it. */
export async function followTeacherActive(exec: Executor, userId: number | null, isActive: boolean | undefined) {
  if (userId === null || isActive === undefined) return;
  await repo.setUserActive(exec, userId, isActive);
  if (!isActive) await endSessionsOf(exec, userId);
}
