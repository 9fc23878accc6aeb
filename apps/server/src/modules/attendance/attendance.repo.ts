import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or, sql, SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import type { AuditActor } from '../../lib/audit.ts';
import { cached, dependsOn } from '../../lib/read-cache.ts';
import { teachesClassSql } from '../school/class-access.ts';
import { clock } from '../../lib/clock.ts';
import { classGroups, employees, studentAttendance, students } from '../../db/schema/index.ts';
import { sqlNow } from '../../lib/sql.ts';

const and_ = (where: (SQL | undefined)[]) => {
  const parts = where.filter((w): w is SQL => w !== undefined);
  return parts.length ? and(...parts) : undefined;
};

// ---------- the school structure, as attendance reads it ----------

/**
 * Whether enrollment `e` (of student `s`, in year `y`) holds on `day`: the one definition of class
 * membership on a date, read by the register of a day, the lesson roster and every recap (see
 * PERIODS_SELECT for the dates). Arguments are SQL aliases and a SQL date expression.
 */
export const memberOnSql = (e: string, s: string, y: string, day: string) =>
  `${memberFromSql(e, s, y)} <= ${day} and (${e}.ended_at is null or ${memberUntilSql(e)} > ${day})`;

/** The students in the class on the date (memberOnSql), by name. */
export async function enrolledStudents(db: Executor, classGroupId: number, date: string) {
  const result = await db.execute<{ id: number; nis: string; name: string }>(sql`
    select s.id, s.nis, s.name from (select ${date}::date as day) d, enrollments e
    join students s on s.id = e.student_id
    join academic_years y on y.id = e.academic_year_id
    where e.class_group_id = ${classGroupId} and ${sql.raw(memberOnSql('e', 's', 'y', 'd.day'))}
    order by s.name, s.id`);
  return result.rows;
}

/**
 * When a student belongs to a class, as Jakarta dates: from the day of the move for a student
 * moved in during the year, else from the year's start (or the student's later entry date, for a
 * newcomer); until the day they left (exclusive), or open. Monthly recaps count a student only on
 * the school days of these periods, so a newcomer is not marked A before arriving and a student
 * who moved on still shows under the old class for the days spent there.
 */
// Jakarta dates as UTC + 7 hours (no daylight saving there): 'Asia/Jakarta' costs a zone lookup per row.
const memberFromSql = (e: string, s: string, y: string) =>
  `case when ${e}.start_reason = 'MOVED' then ((${e}.started_at at time zone 'UTC') + interval '7 hours')::date
      else greatest(${y}.start_date, coalesce(${s}.entry_date, ${y}.start_date)) end`;
const memberUntilSql = (e: string) => `((${e}.ended_at at time zone 'UTC') + interval '7 hours')::date`;
const PERIODS_SELECT = `
  select e.student_id, e.class_group_id, ${memberFromSql('e', 's', 'y')} as from_date, ${memberUntilSql('e')} as until_date
  from enrollments e
  join students s on s.id = e.student_id
  join academic_years y on y.id = e.academic_year_id`;
export const enrolmentPeriodsOfYear = (yearId: number) =>
  sql`${sql.raw(PERIODS_SELECT)} where e.academic_year_id = ${yearId}`;

/** Who was in the class at some time between two dates, with their periods in it (see enrolmentPeriodsOfYear). */
export async function enrolmentPeriods(
  db: Executor,
  cls: { id: number; academicYearId: number },
  from: string,
  to: string,
) {
  const result = await db.execute<{ id: number; nis: string; name: string; from: string; until: string | null }>(sql`
    select p.student_id as id, s.nis, s.name, p.from_date::text as "from", p.until_date::text as until
    from (${enrolmentPeriodsOfYear(cls.academicYearId)} and e.class_group_id = ${cls.id}) p
    join students s on s.id = p.student_id
    where p.from_date <= ${to}::date and (p.until_date is null or p.until_date > ${from}::date)
      and (p.until_date is null or p.until_date > p.from_date)
    order by s.name, s.id, p.from_date`);
  return result.rows;
}

