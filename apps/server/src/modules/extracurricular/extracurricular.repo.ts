import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ExtracurricularPredicate, Semester } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import { extracurricularGrades, extracurricularMembers, extracurriculars } from '../../db/schema/index.ts';
import { arrayParam, escapeLike } from '../../lib/sql.ts';

export type ActivityRow = typeof extracurriculars.$inferSelect;

export type ListedActivity = {
  id: number;
  unitId: number;
  academicYearId: number;
  name: string;
  coachEmployeeId: number;
  schedule: string | null;
  memberCount: number;
};

const listed = sql`ex.id, ex.unit_id as "unitId", ex.academic_year_id as "academicYearId", ex.name,
  ex.coach_employee_id as "coachEmployeeId", ex.schedule,
  (select count(*)::int from extracurricular_members m where m.extracurricular_id = ex.id) as "memberCount"`;

/**
 * The activities of a year (of one unit, or every unit for null) that `reach` (the access service's filter over
 * `ex`) allows, whose name, schedule or coach's id set matches `q`, by name; one page and the total.
 */
export async function listActivities(
  exec: Executor,
  where: {
    unitId: number | null;
    academicYearId: number;
    reach: SQL;
    q?: string | undefined;
    coachIds?: readonly number[];
    page: number;
    pageSize: number;
  },
) {
  const like = where.q ? `%${escapeLike(where.q)}%` : null;
  const search = like
    ? sql`and (ex.name ilike ${like} or coalesce(ex.schedule, '') ilike ${like}
          or ex.coach_employee_id = any(${arrayParam(where.coachIds ?? [])}::int[]))`
    : sql``;
  const filter = sql`ex.academic_year_id = ${where.academicYearId}
    and (${where.unitId}::int is null or ex.unit_id = ${where.unitId}) and ${where.reach} ${search}`;
  const [items, total] = await Promise.all([
    exec.execute<ListedActivity>(sql`select ${listed} from extracurriculars ex where ${filter}
      order by lower(ex.name), ex.id limit ${where.pageSize} offset ${(where.page - 1) * where.pageSize}`),
    exec.execute<{ n: number }>(sql`select count(*)::int as n from extracurriculars ex where ${filter}`),
  ]);
  return { items: items.rows, total: total.rows[0]?.n ?? 0 };
}

export async function findListed(exec: Executor, id: number) {
  const r = await exec.execute<ListedActivity>(sql`select ${listed} from extracurriculars ex where ex.id = ${id}`);
  return r.rows[0];
}

export async function findActivity(exec: Executor, id: number, forUpdate = false) {
  const q = exec.select().from(extracurriculars).where(eq(extracurriculars.id, id));
  const [row] = await (forUpdate ? q.for('update') : q);
  return row;
}

