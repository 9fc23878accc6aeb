import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/* What the student record asks of this feature about one student; other modules call it through btq.service.ts. */

/** The current BTQ level (open history row), the open group membership, the last entry and this month's count. */
export async function studentBtqSummary(db: Executor, studentId: number, monthStart: string, monthEnd: string) {
  const r = await db.execute<{
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
  }>(sql`
    select m.name as method, l.name as level, sl.from_date::text as "levelSince",
           g.name as "groupName", t.name as teacher,
           p.date::text as "lastDate", p.kind as "lastKind", p.page_to as "lastPageTo", p.surah as "lastSurah",
           p.ayat_to as "lastAyatTo",
           (select count(*) from btq_progress where student_id = ${studentId} and date between ${monthStart} and ${monthEnd})::int as month
      from (select ${studentId}::int as id) s
      left join btq_student_levels sl on sl.student_id = s.id and sl.to_date is null
      left join btq_levels l on l.id = sl.level_id
      left join btq_methods m on m.id = l.method_id
      left join btq_group_members gm on gm.student_id = s.id and gm.to_date is null
      left join btq_groups g on g.id = gm.group_id
      left join btq_teachers t on t.id = g.teacher_id
      left join lateral (
        select * from btq_progress where student_id = s.id order by date desc, id desc limit 1
      ) p on true`);
  return r.rows[0]!;
}