export async function findStudentRef(db: Executor, id: number) {
  const [row] = await db
    .select({ id: students.id, name: students.name, nis: students.nis, unitId: students.unitId })
    .from(students)
    .where(eq(students.id, id));
  return row;
}

// ---------- daily register ----------

export async function dailyRows(db: Executor, classGroupId: number, date: string) {
  return db
    .select({
      id: studentAttendance.id,
      studentId: studentAttendance.studentId,
      code: studentAttendance.code,
      lateMinutes: studentAttendance.lateMinutes,
      note: studentAttendance.note,
      leaveRequestId: studentAttendance.leaveRequestId,
    })
    .from(studentAttendance)
    .where(
      and(
        eq(studentAttendance.classGroupId, classGroupId),
        eq(studentAttendance.date, date),
        eq(studentAttendance.source, 'daily'),
      ),
    );
}

/** Daily rows of the students on the date, whatever class wrote them (a leave approval, an earlier class). */
export async function dailyRowsOfStudents(db: Executor, studentIds: number[], date: string) {
  if (!studentIds.length) return [];
  return db
    .select({
      studentId: studentAttendance.studentId,
      code: studentAttendance.code,
      lateMinutes: studentAttendance.lateMinutes,
      note: studentAttendance.note,
      classGroupId: studentAttendance.classGroupId,
    })
    .from(studentAttendance)
    .where(
      and(
        inArray(studentAttendance.studentId, studentIds),
        eq(studentAttendance.date, date),
        eq(studentAttendance.source, 'daily'),
      ),
    );
}

export interface AttendanceValues {
  studentId: number;
  classGroupId: number;
  date: string;
  code: 'H' | 'S' | 'I' | 'A';
  lateMinutes: number;
  note: string | null;
  recordedByUserId: number | null;
  leaveRequestId?: number | null;
}

/** Writes daily rows; a row already there for the student and date is edited. */
export async function upsertDaily(db: Executor, rows: AttendanceValues[]) {
  if (!rows.length) return;
  await db
    .insert(studentAttendance)
    .values(rows.map((r) => ({ ...r, leaveRequestId: r.leaveRequestId ?? null, source: 'daily' as const })))
    .onConflictDoUpdate({
      target: [studentAttendance.studentId, studentAttendance.date],
      targetWhere: sql`${studentAttendance.source} = 'daily'`,
      set: {
        classGroupId: sql`excluded.class_group_id`,
        code: sql`excluded.code`,
        lateMinutes: sql`excluded.late_minutes`,
        note: sql`excluded.note`,
        recordedByUserId: sql`excluded.recorded_by_user_id`,
        // A teacher's save keeps the link to an approved leave as long as the code stays the same.
        leaveRequestId: sql`case when excluded.leave_request_id is null and excluded.code = ${studentAttendance.code}
          then ${studentAttendance.leaveRequestId} else excluded.leave_request_id end`,
        updatedAt: sqlNow(),
      },
    });
}

export interface SaveDailyRegister {
  classGroupId: number;
  date: string;
  /** The caller's access, as the rules of class-access.ts decide it: */
  allUnits: boolean;
  unitId: number | null;
  ownClassesOnly: boolean;
  employeeId: number | null;
  entries: { studentId: number; code: 'H' | 'S' | 'I' | 'A'; lateMinutes: number; note: string | null }[];
  recordedByUserId: number;
  actor: AuditActor;
}

export interface SavedDailyRegister {
  /** false: nothing was written (no such class, no access, a date outside the active year, a student not enrolled) */
  ok: boolean;
  className: string | null;
  taken: boolean;
  /** the rows inserted or changed; a row whose values were already the same is left as it is */
  written: number;
  entries: {
    studentId: number;
    nis: string;
    name: string;
    code: 'H' | 'S' | 'I' | 'A';
    lateMinutes: number;
    note: string | null;
    recorded: boolean;
  }[];
}

