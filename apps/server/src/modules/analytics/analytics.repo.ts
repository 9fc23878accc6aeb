import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { arrayParam } from '../../lib/sql.ts';

/** One school day of a unit with the semester it falls in. */
export interface UnitDay {
  unitId: number;
  date: string;
  semester: 'GANJIL' | 'GENAP';
}

/**
 * Planned lessons (timetable slots of the year on the given school days of their unit, on the slot's
 * weekday and semester) and how many of them have a journal, per class and teacher, counted in SQL.
 */
export async function classEntryCounts(
  db: Executor,
  yearId: number,
  days: readonly UnitDay[],
  /** the classes the caller may read (access.reachableIds) */
  classes: SQL,
) {
  if (!days.length) return [];
  const { rows } = await db.execute<{
    classGroupId: number;
    className: string;
    unitCode: string;
    employeeId: number;
    teacherName: string;
    planned: number;
    written: number;
  }>(sql`
    select s.class_group_id as "classGroupId", cg.name as "className", un.code as "unitCode",
           s.employee_id as "employeeId", e.name as "teacherName",
           count(*)::int as planned, count(j.id)::int as written
    from unnest(${arrayParam(days.map((d) => d.unitId))}::int[], ${arrayParam(days.map((d) => d.date))}::date[],
                ${arrayParam(days.map((d) => d.semester))}::text[]) as d(unit_id, date, semester)
    join timetable_slots s on s.unit_id = d.unit_id and s.day = extract(isodow from d.date)::int
      and s.semester = d.semester and s.academic_year_id = ${yearId}
    join class_groups cg on cg.id = s.class_group_id
    join units un on un.id = cg.unit_id
    join employees e on e.id = s.employee_id
    left join class_journals j on j.timetable_slot_id = s.id and j.date = d.date
    where s.class_group_id in ${classes}
    group by s.class_group_id, cg.name, un.code, s.employee_id, e.name`);
  return rows;
}

/** Journals per subject between two dates, with the absences they recorded and those by a substitute. */
export async function journalCounts(
  db: Executor,
  /** `classes`: the classes the caller may read (access.reachableIds) */
  f: { from: string; to: string; unitId: number | null; classGroupId?: number; classes: SQL },
) {
  const { rows } = await db.execute<{
    subjectId: number;
    subjectName: string;
    journals: number;
    absences: number;
    substitutes: number;
  }>(sql`
    select sub.id as "subjectId", sub.name as "subjectName", count(*)::int as journals,
           coalesce(sum((select count(*) from student_attendance a where a.timetable_slot_id = j.timetable_slot_id
             and a.date = j.date and a.source = 'lesson' and a.code <> 'H')), 0)::int as absences,
           count(j.substitute_employee_id)::int as substitutes
    from class_journals j
    join timetable_slots s on s.id = j.timetable_slot_id
    join subjects sub on sub.id = s.subject_id
    join class_groups cg on cg.id = j.class_group_id
    where j.date between ${f.from} and ${f.to}
      ${f.unitId === null ? sql`` : sql`and cg.unit_id = ${f.unitId}`}
      ${f.classGroupId === undefined ? sql`` : sql`and j.class_group_id = ${f.classGroupId}`}
      and j.class_group_id in ${f.classes}
    group by sub.id, sub.name
    order by journals desc, sub.name`);
  return rows;
}
