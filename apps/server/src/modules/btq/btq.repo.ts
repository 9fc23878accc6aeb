import { sql, type SQL } from 'drizzle-orm';
import type { BtqPresenceStatus } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import { escapeLike, offsetOf, sqlNow } from '../../lib/sql.ts';
import { activeYearClassJoinSql } from '../school/school.service.ts';

const rows = async <T>(exec: Executor, query: SQL) =>
  (await exec.execute<T & Record<string, unknown>>(query)).rows as T[];
const one = async <T>(exec: Executor, query: SQL) => (await rows<T>(exec, query))[0];

/** The school year groups are made in: the active academic year's name, or null when none is active. */
export async function activeYearName(exec: Executor) {
  return (
    (await one<{ name: string }>(exec, sql`select name from academic_years where is_active limit 1`))?.name ?? null
  );
}

// ---------- methods and levels ----------

export interface MethodRow {
  id: number;
  unitId: number | null;
  name: string;
  kind: 'READING' | 'TAHFIDZ';
  isActive: boolean;
}
export interface LevelRow {
  id: number;
  methodId: number;
  name: string;
  sortOrder: number;
  pages: number | null;
  isActive: boolean;
}

const LEVEL_IN_USE = (level: string) => `(exists (select 1 from btq_student_levels x where x.level_id = ${level})
  or exists (select 1 from btq_groups x where x.level_id = ${level})
  or exists (select 1 from btq_progress x where x.level_id = ${level})
  or exists (select 1 from btq_promotions x where x.from_level_id = ${level} or x.to_level_id = ${level}))`;

/** Foundation-wide methods and those of the unit (every unit's when `unitId` is null). */
export function listMethods(exec: Executor, unitId: number | null) {
  return rows<MethodRow>(
    exec,
    sql`select id, unit_id as "unitId", name, kind, is_active as "isActive" from btq_methods
         where ${unitId === null ? sql`true` : sql`(unit_id is null or unit_id = ${unitId})`}
         order by unit_id nulls first, lower(name)`,
  );
}

export function levelsOf(exec: Executor, methodIds: number[]) {
  if (methodIds.length === 0) return Promise.resolve([]);
  return rows<LevelRow & { inUse: boolean }>(
    exec,
    sql`select l.id, l.method_id as "methodId", l.name, l.sort_order as "sortOrder", l.pages, l.is_active as "isActive",
               ${sql.raw(LEVEL_IN_USE('l.id'))} as "inUse"
          from btq_levels l where l.method_id = any(${sql.raw(`'{${methodIds.join(',')}}'::int[]`)})
         order by l.method_id, l.sort_order`,
  );
}

export const findMethod = (exec: Executor, id: number) =>
  one<MethodRow>(
    exec,
    sql`select id, unit_id as "unitId", name, kind, is_active as "isActive" from btq_methods where id = ${id}`,
  );

export const findMethodByName = (exec: Executor, unitId: number | null, name: string) =>
  one<{ id: number }>(
    exec,
    sql`select id from btq_methods where coalesce(unit_id, 0) = ${unitId ?? 0} and lower(name) = lower(${name})`,
  );

export const insertMethod = (exec: Executor, v: { unitId: number | null; name: string; kind: string }) =>
  one<MethodRow>(
    exec,
    sql`insert into btq_methods (unit_id, name, kind, created_at, updated_at)
        values (${v.unitId}, ${v.name}, ${v.kind}, ${sqlNow()}, ${sqlNow()})
        returning id, unit_id as "unitId", name, kind, is_active as "isActive"`,
  ) as Promise<MethodRow>;

export const updateMethod = (
  exec: Executor,
  id: number,
  v: { name?: string | undefined; isActive?: boolean | undefined },
) =>
  one<MethodRow>(
    exec,
    sql`update btq_methods set name = coalesce(${v.name ?? null}, name), is_active = coalesce(${v.isActive ?? null}::boolean, is_active),
          updated_at = ${sqlNow()} where id = ${id}
        returning id, unit_id as "unitId", name, kind, is_active as "isActive"`,
  ) as Promise<MethodRow>;

