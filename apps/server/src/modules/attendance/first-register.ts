import { and, asc, gte, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { studentAttendance } from '../../db/schema/index.ts';

/**
 * The date of the first register (a student attendance row, daily or lesson) taken in one of the classes on or after
 * `fromDate`, or null: the year-end promotion may be undone only before the new year's first register (issue 40 §4).
 */
export async function firstRegisterDate(exec: Executor, classIds: number[], fromDate: string): Promise<string | null> {
  if (!classIds.length) return null;
  const [row] = await exec
    .select({ date: studentAttendance.date })
    .from(studentAttendance)
    .where(and(inArray(studentAttendance.classGroupId, classIds), gte(studentAttendance.date, fromDate)))
    .orderBy(asc(studentAttendance.date))
    .limit(1);
  return row?.date ?? null;
}
