import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { arrayParam } from '../../lib/sql.ts';

/*
 * What the student record and the rapor ask of this feature about students; other modules call it through
 * attendance.service.ts.
 */

export type DailyCountRow = { code: string; n: number; late: number; dates: string[] };

/**
 * Daily register rows of each student in [from, to], by code, and the late ones: one query for any number of
 * students (the rapor reads a class at once).
 */
export async function dailyCountsOfStudents(
  db: Executor,
  studentIds: readonly number[],
  from: string,
  to: string,
): Promise<Map<number, DailyCountRow[]>> {
  const out = new Map<number, DailyCountRow[]>();
  if (studentIds.length === 0 || to < from) return out;
  const r = await db.execute<DailyCountRow & { studentId: number }>(sql`
    select student_id as "studentId", code, count(*)::int as n,
           count(*) filter (where late_minutes > 0)::int as late, array_agg(date::text) as dates
      from student_attendance
     where student_id = any(${arrayParam(studentIds)}::int[]) and source = 'daily' and date between ${from} and ${to}
     group by student_id, code`);
  for (const { studentId, ...row } of r.rows) {
    const list = out.get(studentId) ?? [];
    list.push(row);
    out.set(studentId, list);
  }
  return out;
}

/** Daily register rows of the student in [from, to], by code, and the late ones. */
export async function studentDailyCounts(db: Executor, studentId: number, from: string, to: string) {
  return (await dailyCountsOfStudents(db, [studentId], from, to)).get(studentId) ?? [];
}