/*
 * The whole save of a class's daily register in one statement, so one round trip and one
 * transaction: the guard (the class, the caller's access to it, the date inside the active year
 * of the class, every given student enrolled in it), the rows before, the upsert of every
 * enrolled student (H unless given) and the audit entry with the rows before and after. When the
 * guard fails nothing is written and `ok` is false; the caller then names the problem.
 * The statements of a WITH all see the rows as they were before it, so `before` is the old state.
 * The audit entry has the columns lib/audit.ts writes (these rows hold no secrets to scrub).
 */
const SAVE_DAILY_REGISTER = `
with
-- The parameters reach the plan only through p: the planner estimates every execution alike, so
-- after its first runs the statement keeps one generic plan instead of planning each save anew.
p as materialized (
  select $1::int as class_id, $2::date as day, $3::boolean as all_units, $4::int as unit_id,
    $5::boolean as own_only, $6::int as employee_id, $11::int as recorded_by
),
cls as (
  select cg.id, cg.name, cg.unit_id, cg.academic_year_id,
    not p.own_only or (p.employee_id is not null and ${teachesClassSql('p.employee_id', 'cg')}) as teaches
  from class_groups cg, p where cg.id = (select class_id from p)
),
yr as (select y.id, y.start_date, y.end_date from academic_years y where y.is_active limit 1),
given as materialized (
  select * from unnest($7::int[], $8::text[], $9::int[], $10::text[]) as g(student_id, code, late_minutes, note)
),
enrolled as (
  select s.id, s.nis, s.name from p, enrollments e
  join academic_years y on y.id = e.academic_year_id
  -- one index probe per enrolled student (offset 0 keeps the planner from hashing the whole table)
  cross join lateral (select s.id, s.nis, s.name, s.entry_date from students s where s.id = e.student_id offset 0) s
  where e.class_group_id = p.class_id and ${memberOnSql('e', 's', 'y', 'p.day')}
),
ok as (
  select exists (
    select 1 from cls join yr on yr.id = cls.academic_year_id, p
    where (p.all_units or cls.unit_id = p.unit_id) and cls.teaches and p.day between yr.start_date and yr.end_date
  ) and not exists (select 1 from given g where not exists (select 1 from enrolled en where en.id = g.student_id)) as ok
),
reg as (
  select en.id as student_id, en.nis, en.name, coalesce(g.code, 'H') as code,
    coalesce(g.late_minutes, 0) as late_minutes, g.note
  from enrolled en left join given g on g.student_id = en.id
  where (select ok from ok)
),
-- The rows the save replaces: each enrolled student's daily row of the day, whatever class wrote
-- it, found through the (student, date) index.
before as (
  select a.id, a.student_id, a.class_group_id, a.code, a.late_minutes, a.note, a.leave_request_id, a.recorded_by_user_id
  from enrolled en
  cross join lateral (select * from student_attendance a
    where a.student_id = en.id and a.date = (select day from p) and a.source = 'daily' offset 0) a
  where (select ok from ok)
),
written as (
  insert into student_attendance as a
    (date, class_group_id, student_id, code, late_minutes, note, source, recorded_by_user_id, created_at, updated_at)
  select p.day, p.class_id, r.student_id, r.code, r.late_minutes, r.note, 'daily', p.recorded_by,
    $16::timestamptz, $16::timestamptz from reg r, p
  -- a row already holding these values is left as it is
  where not exists (select 1 from before b where b.student_id = r.student_id and b.class_group_id = p.class_id
    and b.code = r.code and b.late_minutes = r.late_minutes and b.note is not distinct from r.note
    and b.recorded_by_user_id = p.recorded_by)
  on conflict (student_id, date) where source = 'daily' do update set
    class_group_id = excluded.class_group_id, code = excluded.code, late_minutes = excluded.late_minutes,
    note = excluded.note, recorded_by_user_id = excluded.recorded_by_user_id,
    -- a teacher's save keeps the link to an approved leave as long as the code stays the same
    leave_request_id = case when excluded.code = a.code then a.leave_request_id end,
    updated_at = $16::timestamptz
  -- (and so is one changed to these values since the statement began)
  where (a.class_group_id, a.code, a.late_minutes, a.note, a.recorded_by_user_id)
    is distinct from (excluded.class_group_id, excluded.code, excluded.late_minutes, excluded.note, excluded.recorded_by_user_id)
  returning a.student_id, a.leave_request_id
),
logged as (
  insert into audit_log (actor_user_id, actor_username, action, entity_type, entity_id, before, after, ip, request_id, at)
  select $12::int, $13::text, 'attendance.student.register', 'class_group', p.class_id::text,
    -- {date, rows} before and after, written as JSON text: cheaper than building jsonb value by value
    ('{"date":"' || to_char(p.day, 'YYYY-MM-DD') || '","rows":[' || coalesce((select string_agg('{"id":' || b.id::text
      || ',"studentId":' || b.student_id::text || ',"code":"' || b.code || '","lateMinutes":' || b.late_minutes::text
      || ',"note":' || coalesce(to_json(b.note)::text, 'null') || ',"leaveRequestId":'
      || coalesce(b.leave_request_id::text, 'null') || '}', ',' order by b.id) from before b), '') || ']}')::jsonb,
    ('{"date":"' || to_char(p.day, 'YYYY-MM-DD') || '","rows":[' || coalesce((select string_agg('{"studentId":'
      || r.student_id::text || ',"code":"' || r.code || '","lateMinutes":' || r.late_minutes::text || ',"note":'
      || coalesce(to_json(r.note)::text, 'null') || '}', ',' order by r.name, r.student_id) from reg r), '') || ']}')::jsonb,
    $14::inet, $15::text, $16::timestamptz
  from p where (select ok from ok)
)
select (select ok from ok) as ok, (select name from cls) as "className",
  -- taken: a row of the class and day not written by an approved leave alone, after the save
  exists (select 1 from written w where w.leave_request_id is null)
    or exists (select 1 from before b where b.leave_request_id is null
      and not exists (select 1 from written w where w.student_id = b.student_id))
    -- (and the rows of students no longer in the class, read only when the rest does not decide)
    or exists (select 1 from student_attendance a where a.class_group_id = (select class_id from p)
      and a.date = (select day from p) and a.source = 'daily' and a.leave_request_id is null
      and not exists (select 1 from enrolled en where en.id = a.student_id)) as taken,
  (select count(*)::int from written) as written,
  coalesce((select json_agg(json_build_object('studentId', r.student_id, 'nis', r.nis, 'name', r.name, 'code', r.code,
    'lateMinutes', r.late_minutes, 'note', r.note, 'recorded', true) order by r.name, r.student_id) from reg r),
    '[]') as entries`;