/** The level with its method's unit, and whether anything refers to it. */
export const findLevel = (exec: Executor, id: number) =>
  one<LevelRow & { unitId: number | null; inUse: boolean; methodActive: boolean }>(
    exec,
    sql`select l.id, l.method_id as "methodId", l.name, l.sort_order as "sortOrder", l.pages, l.is_active as "isActive",
               m.unit_id as "unitId", m.is_active as "methodActive", ${sql.raw(LEVEL_IN_USE('l.id'))} as "inUse"
          from btq_levels l join btq_methods m on m.id = l.method_id where l.id = ${id}`,
  );

export const findLevelByName = (exec: Executor, methodId: number, name: string) =>
  one<{ id: number }>(
    exec,
    sql`select id from btq_levels where method_id = ${methodId} and lower(name) = lower(${name})`,
  );

export const insertLevel = (exec: Executor, methodId: number, v: { name: string; pages: number | null }) =>
  one<LevelRow>(
    exec,
    sql`insert into btq_levels (method_id, name, pages, sort_order, created_at, updated_at)
        values (${methodId}, ${v.name}, ${v.pages},
                (select coalesce(max(sort_order), 0) + 1 from btq_levels where method_id = ${methodId}), ${sqlNow()}, ${sqlNow()})
        returning id, method_id as "methodId", name, sort_order as "sortOrder", pages, is_active as "isActive"`,
  ) as Promise<LevelRow>;

export const updateLevel = (
  exec: Executor,
  id: number,
  v: { name?: string | undefined; pages?: number | null | undefined; isActive?: boolean | undefined },
) =>
  one<LevelRow>(
    exec,
    sql`update btq_levels set name = coalesce(${v.name ?? null}, name),
          pages = ${v.pages === undefined ? sql`pages` : sql`${v.pages}::int`},
          is_active = coalesce(${v.isActive ?? null}::boolean, is_active), updated_at = ${sqlNow()} where id = ${id}
        returning id, method_id as "methodId", name, sort_order as "sortOrder", pages, is_active as "isActive"`,
  ) as Promise<LevelRow>;

export const deleteLevel = (exec: Executor, id: number) => exec.execute(sql`delete from btq_levels where id = ${id}`);

export const levelIdsOf = async (exec: Executor, methodId: number) =>
  (
    await rows<{ id: number }>(
      exec,
      sql`select id from btq_levels where method_id = ${methodId} order by sort_order for update`,
    )
  ).map((r) => r.id);

/** Renumbers the method's levels 1..n in the given order (two steps: the order is unique per method). */
export async function reorderLevels(exec: Executor, methodId: number, levelIds: number[]) {
  await exec.execute(sql`update btq_levels set sort_order = -sort_order where method_id = ${methodId}`);
  const list = sql.raw(`'{${levelIds.join(',')}}'::int[]`);
  await exec.execute(
    sql`update btq_levels l set sort_order = o.n, updated_at = ${sqlNow()}
          from unnest(${list}) with ordinality as o(id, n) where l.id = o.id and l.method_id = ${methodId}`,
  );
}

// ---------- cut-offs ----------

export const cutoffsOf = (exec: Executor, unitId: number) =>
  rows<{ grade: string; minScore: number }>(
    exec,
    sql`select grade, min_score as "minScore" from btq_grade_cutoffs where unit_id = ${unitId}`,
  );

export async function saveCutoffs(exec: Executor, unitId: number, values: Record<string, number>) {
  for (const [grade, minScore] of Object.entries(values)) {
    await exec.execute(
      sql`insert into btq_grade_cutoffs (unit_id, grade, min_score, updated_at) values (${unitId}, ${grade}, ${minScore}, ${sqlNow()})
          on conflict (unit_id, grade) do update set min_score = excluded.min_score, updated_at = ${sqlNow()}`,
    );
  }
}

// ---------- teachers ----------

