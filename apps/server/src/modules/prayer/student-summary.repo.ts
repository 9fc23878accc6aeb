import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { arrayParam } from '../../lib/sql.ts';

/*
 * What the student record and the rapor ask of this feature about students; other modules call it through
 * prayer.service.ts.
 */

/**
 * Each student's dzuhur and ashar records of a date range, by status: one query for any number of students (the
 * rapor reads a class at once).
 */
export async function prayerCountsOfStudents(
  db: Executor,
  studentIds: readonly number[],
  from: string,
  to: string,
): Promise<Map<number, { status: string; n: number }[]>> {
  const out = new Map<number, { status: string; n: number }[]>();
  if (studentIds.length === 0) return out;
  const r = await db.execute<{ studentId: number; status: string; n: number }>(sql`
    select student_id as "studentId", status, count(*)::int as n from prayer_records
     where student_id = any(${arrayParam(studentIds)}::int[]) and date between ${from} and ${to}
     group by student_id, status`);
  for (const { studentId, ...row } of r.rows) {
    const list = out.get(studentId) ?? [];
    list.push(row);
    out.set(studentId, list);
  }
  return out;
}

/** The student's dzuhur and ashar records of a date range, by status. */
export async function studentPrayerCounts(db: Executor, studentId: number, from: string, to: string) {
  return (await prayerCountsOfStudents(db, [studentId], from, to)).get(studentId) ?? [];
}
