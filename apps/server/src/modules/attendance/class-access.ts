import type { AuthUser } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import { forbidden } from '../../lib/errors.ts';
// The unit rules are the school feature's; they belong in lib/ once that feature moves them there.
import { assertUnit, seesAllUnits, seesOnlyOwnClasses } from '../../lib/scope.ts';
import * as repo from './attendance.repo.ts';

interface ClassRef {
  id: number;
  name: string;
  unitId: number;
}

/**
 * The classes a caller is limited to: a teacher's own (taught or led), or null for the divisions
 * that see every class of their unit (principal, wakakur, BK, admin...).
 */
export async function ownClassIds(db: Executor, user: AuthUser): Promise<number[] | null> {
  if (!seesOnlyOwnClasses(user)) return null;
  if (!user.employeeId) return [];
  return repo.classIdsOfTeacher(db, user.employeeId);
}

/**
 * Row-level rule of a class: its unit, and for teachers a class they teach or lead.
 * The register save checks the same rule inside its statement (attendance.repo.ts,
 * SAVE_DAILY_REGISTER): change both together.
 */
export async function assertClassAccess(db: Executor, user: AuthUser, cls: ClassRef): Promise<void> {
  if (seesAllUnits(user)) return;
  assertUnit(user, cls.unitId);
  const own = await ownClassIds(db, user);
  if (own && !own.includes(cls.id)) throw forbidden(`Anda tidak mengajar atau menjadi wali kelas ${cls.name}`);
}