export interface TeacherRow {
  id: number;
  unitId: number;
  employeeId: number | null;
  employeeNumber: string | null;
  name: string;
  phone: string | null;
  isCoordinator: boolean;
  isActive: boolean;
  groupCount: number;
  userId: number | null;
  username: string | null;
}

const TEACHER_COLUMNS = sql`t.id, t.unit_id as "unitId", t.employee_id as "employeeId", e.nip as "employeeNumber", t.name,
  t.phone, t.is_coordinator as "isCoordinator", t.is_active as "isActive",
  (select count(*)::int from btq_groups g where g.teacher_id = t.id and g.is_active) as "groupCount",
  t.user_id as "userId", (select u.username from users u where u.id = t.user_id) as "username"`;

export const listTeachers = (exec: Executor, unitId: number | null, onlyActive: boolean) =>
  rows<TeacherRow>(
    exec,
    sql`select ${TEACHER_COLUMNS} from btq_teachers t left join employees e on e.id = t.employee_id
         where ${unitId === null ? sql`true` : sql`t.unit_id = ${unitId}`} ${onlyActive ? sql`and t.is_active` : sql``}
         order by t.unit_id, not t.is_active, lower(t.name)`,
  );

export const findTeacher = (exec: Executor, id: number) =>
  one<TeacherRow>(
    exec,
    sql`select ${TEACHER_COLUMNS} from btq_teachers t left join employees e on e.id = t.employee_id where t.id = ${id}`,
  );

export const findTeacherByEmployee = (exec: Executor, unitId: number, employeeId: number) =>
  one<{ id: number }>(exec, sql`select id from btq_teachers where unit_id = ${unitId} and employee_id = ${employeeId}`);

export const findEmployee = (exec: Executor, id: number) =>
  one<{ id: number; unitId: number | null; name: string; isActive: boolean }>(
    exec,
    sql`select id, unit_id as "unitId", name, is_active as "isActive" from employees where id = ${id}`,
  );

export const employeeOptions = (exec: Executor, unitId: number, q: string | undefined) =>
  rows<{ id: number; name: string; employeeNumber: string }>(
    exec,
    sql`select id, name, nip as "employeeNumber" from employees where unit_id = ${unitId} and is_active
         ${q ? sql`and (name ilike ${`%${escapeLike(q)}%`} or nip ilike ${`%${escapeLike(q)}%`})` : sql``}
         order by lower(name) limit 50`,
  );

export async function insertTeacher(
  exec: Executor,
  v: { unitId: number; employeeId: number | null; name: string; phone: string | null; isCoordinator: boolean },
) {
  const row = await one<{ id: number }>(
    exec,
    sql`insert into btq_teachers (unit_id, employee_id, name, phone, is_coordinator, created_at, updated_at)
        values (${v.unitId}, ${v.employeeId}, ${v.name}, ${v.phone}, ${v.isCoordinator}, ${sqlNow()}, ${sqlNow()}) returning id`,
  );
  return (await findTeacher(exec, row!.id))!;
}

export async function updateTeacher(
  exec: Executor,
  id: number,
  v: {
    name?: string | undefined;
    phone?: string | null | undefined;
    isCoordinator?: boolean | undefined;
    isActive?: boolean | undefined;
  },
) {
  await exec.execute(
    sql`update btq_teachers set name = coalesce(${v.name ?? null}, name),
          phone = ${v.phone === undefined ? sql`phone` : sql`${v.phone}::text`},
          is_coordinator = coalesce(${v.isCoordinator ?? null}::boolean, is_coordinator),
          is_active = coalesce(${v.isActive ?? null}::boolean, is_active), updated_at = ${sqlNow()} where id = ${id}`,
  );
  return (await findTeacher(exec, id))!;
}

/** Links an outside ustadz to the account just made for them. */
export const setTeacherUser = (exec: Executor, id: number, userId: number) =>
  exec.execute(sql`update btq_teachers set user_id = ${userId}, updated_at = ${sqlNow()} where id = ${id}`);