export async function nameTaken(
  exec: Executor,
  a: { unitId: number; academicYearId: number; name: string },
  exceptId?: number,
) {
  const [row] = await exec
    .select({ id: extracurriculars.id })
    .from(extracurriculars)
    .where(
      and(
        eq(extracurriculars.unitId, a.unitId),
        eq(extracurriculars.academicYearId, a.academicYearId),
        sql`lower(${extracurriculars.name}) = lower(${a.name})`,
        exceptId ? sql`${extracurriculars.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

export async function insertActivity(exec: Executor, values: typeof extracurriculars.$inferInsert) {
  const [row] = await exec.insert(extracurriculars).values(values).returning();
  return row!;
}

export async function updateActivity(
  exec: Executor,
  id: number,
  values: Partial<Pick<ActivityRow, 'name' | 'coachEmployeeId' | 'schedule' | 'updatedAt'>>,
) {
  await exec.update(extracurriculars).set(values).where(eq(extracurriculars.id, id));
}

export async function deleteActivity(exec: Executor, id: number) {
  await exec.delete(extracurriculars).where(eq(extracurriculars.id, id));
}

/** How many saved grades the activity's members have (any semester). */
export async function gradeCount(exec: Executor, activityId: number) {
  const r = await exec.execute<{ n: number }>(sql`select count(*)::int as n from extracurricular_grades g
    join extracurricular_members m on m.id = g.member_id where m.extracurricular_id = ${activityId}`);
  return r.rows[0]?.n ?? 0;
}

// ------------------------------------------------------------------------------------------------
// Members and their grades

/** The activity's members with their grade of the semester (null: none saved). */
export async function membersOf(exec: Executor, activityId: number, semester: Semester) {
  const r = await exec.execute<{
    memberId: number;
    studentId: number;
    predicate: ExtracurricularPredicate | null;
    note: string | null;
  }>(sql`select m.id as "memberId", m.student_id as "studentId", g.predicate, g.note
      from extracurricular_members m
      left join extracurricular_grades g on g.member_id = m.id and g.semester = ${semester}
     where m.extracurricular_id = ${activityId} order by m.id`);
  return r.rows;
}

/** student id -> member id of the activity's members among `studentIds`. */
export async function memberIdsOf(exec: Executor, activityId: number, studentIds: readonly number[]) {
  if (!studentIds.length) return new Map<number, number>();
  const rows = await exec
    .select({ id: extracurricularMembers.id, studentId: extracurricularMembers.studentId })
    .from(extracurricularMembers)
    .where(
      and(
        eq(extracurricularMembers.extracurricularId, activityId),
        inArray(extracurricularMembers.studentId, [...studentIds]),
      ),
    );
  return new Map(rows.map((r) => [r.studentId, r.id]));
}

/** Adds the students (those already members are left as they are); the ids of the new members' students. */
export async function insertMembers(exec: Executor, activityId: number, studentIds: readonly number[]) {
  const rows = await exec
    .insert(extracurricularMembers)
    .values(studentIds.map((studentId) => ({ extracurricularId: activityId, studentId })))
    .onConflictDoNothing()
    .returning({ studentId: extracurricularMembers.studentId });
  return rows.map((r) => r.studentId);
}

/** Removes a member with their grades; whether there was one. */
export async function deleteMember(exec: Executor, activityId: number, studentId: number) {
  const rows = await exec
    .delete(extracurricularMembers)
    .where(
      and(eq(extracurricularMembers.extracurricularId, activityId), eq(extracurricularMembers.studentId, studentId)),
    )
    .returning({ id: extracurricularMembers.id });
  return rows.length > 0;
}

export async function upsertGrades(
  exec: Executor,
  semester: Semester,
  rows: { memberId: number; predicate: ExtracurricularPredicate; note: string }[],
  userId: number,
  at: Date,
) {
  if (!rows.length) return;
  await exec
    .insert(extracurricularGrades)
    .values(rows.map((r) => ({ ...r, semester, updatedByUserId: userId, updatedAt: at })))
    .onConflictDoUpdate({
      target: [extracurricularGrades.memberId, extracurricularGrades.semester],
      set: {
        predicate: sql`excluded.predicate`,
        note: sql`excluded.note`,
        updatedByUserId: sql`excluded.updated_by_user_id`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

export async function deleteGrades(exec: Executor, semester: Semester, memberIds: readonly number[]) {
  if (!memberIds.length) return;
  await exec
    .delete(extracurricularGrades)
    .where(and(eq(extracurricularGrades.semester, semester), inArray(extracurricularGrades.memberId, [...memberIds])));
}

/** The graded activities of some students in a year's semester, by activity name: one query for a class. */
export async function gradesOfStudents(
  exec: Executor,
  studentIds: readonly number[],
  academicYearId: number,
  semester: Semester,
) {
  if (!studentIds.length) return [];
  const r = await exec.execute<{
    studentId: number;
    name: string;
    predicate: ExtracurricularPredicate;
    note: string;
  }>(sql`select m.student_id as "studentId", ex.name, g.predicate, g.note
      from extracurricular_grades g
      join extracurricular_members m on m.id = g.member_id
      join extracurriculars ex on ex.id = m.extracurricular_id
     where ex.academic_year_id = ${academicYearId} and g.semester = ${semester}
       and m.student_id = any(${arrayParam(studentIds)}::int[])
     order by lower(ex.name), ex.id`);
  return r.rows;
}
