import type { AuthUser } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import { actorOfUser } from '../../lib/actor.ts';
import { access } from '../access/access.service.ts';

/**
 * The unit rule through the access service for a row of the unit `unitId` (a class, a grade, a subject...): 403
 * "Data ini milik unit lain" unless the caller's unit, every unit for YAYASAN and ADMIN (unless a token binds them).
 */
export async function requireUnit(exec: Executor, user: AuthUser, unitId: number): Promise<void> {
  await access.require(exec, actorOfUser(user), 'read', 'unit', unitId);
}
