import {
  ALL_UNIT_DIVISIONS,
  type AuthUser,
  type Division,
  type Employee,
  type EmployeeInput,
  type EmployeesQuery,
  type EmployeeUpdate,
} from '@mms/shared';
import type { Database, Executor } from '../../db/client.ts';
import { actorOfUser } from '../../lib/actor.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { hashPassword, passwordProblem } from '../../lib/passwords.ts';
import * as repo from './employees.repo.ts';
import { assertUnit, seesAllUnits } from '../../lib/scope.ts';
import { guarded } from '../../lib/db-errors.ts';
import { access } from '../access/access.service.ts';
import { findUnit } from './structure.repo.ts';

type EmployeeRow = NonNullable<Awaited<ReturnType<typeof repo.findEmployee>>>;

function toEmployee(row: EmployeeRow): Employee {
  const { photoPath, ...rest } = row;
  return { ...rest, photoUrl: photoPath ? `/api/v1/files/avatars/${photoPath}` : null };
}

/** Only ADMIN hands out or changes the divisions that see every unit. */
function assertMayGrant(user: AuthUser, division: Division | null | undefined) {
  if (division && ALL_UNIT_DIVISIONS.includes(division) && user.division !== 'ADMIN') {
    throw forbidden('Hanya ADMIN yang dapat memberi atau mengubah divisi YAYASAN dan ADMIN');
  }
}

export function createEmployeesService(db: Database) {
  const list = async (user: AuthUser, q: EmployeesQuery) =>
    repo.listEmployees(db, await access.scopeUnit(db, actorOfUser(user), q.unitId), q);

  /** The employee the caller may `action` (the employee rule: employee-access.ts), read with `exec`. */
  async function load(exec: Executor, user: AuthUser, action: 'read' | 'change', id: number) {
    await access.require(exec, actorOfUser(user), action, 'employee', id);
    const row = await repo.findEmployee(exec, id);
    if (!row) throw notFound('Pegawai');
    return row;
  }

  const get = async (user: AuthUser, id: number) => toEmployee(await load(db, user, 'read', id));

  async function assertNipFree(nip: string, selfId?: number, exec: Executor = db) {
    const other = await repo.findByNip(exec, nip);
    if (other && other.id !== selfId) {
      throw conflict(`NIP ${nip} sudah dipakai oleh ${other.name}`, { nip: 'Sudah dipakai' });
    }
    const account = await repo.findUserByUsername(exec, nip.toLowerCase());
    if (account && selfId === undefined) {
      throw conflict(`Nama pengguna ${nip} sudah dipakai oleh ${account.displayName}`, {
        nip: 'Sudah dipakai sebagai nama pengguna',
      });
    }
  }

  async function assertUnitChoice(user: AuthUser, unitId: number | null | undefined) {
    if (unitId === undefined) return;
    if (unitId === null) {
      if (!seesAllUnits(user)) throw forbidden('Pegawai tanpa unit hanya dapat diatur oleh YAYASAN atau ADMIN');
      return;
    }
    assertUnit(user, unitId);
    if (!(await findUnit(db, unitId))) throw badRequest('Unit tidak ada', { unitId: 'Unit tidak ditemukan' });
  }

  /** Creates the employee and their user account (username = NIP) in one transaction. */
  async function create(user: AuthUser, input: EmployeeInput, actor: AuditActor) {
    assertMayGrant(user, input.division);
    const unitId = input.unitId ?? (seesAllUnits(user) ? null : (user.unit?.id ?? null));
    await assertUnitChoice(user, unitId);
    await assertNipFree(input.nip);
    const username = input.nip.toLowerCase();
    const problem = passwordProblem(input.password, username);
    if (problem) throw badRequest(problem, { password: problem });
    const passwordHash = await hashPassword(input.password);
    const { password: _password, division, ...fields } = input;
    const id = await guarded(
      () =>
        db.transaction(async (tx) => {
          const userId = await repo.insertUser(tx, {
            username,
            displayName: input.name,
            passwordHash,
            division,
            unitId,
          });
          const id = await repo.insertEmployee(tx, { ...fields, unitId, userId });
          await audit(tx, actor, {
            action: 'school.employee.create',
            entityType: 'employee',
            entityId: id,
            after: { ...fields, unitId, division, username },
          });
          return id;
        }),
      { unique: `NIP ${input.nip} sudah dipakai` },
    );
    return toEmployee((await repo.findEmployee(db, id))!);
  }

  /** Changes the employee; deactivating also locks the account and ends its sessions. */
  async function update(user: AuthUser, id: number, input: EmployeeUpdate, actor: AuditActor) {
    const { division, ...fields } = input;
    await guarded(
      () =>
        db.transaction(async (tx) => {
          const before = await load(tx, user, 'change', id);
          assertMayGrant(user, before.division);
          assertMayGrant(user, input.division);
          await assertUnitChoice(user, input.unitId);
          if (input.nip && input.nip !== before.nip) await assertNipFree(input.nip, id, tx);
          await repo.updateEmployee(tx, id, fields);
          let sessionsEnded = 0;
          if (before.userId !== null) {
            const account: Parameters<typeof repo.updateUser>[2] = {};
            if (division) account.division = division;
            if (input.name) account.displayName = input.name;
            if (input.unitId !== undefined) account.unitId = input.unitId;
            if (input.isActive !== undefined) account.isActive = input.isActive;
            if (Object.keys(account).length) await repo.updateUser(tx, before.userId, account);
            if (input.isActive === false) sessionsEnded = await repo.endSessions(tx, before.userId);
          }
          await audit(tx, actor, {
            action:
              input.isActive === false && before.isActive ? 'school.employee.deactivate' : 'school.employee.update',
            entityType: 'employee',
            entityId: id,
            before,
            after: { ...input, sessionsEnded },
          });
        }),
      { unique: `NIP ${input.nip ?? ''} sudah dipakai` },
    );
    return toEmployee((await repo.findEmployee(db, id))!);
  }

  return { list, get, create, update };
}

export type EmployeesService = ReturnType<typeof createEmployeesService>;