/**
 * The save of a daily register (see SAVE_DAILY_REGISTER) as a named prepared statement: each
 * pooled connection parses and plans it once, and no SQL is built per request.
 */
export function prepareSaveDailyRegister(db: Database) {
  const pool = db.$client;
  return async (input: SaveDailyRegister): Promise<SavedDailyRegister> => {
    const n = input.entries.length;
    const ids = new Array<number>(n);
    const codes = new Array<string>(n);
    const late = new Array<number>(n);
    const notes = new Array<string | null>(n);
    for (let i = 0; i < n; i++) {
      const e = input.entries[i]!;
      ids[i] = e.studentId;
      codes[i] = e.code;
      late[i] = e.lateMinutes;
      notes[i] = e.note;
    }
    const { actor } = input;
    const result = await pool.query<SavedDailyRegister>({
      name: 'mms_save_daily_register',
      text: SAVE_DAILY_REGISTER,
      values: [
        input.classGroupId,
        input.date,
        input.allUnits,
        input.unitId,
        input.ownClassesOnly,
        input.employeeId,
        ids,
        codes,
        late,
        notes,
        input.recordedByUserId,
        actor.userId,
        actor.username,
        actor.ip,
        actor.requestId,
        clock.now(),
      ],
    });
    return result.rows[0]!;
  };
}