/** The TEACHER account of an outside ustadz, in their unit. */
export const insertTeacherUser = async (
  exec: Executor,
  v: { username: string; displayName: string; passwordHash: string; unitId: number },
) =>
  (await one<{ id: number }>(
    exec,
    sql`insert into users (username, display_name, password_hash, division, unit_id, password_changed_at, created_at, updated_at)
        values (${v.username}, ${v.displayName}, ${v.passwordHash}, 'TEACHER', ${v.unitId}, ${sqlNow()}, ${sqlNow()}, ${sqlNow()})
        returning id`,
  ))!.id;

/** Locks or unlocks the outside ustadz's account with their ustadz row. */
export const setUserActive = (exec: Executor, userId: number, isActive: boolean) =>
  exec.execute(sql`update users set is_active = ${isActive}, updated_at = ${sqlNow()} where id = ${userId}`);

// ---------- groups ----------

export interface GroupRow {
  id: number;
  unitId: number;
  schoolYear: string;
  name: string;
  teacherId: number;
  teacherName: string;
  levelId: number | null;
  levelName: string | null;
  methodName: string | null;
  days: number[];
  startTime: string | null;
  endTime: string | null;
  place: string | null;
  isActive: boolean;
  memberCount: number;
}

const GROUP_SELECT = sql`select g.id, g.unit_id as "unitId", g.school_year as "schoolYear", g.name, g.teacher_id as "teacherId",
    t.name as "teacherName", g.level_id as "levelId", l.name as "levelName", m.name as "methodName", g.days,
    g.start_time as "startTime", g.end_time as "endTime", g.place, g.is_active as "isActive",
    (select count(*)::int from btq_group_members gm where gm.group_id = g.id and gm.to_date is null) as "memberCount"
  from btq_groups g join btq_teachers t on t.id = g.teacher_id
  left join btq_levels l on l.id = g.level_id left join btq_methods m on m.id = l.method_id`;

export const listGroups = (
  exec: Executor,
  f: { unitId: number | null; schoolYear: string; groupIds: number[] | null },
) =>
  rows<GroupRow>(
    exec,
    sql`${GROUP_SELECT} where g.school_year = ${f.schoolYear}
         ${f.unitId === null ? sql`` : sql`and g.unit_id = ${f.unitId}`}
         ${f.groupIds === null ? sql`` : sql`and g.id = any(${sql.raw(`'{${f.groupIds.join(',')}}'::int[]`)})`}
         order by g.unit_id, not g.is_active, lower(g.name)`,
  );

export const findGroup = (exec: Executor, id: number) => one<GroupRow>(exec, sql`${GROUP_SELECT} where g.id = ${id}`);

export const findGroupByName = (exec: Executor, unitId: number, schoolYear: string, name: string) =>
  one<{ id: number }>(
    exec,
    sql`select id from btq_groups where unit_id = ${unitId} and school_year = ${schoolYear} and lower(name) = lower(${name})`,
  );

export interface GroupValues {
  name?: string | undefined;
  teacherId?: number | undefined;
  levelId?: number | null | undefined;
  days?: number[] | undefined;
  startTime?: string | null | undefined;
  endTime?: string | null | undefined;
  place?: string | null | undefined;
  isActive?: boolean | undefined;
}

export async function insertGroup(
  exec: Executor,
  v: GroupValues & { unitId: number; schoolYear: string; name: string; teacherId: number },
) {
  const row = await one<{ id: number }>(
    exec,
    sql`insert into btq_groups (unit_id, school_year, name, teacher_id, level_id, days, start_time, end_time, place, created_at, updated_at)
        values (${v.unitId}, ${v.schoolYear}, ${v.name}, ${v.teacherId}, ${v.levelId ?? null},
                ${sql.raw(`'{${(v.days ?? []).join(',')}}'::int[]`)}, ${v.startTime ?? null}, ${v.endTime ?? null}, ${v.place ?? null},
                ${sqlNow()}, ${sqlNow()})
        returning id`,
  );
  return (await findGroup(exec, row!.id))!;
}

