import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { arrayParam } from '../../lib/sql.ts';

/*
 * What the student record and the rapor ask of this feature about students; other modules call it through
 * btq.service.ts.
 */

export type BtqSummaryRow = {
  method: string | null;
  level: string | null;
  levelSince: string | null;
  groupName: string | null;
  teacher: string | null;
  lastDate: string | null;
  lastKind: string | null;
  lastPageTo: number | null;
  lastSurah: number | null;
  lastAyatTo: number | null;
  month: number;
};

/**
 * Each student's current BTQ level (open history row), open group membership, last entry and count of entries in
 * [monthStart, monthEnd]: one query for any number of students (the rapor reads a class at once).
 */
export async function btqSummariesOf(
  db: Executor,
  studentIds: readonly number[],
  monthStart: string,
  monthEnd: string,
): Promise<Map<number, BtqSummaryRow>> {
  const out = new Map<number, BtqSummaryRow>();
  if (studentIds.length === 0) return out;
  const r = await db.execute<BtqSummaryRow & { studentId: number }>(sql`
    select s.id as "studentId", m.name as method, l.name as level, sl.from_date::text as "levelSince",
           g.name as "groupName", t.name as teacher,
           p.date::text as "lastDate", p.kind as "lastKind", p.page_to as "lastPageTo", p.surah as "lastSurah",
           p.ayat_to as "lastAyatTo",
           (select count(*) from btq_progress bp
             where bp.student_id = s.id and bp.date between ${monthStart} and ${monthEnd})::int as month
      from unnest(${arrayParam(studentIds)}::int[]) as s(id)
      left join btq_student_levels sl on sl.student_id = s.id and sl.to_date is null
      left join btq_levels l on l.id = sl.level_id
      left join btq_methods m on m.id = l.method_id
      left join btq_group_members gm on gm.student_id = s.id and gm.to_date is null
      left join btq_groups g on g.id = gm.group_id
      left join btq_teachers t on t.id = g.teacher_id
      left join lateral (
        select * from btq_progress where student_id = s.id order by date desc, id desc limit 1
      ) p on true`);
  // one row per student: its first, as the single student's query took
  for (const { studentId, ...row } of r.rows) if (!out.has(studentId)) out.set(studentId, row);
  return out;
}

/** The current BTQ level (open history row), the open group membership, the last entry and this month's count. */
export async function studentBtqSummary(db: Executor, studentId: number, monthStart: string, monthEnd: string) {
  return (await btqSummariesOf(db, [studentId], monthStart, monthEnd)).get(studentId)!;
}
