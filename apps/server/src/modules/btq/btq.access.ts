import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { type AuthUser } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import { btqGroups, btqLevels, btqMethods, btqStudentLevels, btqTeachers } from '../../db/schema/index.ts';
import { seesAllUnits, userCan } from '../../lib/scope.ts';
import { rowsOf, type RowRule } from '../access/row-rule.ts';

/** A student's current BTQ level: the open `btq_student_levels` row with its level and method. */
export interface CurrentLevel {
  studentId: number;
  /** id of the open history row */
  rowId: number;
  levelId: number;
  levelName: string;
  sortOrder: number;
  pages: number | null;
  methodId: number;
  methodName: string;
  methodKind: 'READING' | 'TAHFIDZ';
  fromDate: string;
  via: 'PLACEMENT' | 'PROMOTION';
}

/** The current level of each student that has one (students without an open row are absent from the map). */
export async function currentLevelsOf(
  exec: Executor,
  studentIds: readonly number[],
): Promise<Map<number, CurrentLevel>> {
  if (studentIds.length === 0) return new Map();
  const rows = await exec
    .select({
      studentId: btqStudentLevels.studentId,
      rowId: btqStudentLevels.id,
      levelId: btqLevels.id,
      levelName: btqLevels.name,
      sortOrder: btqLevels.sortOrder,
      pages: btqLevels.pages,
      methodId: btqMethods.id,
      methodName: btqMethods.name,
      methodKind: btqMethods.kind,
      fromDate: btqStudentLevels.fromDate,
      via: btqStudentLevels.via,
    })
    .from(btqStudentLevels)
    .innerJoin(btqLevels, eq(btqLevels.id, btqStudentLevels.levelId))
    .innerJoin(btqMethods, eq(btqMethods.id, btqLevels.methodId))
    .where(and(inArray(btqStudentLevels.studentId, [...studentIds]), isNull(btqStudentLevels.toDate)));
  return new Map(rows.map((r) => [r.studentId, r]));
}

/** Whether the caller sees every group of their unit scope (coordinator screens, YAYASAN) rather than their own. */
export const seesAllGroups = (user: AuthUser) => userCan(user, 'btq.manage') || seesAllUnits(user);

/**
 * The `btq_teachers` rows that are the signed-in user: an employee ustadz by the user's employee, an outside ustadz
 * by the account the principal made for them (`btq_teachers.userId`).
 */
const isTeacherRowOf = (user: AuthUser) =>
  user.employeeId
    ? or(eq(btqTeachers.employeeId, user.employeeId), eq(btqTeachers.userId, user.id))
    : eq(btqTeachers.userId, user.id);

/** The active ustadz rows of the signed-in user (employee ustadz and outside ustadz with an account). */
export async function teacherRowsOfUser(exec: Executor, user: AuthUser) {
  return exec
    .select({ id: btqTeachers.id, unitId: btqTeachers.unitId, isCoordinator: btqTeachers.isCoordinator })
    .from(btqTeachers)
    .where(and(isTeacherRowOf(user), eq(btqTeachers.isActive, true)))
    .orderBy(asc(btqTeachers.id));
}

/** The signed-in user's active ustadz row in one unit, or null. */
export async function teacherRowOfUserInUnit(exec: Executor, user: AuthUser, unitId: number) {
  return (await teacherRowsOfUser(exec, user)).find((t) => t.unitId === unitId) ?? null;
}

/**
 * THE rule for an ustadz's groups: the active groups led by an active `btq_teachers` row that is the signed-in user
 * (their employee, or the outside ustadz's own account). Null for callers who see every group of their unit scope
 * (`seesAllGroups`: the principal and ADMIN with btq.manage, YAYASAN); the unit scope itself is the caller's to
 * apply.
 */
export async function groupsOfTeacherUser(exec: Executor, user: AuthUser): Promise<number[] | null> {
  if (seesAllGroups(user)) return null;
  const rows = await exec
    .select({ id: btqGroups.id })
    .from(btqGroups)
    .innerJoin(btqTeachers, eq(btqTeachers.id, btqGroups.teacherId))
    .where(and(isTeacherRowOf(user), eq(btqTeachers.isActive, true), eq(btqGroups.isActive, true)))
    .orderBy(asc(btqGroups.id));
  return rows.map((r) => r.id);
}

/**
 * The halaqah (BTQ group) rule: the unit's groups for those who see every group (`seesAllGroups`), else the active
 * groups the signed-in ustadz leads: `groupsOfTeacherUser` as one condition over the row.
 */
export const btqGroupRule: RowRule<'read'> = {
  noun: 'Kelompok',
  ...rowsOf('btq_groups', 'g'),
  reach(_exec, actor) {
    if (seesAllGroups(actor)) return Promise.resolve(null);
    const own = actor.employeeId
      ? sql`(t.employee_id = ${actor.employeeId} or t.user_id = ${actor.id})`
      : sql`t.user_id = ${actor.id}`;
    return Promise.resolve(
      sql`(g.is_active and exists (select 1 from btq_teachers t where t.id = g.teacher_id and t.is_active and ${own}))`,
    );
  },
  denied: () => 'Kelompok ini bukan kelompok Anda',
};
