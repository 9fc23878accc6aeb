import type { AuthUser } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import { forbidden } from '../../lib/errors.ts';
// The unit rules are the school feature's; they belong in lib/ once that feature moves them there.
import { assertUnit, seesAllUnits } from '../../lib/scope.ts';
import { ownClassIds } from '../school/class-access.ts';

export { ownClassIds };

interface ClassRef {
  id: number;
  name: string;
  unitId: number;
}

/**
 * Row-level rule of a class: its unit, and for teachers a class they teach or lead.
 * The teaching rule is school/class-access.ts's, also embedded in the register save's SQL.
 */
export async function assertClassAccess(db: Executor, user: AuthUser, cls: ClassRef): Promise<void> {
  if (seesAllUnits(user)) return;
  assertUnit(user, cls.unitId);
  const own = await ownClassIds(db, user);
  if (own && !own.includes(cls.id)) throw forbidden(`Anda tidak mengajar atau menjadi wali kelas ${cls.name}`);
}
