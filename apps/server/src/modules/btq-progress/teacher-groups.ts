import type { AuthUser } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import { groupsOfTeacherUser } from '../btq/btq.service.ts';

/**
 * The groups the caller leads as ustadz, by THE rule of modules/btq (`groupsOfTeacherUser`). The callers that see
 * every group of their unit (principal, ADMIN, YAYASAN: null there) are decided before this is asked, so here
 * they lead none.
 */
export async function groupsOfTeacherUserIds(exec: Executor, user: AuthUser): Promise<number[]> {
  return (await groupsOfTeacherUser(exec, user)) ?? [];
}
