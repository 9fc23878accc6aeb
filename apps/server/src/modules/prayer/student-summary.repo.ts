import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/* What the student record asks of this feature about one student; other modules call it through prayer.service.ts. */

/** The student's dzuhur and ashar records of a date range, by status, and on how many distinct (date, prayer). */
export async function studentPrayerCounts(db: Executor, studentId: number, from: string, to: string) {
  const r = await db.execute<{ status: string; n: number }>(sql`
    select status, count(*)::int as n from prayer_records
     where student_id = ${studentId} and date between ${from} and ${to}
     group by status`);
  return r.rows;
}