export async function updateGroup(exec: Executor, id: number, v: GroupValues) {
  const keep = <T>(value: T | undefined, column: string, cast: string) =>
    value === undefined ? sql.raw(column) : sql`${value}::${sql.raw(cast)}`;
  await exec.execute(
    sql`update btq_groups set name = ${keep(v.name, 'name', 'text')}, teacher_id = ${keep(v.teacherId, 'teacher_id', 'int')},
          level_id = ${keep(v.levelId, 'level_id', 'int')},
          days = ${v.days === undefined ? sql.raw('days') : sql.raw(`'{${v.days.join(',')}}'::int[]`)},
          start_time = ${keep(v.startTime, 'start_time', 'text')}, end_time = ${keep(v.endTime, 'end_time', 'text')},
          place = ${keep(v.place, 'place', 'text')}, is_active = ${keep(v.isActive, 'is_active', 'boolean')}, updated_at = ${sqlNow()}
        where id = ${id}`,
  );
  return (await findGroup(exec, id))!;
}

/** The group's members on a date (membership is half-open: from `from_date`, up to but not on `to_date`). */
export const membersOn = (exec: Executor, groupId: number, date: string) =>
  rows<{ studentId: number; name: string; nis: string | null; fromDate: string; className: string | null }>(
    exec,
    sql`select s.id as "studentId", s.name, s.nis, gm.from_date as "fromDate", cls.name as "className"
          from btq_group_members gm join students s on s.id = gm.student_id ${CLASS_OF}
         where gm.group_id = ${groupId} and gm.from_date <= ${date} and (gm.to_date is null or gm.to_date > ${date})
         order by lower(s.name), s.id`,
  );

/**
 * Where each student stands on their current level: the last progress entry on the open level row (by date, then
 * id; a review (murojaah) only when there is no new memorisation): its last page (reading) or "surah:ayat" (tahfidz).
 */
export const lastPositions = (exec: Executor, studentIds: number[]) =>
  studentIds.length === 0
    ? Promise.resolve([])
    : rows<{ studentId: number; lastPage: string | null }>(
        exec,
        sql`select distinct on (p.student_id) p.student_id as "studentId",
               coalesce(p.page_to::text, p.surah::text || ':' || p.ayat_to::text) as "lastPage"
              from btq_progress p
              join btq_student_levels sl on sl.student_id = p.student_id and sl.to_date is null and sl.level_id = p.level_id
             where p.student_id = any(${sql.raw(`'{${studentIds.map(Number).join(',')}}'::int[]`)})
             order by p.student_id, p.kind = 'MUROJAAH', p.date desc, p.id desc`,
      );

/** Members with a day in the group between two dates. */
export const membersBetween = (exec: Executor, groupId: number, from: string, to: string) =>
  rows<{ studentId: number; name: string; nis: string | null }>(
    exec,
    sql`select distinct s.id as "studentId", s.name, s.nis from btq_group_members gm join students s on s.id = gm.student_id
         where gm.group_id = ${groupId} and gm.from_date <= ${to} and (gm.to_date is null or gm.to_date > ${from})
         order by s.name, s.id`,
  );

export const openMembership = (exec: Executor, studentId: number) =>
  one<{ id: number; groupId: number; groupName: string; fromDate: string }>(
    exec,
    sql`select gm.id, gm.group_id as "groupId", g.name as "groupName", gm.from_date as "fromDate"
          from btq_group_members gm join btq_groups g on g.id = gm.group_id
         where gm.student_id = ${studentId} and gm.to_date is null for update of gm`,
  );

export const closeMembership = (exec: Executor, id: number, toDate: string) =>
  exec.execute(sql`update btq_group_members set to_date = ${toDate}, updated_at = ${sqlNow()} where id = ${id}`);

export const insertMembership = (
  exec: Executor,
  v: { groupId: number; studentId: number; fromDate: string; movedBy: number | null },
) =>
  exec.execute(
    sql`insert into btq_group_members (group_id, student_id, from_date, moved_by, created_at, updated_at)
        values (${v.groupId}, ${v.studentId}, ${v.fromDate}, ${v.movedBy}, ${sqlNow()}, ${sqlNow()})`,
  );

