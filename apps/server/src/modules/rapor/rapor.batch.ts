import { sql } from 'drizzle-orm';
import type { P5Dimension, P5Grade, Semester } from '@mms/shared';
import type { Executor } from '../../db/client.ts';

/*
 * The class-wide reads of the rapor (issue 40 §2): what rapor.service.ts reads per student through the owning
 * modules (attendance, BTQ, prayer, discipline, descriptions, P5), read for every student of a class in one query
 * each, so a class of 30 costs a fixed number of queries. Each query keeps the shape of its per-student original
 * (the student-summary repos of those modules); rapor.test.ts proves the class gives the same rapors.
 */

const idList = (ids: readonly number[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;

function groupBy<T extends { studentId: number }>(rows: T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const list = out.get(r.studentId) ?? [];
    list.push(r);
    out.set(r.studentId, list);
  }
  return out;
}

export type StudentRef = { id: number; name: string; nis: string; nisn: string | null; entryDate: string | null };

/** The identity of some students (what the rapor takes of the student card). */
export async function studentRefs(db: Executor, ids: readonly number[]): Promise<Map<number, StudentRef>> {
  if (ids.length === 0) return new Map();
  const r = await db.execute<StudentRef>(sql`
    select s.id, s.name, s.nis, s.nisn, s.entry_date as "entryDate"
      from students s where s.id = any(${idList(ids)})`);
  return new Map(r.rows.map((s) => [s.id, s]));
}

/** The saved descriptions of a class and semester: by student, then by subject. */
export async function classDescriptions(db: Executor, classGroupId: number, semester: Semester) {
  const r = await db.execute<{ studentId: number; subjectId: number; text: string }>(sql`
    select student_id as "studentId", subject_id as "subjectId", text from subject_descriptions
     where class_group_id = ${classGroupId} and semester = ${semester}`);
  const out = new Map<number, Map<number, string>>();
  for (const d of r.rows) {
    const m = out.get(d.studentId) ?? new Map<number, string>();
    m.set(d.subjectId, d.text);
    out.set(d.studentId, m);
  }
  return out;
}

/** The daily register rows of the students in [from, to], by student and code (studentDailyCounts, batched). */
export async function dailyCountsOf(db: Executor, ids: readonly number[], from: string, to: string) {
  if (ids.length === 0 || to < from) return new Map<number, { code: string; dates: string[] }[]>();
  const r = await db.execute<{ studentId: number; code: string; n: number; dates: string[] }>(sql`
    select student_id as "studentId", code, count(*)::int as n, array_agg(date::text) as dates
      from student_attendance
     where student_id = any(${idList(ids)}) and source = 'daily' and date between ${from} and ${to}
     group by student_id, code`);
  return groupBy(r.rows);
}

export type BtqSummaryRow = {
  studentId: number;
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

/** The BTQ summary of each student (studentBtqSummary, batched): level, group, last entry, entries in the range. */
export async function btqSummariesOf(db: Executor, ids: readonly number[], from: string, to: string) {
  if (ids.length === 0) return new Map<number, BtqSummaryRow>();
  const r = await db.execute<BtqSummaryRow>(sql`
    select s.id as "studentId", m.name as method, l.name as level, sl.from_date::text as "levelSince",
           g.name as "groupName", t.name as teacher,
           p.date::text as "lastDate", p.kind as "lastKind", p.page_to as "lastPageTo", p.surah as "lastSurah",
           p.ayat_to as "lastAyatTo",
           (select count(*) from btq_progress bp where bp.student_id = s.id and bp.date between ${from} and ${to})::int as month
      from unnest(${idList(ids)}) as s(id)
      left join btq_student_levels sl on sl.student_id = s.id and sl.to_date is null
      left join btq_levels l on l.id = sl.level_id
      left join btq_methods m on m.id = l.method_id
      left join btq_group_members gm on gm.student_id = s.id and gm.to_date is null
      left join btq_groups g on g.id = gm.group_id
      left join btq_teachers t on t.id = g.teacher_id
      left join lateral (
        select * from btq_progress where student_id = s.id order by date desc, id desc limit 1
      ) p on true`);
  // one row per student, as the per-student query's first row
  const out = new Map<number, BtqSummaryRow>();
  for (const row of r.rows) if (!out.has(row.studentId)) out.set(row.studentId, row);
  return out;
}

/** The prayer records of the students in [from, to], by student and status (studentPrayerCounts, batched). */
export async function prayerCountsOf(db: Executor, ids: readonly number[], from: string, to: string) {
  if (ids.length === 0) return new Map<number, { status: string; n: number }[]>();
  const r = await db.execute<{ studentId: number; status: string; n: number }>(sql`
    select student_id as "studentId", status, count(*)::int as n from prayer_records
     where student_id = any(${idList(ids)}) and date between ${from} and ${to}
     group by student_id, status`);
  return groupBy(r.rows);
}

export type DisciplineSummaryRow = {
  studentId: number;
  balance: number;
  violations: number;
  achievements: number;
  sanctions: number;
};

/** The point balance and counts of the school year of each student (studentDisciplineSummary, batched). */
export async function disciplineSummariesOf(db: Executor, ids: readonly number[], schoolYear: string) {
  if (ids.length === 0) return new Map<number, DisciplineSummaryRow>();
  const r = await db.execute<DisciplineSummaryRow>(sql`
    select s.id as "studentId",
      coalesce((select sum(points) from point_ledger where student_id = s.id and school_year = ${schoolYear}), 0)::int as balance,
      (select count(*) from violations where student_id = s.id and school_year = ${schoolYear} and status = 'VERIFIED')::int as violations,
      (select count(*) from achievements where student_id = s.id and school_year = ${schoolYear})::int as achievements,
      (select count(*) from sanctions where student_id = s.id and status in ('PROPOSED', 'CONFIRMED'))::int as sanctions
      from unnest(${idList(ids)}) as s(id)`);
  return new Map(r.rows.map((d) => [d.studentId, d]));
}

export type RecentDisciplineRow = {
  date: string;
  kind: 'VIOLATION' | 'ACHIEVEMENT';
  title: string;
  points: number | null;
};

/** The latest verified violations and achievements of the year of each student, newest first (batched). */
export async function recentDisciplineOf(db: Executor, ids: readonly number[], schoolYear: string, limit = 5) {
  if (ids.length === 0) return new Map<number, RecentDisciplineRow[]>();
  const r = await db.execute<RecentDisciplineRow & { studentId: number }>(sql`
    select "studentId", date, kind, title, points from (
      select x.*, row_number() over (partition by x."studentId" order by x.date desc) as rn from (
        select v.student_id as "studentId", v.occurred_on::text as date, 'VIOLATION' as kind, vr.name as title,
               v.points
          from violations v join violation_rules vr on vr.id = v.rule_id
         where v.student_id = any(${idList(ids)}) and v.school_year = ${schoolYear} and v.status = 'VERIFIED'
        union all
        select a.student_id, a.date::text, 'ACHIEVEMENT', a.title, null
          from achievements a where a.student_id = any(${idList(ids)}) and a.school_year = ${schoolYear}
      ) x
    ) y where rn <= ${limit}
    order by "studentId", date desc`);
  const out = new Map<number, RecentDisciplineRow[]>();
  for (const { studentId, ...row } of r.rows) {
    const list = out.get(studentId) ?? [];
    list.push(row);
    out.set(studentId, list);
  }
  return out;
}

export type RaporP5Row = {
  id: number;
  theme: string;
  title: string;
  note: string | null;
  grades: Record<P5Dimension, P5Grade | null>;
};

/** The P5 projects of a grade, year and semester with each student's grades and note (ofStudentSemester, batched). */
export async function p5OfStudents(
  db: Executor,
  ids: readonly number[],
  gradeId: number,
  yearId: number,
  semester: Semester,
): Promise<Map<number, RaporP5Row[]>> {
  const projects = (
    await db.execute<{ id: number; theme: string; title: string; dimensions: P5Dimension[] }>(sql`
      select p.id, p.theme, p.title, p.dimensions from p5_projects p
       where p.grade_id = ${gradeId} and p.academic_year_id = ${yearId} and p.semester = ${semester}
       order by p.semester, p.title`)
  ).rows;
  const out = new Map<number, RaporP5Row[]>(ids.map((id) => [id, []]));
  if (projects.length === 0 || ids.length === 0) return out;
  const projectIds = sql`array[${sql.join(
    projects.map((p) => sql`${p.id}`),
    sql`, `,
  )}]::int[]`;
  const [grades, notes] = await Promise.all([
    db.execute<{ projectId: number; studentId: number; dimension: P5Dimension; grade: P5Grade }>(sql`
      select project_id as "projectId", student_id as "studentId", dimension, grade from p5_grades
       where project_id = any(${projectIds}) and student_id = any(${idList(ids)})`),
    db.execute<{ projectId: number; studentId: number; note: string | null }>(sql`
      select project_id as "projectId", student_id as "studentId", note from p5_notes
       where project_id = any(${projectIds}) and student_id = any(${idList(ids)})`),
  ]);
  const gradeOf = new Map(grades.rows.map((g) => [`${g.projectId}:${g.studentId}:${g.dimension}`, g.grade]));
  const noteOf = new Map(notes.rows.map((n) => [`${n.projectId}:${n.studentId}`, n.note]));
  for (const id of ids) {
    out.set(
      id,
      projects.map((p) => ({
        id: p.id,
        theme: p.theme,
        title: p.title,
        note: noteOf.get(`${p.id}:${id}`) ?? null,
        grades: Object.fromEntries(p.dimensions.map((d) => [d, gradeOf.get(`${p.id}:${id}:${d}`) ?? null])) as Record<
          P5Dimension,
          P5Grade | null
        >,
      })),
    );
  }
  return out;
}
