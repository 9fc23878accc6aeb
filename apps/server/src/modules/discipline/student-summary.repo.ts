import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/* What the student record asks of this feature about one student; other modules call it through discipline.service.ts. */

/** The student's point balance and counts of the school year (the student record's discipline part). */
export async function studentDisciplineSummary(db: Executor, studentId: number, schoolYear: string) {
  const r = await db.execute<{ balance: number; violations: number; achievements: number; sanctions: number }>(sql`
    select
      coalesce((select sum(points) from point_ledger where student_id = ${studentId} and school_year = ${schoolYear}), 0)::int as balance,
      (select count(*) from violations where student_id = ${studentId} and school_year = ${schoolYear} and status = 'VERIFIED')::int as violations,
      (select count(*) from achievements where student_id = ${studentId} and school_year = ${schoolYear})::int as achievements,
      (select count(*) from sanctions where student_id = ${studentId} and status in ('PROPOSED', 'CONFIRMED'))::int as sanctions`);
  return r.rows[0]!;
}

/** The latest verified violations and achievements of the year, newest first. */
export async function recentStudentDiscipline(db: Executor, studentId: number, schoolYear: string, limit = 5) {
  const r = await db.execute<{
    date: string;
    kind: 'VIOLATION' | 'ACHIEVEMENT';
    title: string;
    points: number | null;
  }>(sql`
    (select v.occurred_on::text as date, 'VIOLATION' as kind, vr.name as title, v.points
       from violations v join violation_rules vr on vr.id = v.rule_id
      where v.student_id = ${studentId} and v.school_year = ${schoolYear} and v.status = 'VERIFIED')
    union all
    (select a.date::text, 'ACHIEVEMENT', a.title, null
       from achievements a where a.student_id = ${studentId} and a.school_year = ${schoolYear})
    order by date desc limit ${limit}`);
  return r.rows;
}