/** Writes the lesson rows of one slot and date; a row already there is edited. */
export async function upsertLesson(db: Executor, slotId: number, rows: AttendanceValues[]) {
  if (!rows.length) return;
  await db
    .insert(studentAttendance)
    .values(rows.map((r) => ({ ...r, source: 'lesson' as const, timetableSlotId: slotId })))
    .onConflictDoUpdate({
      target: [studentAttendance.studentId, studentAttendance.date, studentAttendance.timetableSlotId],
      targetWhere: sql`${studentAttendance.source} = 'lesson'`,
      set: {
        code: sql`excluded.code`,
        lateMinutes: sql`excluded.late_minutes`,
        note: sql`excluded.note`,
        recordedByUserId: sql`excluded.recorded_by_user_id`,
        updatedAt: sqlNow(),
      },
    });
}

export async function lessonRows(db: Executor, slotId: number, date: string) {
  return db
    .select({
      studentId: studentAttendance.studentId,
      code: studentAttendance.code,
      nis: students.nis,
      name: students.name,
    })
    .from(studentAttendance)
    .innerJoin(students, eq(students.id, studentAttendance.studentId))
    .where(
      and(
        eq(studentAttendance.timetableSlotId, slotId),
        eq(studentAttendance.date, date),
        eq(studentAttendance.source, 'lesson'),
      ),
    )
    .orderBy(asc(students.name));
}

// ---------- lists ----------

export interface RowFilter {
  from: string;
  to: string;
  unitId: number | null;
  classGroupId?: number;
  /** the classes the caller may read (access.reachableIds); absent: every class */
  classes?: SQL;
  studentId?: number;
  codes?: ('H' | 'S' | 'I' | 'A')[];
  lateOnly?: boolean;
  dailyOnly?: boolean;
  /** only rows on these school days of each unit (the calendar's answer) */
  schoolDays?: Map<number, string[]>;
}

/** Rows on a school day of their class's unit, the days given per unit. */
function onSchoolDays(days: Map<number, string[]>): SQL {
  const parts = [...days]
    .filter(([, dates]) => dates.length)
    .map(([unitId, dates]) => and(eq(classGroups.unitId, unitId), inArray(studentAttendance.date, dates))!);
  return parts.length ? or(...parts)! : sql`false`;
}

const rowColumns = {
  id: studentAttendance.id,
  date: studentAttendance.date,
  studentId: studentAttendance.studentId,
  nis: students.nis,
  name: students.name,
  classGroupId: studentAttendance.classGroupId,
  className: classGroups.name,
  code: studentAttendance.code,
  lateMinutes: studentAttendance.lateMinutes,
  note: studentAttendance.note,
  source: studentAttendance.source,
  timetableSlotId: studentAttendance.timetableSlotId,
};

