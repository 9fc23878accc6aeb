import type { AuthUser } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import { actorOfUser } from '../../lib/actor.ts';
import { access } from '../access/access.service.ts';

interface ClassRef {
  id: number;
  name: string;
  unitId: number;
}

/**
 * Row-level rule of a class: its unit, and for teachers a class they teach or lead (the access service's class
 * rule, also embedded in the register save's SQL).
 */
export async function assertClassAccess(db: Executor, user: AuthUser, cls: ClassRef): Promise<void> {
  await access.require(db, actorOfUser(user), 'read', 'class', cls.id);
}
