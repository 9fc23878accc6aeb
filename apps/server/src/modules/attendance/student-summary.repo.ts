import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/* What the student record asks of this feature about one student; other modules call it through attendance.service.ts. */

/** Daily register rows of the student in [from, to], by code, and the late ones. */
export async function studentDailyCounts(db: Executor, studentId: number, from: string, to: string) {
  const r = await db.execute<{ code: string; n: number; late: number; dates: string[] }>(sql`
    select code, count(*)::int as n, count(*) filter (where late_minutes > 0)::int as late,
           array_agg(date::text) as dates
      from student_attendance
     where student_id = ${studentId} and source = 'daily' and date between ${from} and ${to}
     group by code`);
  return r.rows;
}