// ---------- students ----------

/** The student's class of the active year. */
const CLASS_OF = activeYearClassJoinSql(sql`s.id`);

export const findStudents = (exec: Executor, ids: number[]) =>
  rows<{ id: number; unitId: number; name: string; nis: string | null; status: string }>(
    exec,
    sql`select id, unit_id as "unitId", name, nis, status from students
         where id = any(${sql.raw(`'{${ids.join(',')}}'::int[]`)}) order by id`,
  );

export interface StudentFilter {
  unitId: number | null;
  classId?: number | undefined;
  groupId?: number | undefined;
  levelId?: number | undefined;
  noLevel?: boolean;
  ungrouped?: boolean;
  q?: string | undefined;
}

export async function listStudents(exec: Executor, f: StudentFilter, page: { page: number; pageSize: number }) {
  const like = f.q ? `%${escapeLike(f.q)}%` : null;
  const where = sql`s.status = 'ACTIVE'
    ${f.unitId === null ? sql`` : sql`and s.unit_id = ${f.unitId}`}
    ${f.classId ? sql`and cls.id = ${f.classId}` : sql``}
    ${f.groupId ? sql`and gm.group_id = ${f.groupId}` : sql``}
    ${f.levelId ? sql`and sl.level_id = ${f.levelId}` : sql``}
    ${f.noLevel ? sql`and sl.level_id is null` : sql``}
    ${f.ungrouped ? sql`and gm.group_id is null` : sql``}
    ${like ? sql`and (s.name ilike ${like} or s.nis ilike ${like})` : sql``}`;
  const from = sql`from students s ${CLASS_OF}
    left join btq_student_levels sl on sl.student_id = s.id and sl.to_date is null
    left join btq_levels l on l.id = sl.level_id left join btq_methods m on m.id = l.method_id
    left join btq_group_members gm on gm.student_id = s.id and gm.to_date is null
    left join btq_groups g on g.id = gm.group_id`;
  const items = await rows<{
    id: number;
    name: string;
    nis: string | null;
    classId: number | null;
    className: string | null;
    levelId: number | null;
    levelName: string | null;
    methodName: string | null;
    levelSince: string | null;
    groupId: number | null;
    groupName: string | null;
  }>(
    exec,
    sql`select s.id, s.name, s.nis, cls.id as "classId", cls.name as "className", sl.level_id as "levelId",
               l.name as "levelName", m.name as "methodName", sl.from_date as "levelSince", g.id as "groupId",
               g.name as "groupName" ${from} where ${where}
         order by cls.name nulls last, lower(s.name), s.id limit ${page.pageSize} offset ${offsetOf(page)}`,
  );
  const total = (await one<{ n: number }>(exec, sql`select count(*)::int as n ${from} where ${where}`))!.n;
  return { items, total };
}

export const openLevelRows = (exec: Executor, studentIds: number[]) =>
  rows<{ id: number; studentId: number; levelId: number; fromDate: string }>(
    exec,
    sql`select id, student_id as "studentId", level_id as "levelId", from_date as "fromDate" from btq_student_levels
         where student_id = any(${sql.raw(`'{${studentIds.join(',')}}'::int[]`)}) and to_date is null for update`,
  );

export const closeLevelRows = (exec: Executor, ids: number[], toDate: string) =>
  exec.execute(
    sql`update btq_student_levels set to_date = ${toDate}, updated_at = ${sqlNow()}
         where id = any(${sql.raw(`'{${ids.join(',')}}'::int[]`)})`,
  );

export const insertLevelRows = (
  exec: Executor,
  studentIds: number[],
  levelId: number,
  fromDate: string,
  by: number | null,
) =>
  exec.execute(
    sql`insert into btq_student_levels (student_id, level_id, from_date, via, created_by, created_at, updated_at)
        select sid, ${levelId}, ${fromDate}, 'PLACEMENT', ${by}, ${sqlNow()}, ${sqlNow()} from unnest(${sql.raw(`'{${studentIds.join(',')}}'::int[]`)}) as sid`,
  );

