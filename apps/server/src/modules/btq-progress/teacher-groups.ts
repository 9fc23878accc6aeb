import { and, eq } from 'drizzle-orm';
import type { AuthUser } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import { btqGroups, btqTeachers } from '../../db/schema/index.ts';

/**
 * The ustadz row rule: the active groups whose ustadz (`btq_teachers.employeeId`) is the signed-in user's employee.
 * To be replaced by modules/btq's at merge (the set-up helper exports the one definition from btq.service.ts).
 */
export async function groupsOfTeacherUser(exec: Executor, user: AuthUser): Promise<number[]> {
  if (user.employeeId === null) return [];
  const rows = await exec
    .select({ id: btqGroups.id })
    .from(btqGroups)
    .innerJoin(btqTeachers, eq(btqTeachers.id, btqGroups.teacherId))
    .where(and(eq(btqTeachers.employeeId, user.employeeId), eq(btqGroups.isActive, true)));
  return rows.map((r) => r.id);
}