export async function listRows(db: Executor, f: RowFilter, page: { page: number; pageSize: number }) {
  const filter = and_([
    gte(studentAttendance.date, f.from),
    lte(studentAttendance.date, f.to),
    f.unitId !== null ? eq(classGroups.unitId, f.unitId) : undefined,
    f.classGroupId ? eq(studentAttendance.classGroupId, f.classGroupId) : undefined,
    f.classes ? sql`${studentAttendance.classGroupId} in ${f.classes}` : undefined,
    f.studentId ? eq(studentAttendance.studentId, f.studentId) : undefined,
    f.codes ? inArray(studentAttendance.code, f.codes) : undefined,
    f.lateOnly ? sql`${studentAttendance.lateMinutes} > 0` : undefined,
    f.dailyOnly ? eq(studentAttendance.source, 'daily') : undefined,
    f.schoolDays ? onSchoolDays(f.schoolDays) : undefined,
  ]);
  const [items, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(studentAttendance)
      .innerJoin(students, eq(students.id, studentAttendance.studentId))
      .innerJoin(classGroups, eq(classGroups.id, studentAttendance.classGroupId))
      .where(filter)
      .orderBy(desc(studentAttendance.date), asc(classGroups.name), asc(students.name), asc(studentAttendance.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db
      .select({ n: count() })
      .from(studentAttendance)
      .innerJoin(classGroups, eq(classGroups.id, studentAttendance.classGroupId))
      .where(filter),
  ]);
  return { items, total: total?.n ?? 0, page: page.page, pageSize: page.pageSize };
}

/** The days between two dates on which the class's daily register was taken (a row not written by a leave alone). */
export async function registerDaysOfClass(db: Executor, classGroupId: number, from: string, to: string) {
  const rows = await db
    .selectDistinct({ date: studentAttendance.date })
    .from(studentAttendance)
    .where(
      and(
        eq(studentAttendance.classGroupId, classGroupId),
        gte(studentAttendance.date, from),
        lte(studentAttendance.date, to),
        eq(studentAttendance.source, 'daily'),
        isNull(studentAttendance.leaveRequestId),
      ),
    );
  return rows.map((r) => r.date);
}

/** Daily codes of the students between two dates: one row per student per date. */
export async function dailyCodes(db: Executor, studentIds: number[], from: string, to: string) {
  if (!studentIds.length) return [];
  return db
    .select({ studentId: studentAttendance.studentId, date: studentAttendance.date, code: studentAttendance.code })
    .from(studentAttendance)
    .where(
      and(
        inArray(studentAttendance.studentId, studentIds),
        gte(studentAttendance.date, from),
        lte(studentAttendance.date, to),
        eq(studentAttendance.source, 'daily'),
      ),
    );
}

/** Some classes: a subquery of their ids (access.reachableIds), the ids themselves, or null for every class. */
type ClassSet = SQL | readonly number[] | null;
const inClasses = (classes: ClassSet) =>
  classes === null
    ? undefined
    : classes instanceof SQL
      ? sql`${classGroups.id} in ${classes}`
      : classes.length
        ? inArray(classGroups.id, [...classes])
        : sql`false`;

/** Classes of the year (and unit) with whether their daily register of the date is taken. */
export async function classesOfYear(
  db: Executor,
  academicYearId: number,
  date: string,
  unitId: number | null,
  /** the classes the caller may read (access.reachableIds), given ids, or null: every class */
  classes: ClassSet,
  employeeId: number | null,
) {
  return db
    .select({
      classGroupId: classGroups.id,
      className: classGroups.name,
      unitId: classGroups.unitId,
      isHomeroom: employeeId
        ? sql<boolean>`coalesce(${classGroups.homeroomEmployeeId} = ${employeeId}, false)`
        : sql<boolean>`false`,
      // The outer class is named with its table: drizzle writes a lone column of a one-table query
      // without it, and inside the subquery "id" would bind to the inner table.
      taken: sql<boolean>`exists (select 1 from ${studentAttendance} a where a.class_group_id = ${classGroups}.id
        and a.date = ${date} and a.source = 'daily' and a.leave_request_id is null)`,
    })
    .from(classGroups)
    .where(
      and_([
        eq(classGroups.academicYearId, academicYearId),
        unitId !== null ? eq(classGroups.unitId, unitId) : undefined,
        inClasses(classes),
      ]),
    )
    .orderBy(asc(classGroups.unitId), asc(classGroups.name));
}

/** Classes of the year (and unit) with no daily row on the date. */
export async function classesWithoutRegister(
  db: Executor,
  academicYearId: number,
  date: string,
  unitId: number | null,
  classes: ClassSet,
) {
  return db
    .select({
      classGroupId: classGroups.id,
      className: classGroups.name,
      unitId: classGroups.unitId,
      homeroomEmployeeId: classGroups.homeroomEmployeeId,
      homeroomName: employees.name,
    })
    .from(classGroups)
    .leftJoin(employees, eq(employees.id, classGroups.homeroomEmployeeId))
    .where(
      and_([
        eq(classGroups.academicYearId, academicYearId),
        unitId !== null ? eq(classGroups.unitId, unitId) : undefined,
        inClasses(classes),
        sql`not exists (select 1 from ${studentAttendance} a where a.class_group_id = ${classGroups}.id
          and a.date = ${date} and a.source = 'daily' and a.leave_request_id is null)`,
      ]),
    )
    .orderBy(asc(classGroups.unitId), asc(classGroups.name));
}

/** Per date between two dates, how many of the given classes took their daily register. */
export async function registersTakenPerDay(db: Executor, classIds: number[], from: string, to: string) {
  if (!classIds.length) return new Map<string, number>();
  const rows = await db
    .select({
      date: studentAttendance.date,
      taken: sql<number>`count(distinct ${studentAttendance.classGroupId})::int`,
    })
    .from(studentAttendance)
    .where(
      and(
        inArray(studentAttendance.classGroupId, classIds),
        gte(studentAttendance.date, from),
        lte(studentAttendance.date, to),
        eq(studentAttendance.source, 'daily'),
        isNull(studentAttendance.leaveRequestId),
      ),
    )
    .groupBy(studentAttendance.date);
  return new Map(rows.map((r) => [r.date, r.taken]));
}

/** Counts of S, I, A daily rows on a date in a unit (null: every unit). */
export async function absentCounts(db: Executor, date: string, unitId: number | null) {
  const rows = await db
    .select({ code: studentAttendance.code, n: count() })
    .from(studentAttendance)
    .innerJoin(classGroups, eq(classGroups.id, studentAttendance.classGroupId))
    .where(
      and_([
        eq(studentAttendance.date, date),
        eq(studentAttendance.source, 'daily'),
        unitId !== null ? eq(classGroups.unitId, unitId) : undefined,
      ]),
    )
    .groupBy(studentAttendance.code);
  const of = (c: string) => rows.find((r) => r.code === c)?.n ?? 0;
  return { S: of('S'), I: of('I'), A: of('A') };
}

/**
 * Who belonged to each class of a year in a month (from..to), from the school structure alone:
 * per class the number of students and their enrolment periods grouped (from, until, how many),
 * so the caller counts the student days of any set of school days. Read through the school read
 * cache (it changes only with enrolments, classes or students).
 */
const RECAP_MEMBERS = `
  with members as materialized (
    select p.* from (${PERIODS_SELECT}
      join class_groups c on c.id = e.class_group_id
      where e.academic_year_id = $1 and c.academic_year_id = $1
        and ($2::int is null or c.unit_id = $2) and ($3::int[] is null or c.id = any($3))
    ) p
    where p.from_date <= $5::date and (p.until_date is null or p.until_date > $4::date)
      and (p.until_date is null or p.until_date > p.from_date)
  ),
  sizes as (
    select class_group_id, count(distinct student_id)::int as students from members group by class_group_id
  ),
  grouped as (
    select class_group_id, json_agg(json_build_array(from_date, until_date, n)) as periods
    from (select class_group_id, from_date, until_date, count(*)::int as n from members group by 1, 2, 3) g
    group by class_group_id
  )
  select cg.id as "classGroupId", cg.name as "className", cg.unit_id as "unitId", u.code as "unitCode",
    coalesce(z.students, 0) as students, coalesce(g.periods, '[]') as periods
  from class_groups cg join units u on u.id = cg.unit_id
  left join sizes z on z.class_group_id = cg.id
  left join grouped g on g.class_group_id = cg.id
  where cg.academic_year_id = $1 and ($2::int is null or cg.unit_id = $2) and ($3::int[] is null or cg.id = any($3))
  order by u.code, cg.name`;

interface RecapMembers {
  classGroupId: number;
  className: string;
  unitId: number;
  unitCode: string;
  students: number;
  periods: [string, string | null, number][];
}

const RECAP_MEMBER_TABLES = dependsOn('enrollments', 'students', 'academic_years', 'class_groups', 'units');
function recapMembers(
  db: Database,
  yearId: number,
  unitId: number | null,
  classIds: number[] | null,
  from: string,
  to: string,
) {
  return cached(
    db,
    `recap-members:${yearId}:${unitId}:${classIds?.join(',')}:${from}:${to}`,
    RECAP_MEMBER_TABLES,
    async () => {
      const result = await db.$client.query<RecapMembers>(RECAP_MEMBERS, [yearId, unitId, classIds, from, to]);
      return result.rows;
    },
  );
}

/**
 * The month's H/S/I per class, each daily record counted in the class it was recorded in (the
 * register of that class on that day), with the days that register was taken (a row not written
 * by an approved leave alone) and the records of the days it was not (approved leaves). One index
 * range per class: cheap whatever the size.
 */
async function recordedPerClass(
  db: Database,
  yearId: number,
  unitId: number | null,
  classIds: number[] | null,
  days: string[],
) {
  const result = await db.$client.query<{
    classGroupId: number;
    H: number;
    S: number;
    I: number;
    taken: string[];
    recordedUntaken: number;
  }>(
    `with per_day as (
       select sa.class_group_id, sa.date, bool_or(sa.leave_request_id is null) as taken,
         count(*) filter (where sa.code = 'H')::int as h, count(*) filter (where sa.code = 'S')::int as s,
         count(*) filter (where sa.code = 'I')::int as i
       from student_attendance sa
       where sa.source = 'daily' and sa.date = any($4::date[])
         and sa.class_group_id in (select id from class_groups c where c.academic_year_id = $1
           and ($2::int is null or c.unit_id = $2) and ($3::int[] is null or c.id = any($3)))
       group by sa.class_group_id, sa.date
     )
     select class_group_id as "classGroupId", sum(h)::int as "H", sum(s)::int as "S", sum(i)::int as "I",
       coalesce(array_agg(date::text) filter (where taken), '{}') as taken,
       coalesce(sum(h + s + i) filter (where not taken), 0)::int as "recordedUntaken"
     from per_day group by class_group_id`,
    [yearId, unitId, classIds, days],
  );
  return new Map(result.rows.map((r) => [r.classGroupId, r]));
}

/**
 * H/S/I/A per class of a year over the school days of a month (from..to; the days per unit, from
 * the calendar): every student counts on the days they belonged to the class
 * (enrolmentPeriodsOfYear). A day in the class without a record is A when the class's register of
 * that day was taken, and not taken ("belum diisi", never A) when it was not.
 */
export async function unitRecapCounts(
  db: Database,
  yearId: number,
  unitId: number | null,
  onlyClassIds: number[] | null,
  month: { from: string; to: string; daysOfUnit: Map<number, string[]> },
) {
  if (onlyClassIds && !onlyClassIds.length) return [];
  const allDays = [...new Set([...month.daysOfUnit.values()].flat())];
  const [members, recorded] = await Promise.all([
    recapMembers(db, yearId, unitId, onlyClassIds, month.from, month.to),
    allDays.length ? recordedPerClass(db, yearId, unitId, onlyClassIds, allDays) : new Map<number, never>(),
  ]);
  return members.map(({ periods, unitId: classUnit, ...c }) => {
    // Only the school days of the class's unit count (the calendar's answer for that unit).
    const days = month.daysOfUnit.get(classUnit) ?? [];
    const { H = 0, S = 0, I = 0, taken = [], recordedUntaken = 0 } = recorded.get(c.classGroupId) ?? {};
    const takenDays = new Set(taken);
    const notTakenDays = days.filter((d) => !takenDays.has(d));
    // Each group's school days in the class: those from its start until (not on) its end.
    let studentDays = 0;
    let untakenStudentDays = 0;
    for (const [from, until, students] of periods) {
      const inClass = (d: string) => d >= from && (until === null || d < until);
      studentDays += students * days.filter(inClass).length;
      untakenStudentDays += students * notTakenDays.filter(inClass).length;
    }
    // A record of a day outside the student's time in the class (a leave approved for the days
    // before a move, say) still counts where it was recorded; no count goes below zero.
    const notTaken = Math.max(0, untakenStudentDays - recordedUntaken);
    return {
      ...c,
      studentDays,
      H,
      S,
      I,
      A: Math.max(0, studentDays - H - S - I - notTaken),
      notTaken,
      notTakenDays: notTakenDays.length,
    };
  });
}