export const levelHistory = (exec: Executor, studentId: number) =>
  rows<{
    id: number;
    levelName: string;
    methodName: string;
    fromDate: string;
    toDate: string | null;
    via: 'PLACEMENT' | 'PROMOTION';
  }>(
    exec,
    sql`select sl.id, l.name as "levelName", m.name as "methodName", sl.from_date as "fromDate", sl.to_date as "toDate", sl.via
          from btq_student_levels sl join btq_levels l on l.id = sl.level_id join btq_methods m on m.id = l.method_id
         where sl.student_id = ${studentId} order by sl.from_date desc, sl.id desc`,
  );

export const groupHistory = (exec: Executor, studentId: number) =>
  rows<{ id: number; groupId: number; groupName: string; schoolYear: string; fromDate: string; toDate: string | null }>(
    exec,
    sql`select gm.id, g.id as "groupId", g.name as "groupName", g.school_year as "schoolYear", gm.from_date as "fromDate",
               gm.to_date as "toDate"
          from btq_group_members gm join btq_groups g on g.id = gm.group_id
         where gm.student_id = ${studentId} order by gm.from_date desc, gm.id desc`,
  );

// ---------- presence ----------

export const sessionOf = (exec: Executor, groupId: number, date: string) =>
  one<{ id: number }>(exec, sql`select id from btq_sessions where group_id = ${groupId} and date = ${date}`);

export const presenceOf = (exec: Executor, sessionId: number) =>
  rows<{ studentId: number; status: 'HADIR' | 'IZIN' | 'SAKIT' | 'ALPA'; note: string | null }>(
    exec,
    sql`select student_id as "studentId", status, note from btq_presence where session_id = ${sessionId}`,
  );

export const upsertSession = async (
  exec: Executor,
  v: { groupId: number; date: string; teacherId: number; by: number | null },
) =>
  (await one<{ id: number }>(
    exec,
    sql`insert into btq_sessions (group_id, date, teacher_id, created_by, created_at, updated_at)
        values (${v.groupId}, ${v.date}, ${v.teacherId}, ${v.by}, ${sqlNow()}, ${sqlNow()})
        on conflict (group_id, date) do update set updated_at = ${sqlNow()} returning id`,
  ))!.id;

export const upsertPresence = (
  exec: Executor,
  sessionId: number,
  studentId: number,
  status: string,
  note: string | null,
) =>
  exec.execute(
    sql`insert into btq_presence (session_id, student_id, status, note, created_at, updated_at)
        values (${sessionId}, ${studentId}, ${status}, ${note}, ${sqlNow()}, ${sqlNow()})
        on conflict (session_id, student_id) do update set status = excluded.status, note = excluded.note, updated_at = ${sqlNow()}`,
  );

export const presenceCounts = (exec: Executor, groupId: number, from: string, to: string) =>
  rows<{ studentId: number; status: string; n: number }>(
    exec,
    sql`select p.student_id as "studentId", p.status, count(*)::int as n
          from btq_presence p join btq_sessions ss on ss.id = p.session_id
         where ss.group_id = ${groupId} and ss.date between ${from} and ${to} group by p.student_id, p.status`,
  );

/** The presence notes (izin/sakit reasons) of a group's sessions in a period, by date. */
export const presenceNotes = (exec: Executor, groupId: number, from: string, to: string) =>
  rows<{ studentId: number; date: string; status: BtqPresenceStatus; note: string }>(
    exec,
    sql`select p.student_id as "studentId", ss.date::text as date, p.status, p.note
          from btq_presence p join btq_sessions ss on ss.id = p.session_id
         where ss.group_id = ${groupId} and ss.date between ${from} and ${to} and p.note is not null and p.note <> ''
         order by ss.date, p.student_id`,
  );

export const sessionCount = async (exec: Executor, groupId: number, from: string, to: string) =>
  (await one<{ n: number }>(
    exec,
    sql`select count(*)::int as n from btq_sessions where group_id = ${groupId} and date between ${from} and ${to}`,
  ))!.n;
