import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * Read-only queries of the pesantren record: the student's card and one small summary per feature. Each
 * summary reads its feature's tables directly (counts and sums), so the record is a handful of indexed queries.
 */

export type StudentCardRow = {
  id: number;
  unitId: number;
  name: string;
  nis: string;
  nisn: string | null;
  gender: 'L' | 'P' | null;
  boarding: 'MUKIM' | 'NON_MUKIM' | null;
  status: string;
  entryDate: string | null;
  unitName: string;
  classId: number | null;
  className: string | null;
  homeroomEmployeeId: number | null;
  homeroomTeacher: string | null;
};

/** The student with their unit and the class of their open enrolment in the active year. */
export async function findStudentCard(db: Executor, studentId: number): Promise<StudentCardRow | undefined> {
  const r = await db.execute<StudentCardRow>(sql`
    select s.id, s.unit_id as "unitId", s.name, s.nis, s.nisn, s.gender, s.boarding, s.status,
           s.entry_date as "entryDate", u.name as "unitName",
           cg.id as "classId", cg.name as "className", cg.homeroom_employee_id as "homeroomEmployeeId",
           e.name as "homeroomTeacher"
      from students s
      join units u on u.id = s.unit_id
      left join lateral (
        select en.class_group_id from enrollments en
          join academic_years ay on ay.id = en.academic_year_id and ay.is_active
         where en.student_id = s.id and en.ended_at is null
         limit 1
      ) en on true
      left join class_groups cg on cg.id = en.class_group_id
      left join employees e on e.id = cg.homeroom_employee_id
     where s.id = ${studentId}`);
  return r.rows[0];
}

/** Daily register rows of the student in [from, to], by code, and the late ones. */
export async function attendanceCounts(db: Executor, studentId: number, from: string, to: string) {
  const r = await db.execute<{ code: string; n: number; late: number; dates: string[] }>(sql`
    select code, count(*)::int as n, count(*) filter (where late_minutes > 0)::int as late,
           array_agg(date::text) as dates
      from student_attendance
     where student_id = ${studentId} and source = 'daily' and date between ${from} and ${to}
     group by code`);
  return r.rows;
}

export async function disciplineSummary(db: Executor, studentId: number, schoolYear: string) {
  const r = await db.execute<{ balance: number; violations: number; achievements: number; sanctions: number }>(sql`
    select
      coalesce((select sum(points) from point_ledger where student_id = ${studentId} and school_year = ${schoolYear}), 0)::int as balance,
      (select count(*) from violations where student_id = ${studentId} and school_year = ${schoolYear} and status = 'VERIFIED')::int as violations,
      (select count(*) from achievements where student_id = ${studentId} and school_year = ${schoolYear})::int as achievements,
      (select count(*) from sanctions where student_id = ${studentId} and status in ('PROPOSED', 'CONFIRMED'))::int as sanctions`);
  return r.rows[0]!;
}

/** The latest verified violations and achievements of the year, newest first. */
export async function recentDiscipline(db: Executor, studentId: number, schoolYear: string, limit = 5) {
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

/** Open bills (not cancelled, not fully paid) and what was paid on the year's bills; whole rupiah. */
export async function billSummary(db: Executor, studentId: number, yearStart: string, yearEnd: string) {
  const r = await db.execute<{ outstanding: number; open: number; oldest: string | null; paid: number }>(sql`
    select
      coalesce(sum(amount - discount - paid) filter (where status in ('UNPAID', 'PARTIAL')), 0)::int as outstanding,
      count(*) filter (where status in ('UNPAID', 'PARTIAL'))::int as open,
      min(due_date::text) filter (where status in ('UNPAID', 'PARTIAL')) as oldest,
      coalesce(sum(paid) filter (where status <> 'CANCELLED' and due_date between ${yearStart} and ${yearEnd}), 0)::int as paid
      from bills where student_id = ${studentId}`);
  return r.rows[0]!;
}

/** The current BTQ level (open history row), the open group membership, the last entry and this month's count. */
export async function btqSummary(db: Executor, studentId: number, monthStart: string, monthEnd: string) {
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

/** The student's dzuhur and ashar records of a date range, by status, and on how many distinct (date, prayer). */
export async function prayerCounts(db: Executor, studentId: number, from: string, to: string) {
  const r = await db.execute<{ status: string; n: number }>(sql`
    select status, count(*)::int as n from prayer_records
     where student_id = ${studentId} and date between ${from} and ${to}
     group by status`);
  return r.rows;
}
