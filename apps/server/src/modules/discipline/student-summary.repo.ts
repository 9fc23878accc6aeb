import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { arrayParam } from '../../lib/sql.ts';

/*
 * What the student record and the rapor ask of this feature about students; other modules call it through
 * discipline.service.ts.
 */

export type DisciplineSummaryRow = { balance: number; violations: number; achievements: number; sanctions: number };

/**
 * Each student's point balance and counts of the school year (the student record's and the rapor's discipline
 * part): one query for any number of students (the rapor reads a class at once).
 */
export async function disciplineSummariesOf(
  db: Executor,
  studentIds: readonly number[],
  schoolYear: string,
): Promise<Map<number, DisciplineSummaryRow>> {
  if (studentIds.length === 0) return new Map();
  const r = await db.execute<DisciplineSummaryRow & { studentId: number }>(sql`
    select s.id as "studentId",
      coalesce((select sum(points) from point_ledger where student_id = s.id and school_year = ${schoolYear}), 0)::int as balance,
      (select count(*) from violations where student_id = s.id and school_year = ${schoolYear} and status = 'VERIFIED')::int as violations,
      (select count(*) from achievements where student_id = s.id and school_year = ${schoolYear})::int as achievements,
      (select count(*) from sanctions where student_id = s.id and status in ('PROPOSED', 'CONFIRMED'))::int as sanctions
      from unnest(${arrayParam(studentIds)}::int[]) as s(id)`);
  return new Map(r.rows.map(({ studentId, ...row }) => [studentId, row]));
}

/** The student's point balance and counts of the school year (the student record's discipline part). */
export async function studentDisciplineSummary(db: Executor, studentId: number, schoolYear: string) {
  return (await disciplineSummariesOf(db, [studentId], schoolYear)).get(studentId)!;
}

export type RecentDisciplineRow = {
  date: string;
  kind: 'VIOLATION' | 'ACHIEVEMENT';
  title: string;
  points: number | null;
};

/**
 * The latest verified violations and achievements of the year of each student, newest first, at most `limit`
 * each: one query for any number of students.
 */
export async function recentDisciplineOf(
  db: Executor,
  studentIds: readonly number[],
  schoolYear: string,
  limit = 5,
): Promise<Map<number, RecentDisciplineRow[]>> {
  const out = new Map<number, RecentDisciplineRow[]>();
  if (studentIds.length === 0) return out;
  const ids = arrayParam(studentIds);
  const r = await db.execute<RecentDisciplineRow & { studentId: number }>(sql`
    select "studentId", date, kind, title, points from (
      select x.*, row_number() over (partition by x."studentId" order by x.date desc) as rn from (
        select v.student_id as "studentId", v.occurred_on::text as date, 'VIOLATION' as kind, vr.name as title,
               v.points
          from violations v join violation_rules vr on vr.id = v.rule_id
         where v.student_id = any(${ids}::int[]) and v.school_year = ${schoolYear} and v.status = 'VERIFIED'
        union all
        select a.student_id, a.date::text, 'ACHIEVEMENT', a.title, null
          from achievements a where a.student_id = any(${ids}::int[]) and a.school_year = ${schoolYear}
      ) x
    ) y where rn <= ${limit}
    order by "studentId", date desc`);
  for (const { studentId, ...row } of r.rows) {
    const list = out.get(studentId) ?? [];
    list.push(row);
    out.set(studentId, list);
  }
  return out;
}

/** The student's latest verified violations and achievements of the year, newest first. */
export async function recentStudentDiscipline(db: Executor, studentId: number, schoolYear: string, limit = 5) {
  return (await recentDisciplineOf(db, [studentId], schoolYear, limit)).get(studentId) ?? [];
}
