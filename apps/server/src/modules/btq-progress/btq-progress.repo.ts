import { aliasedTable, and, asc, desc, eq, gt, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { BtqLevelRef, BtqProgressEntry, BtqPromotion } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import {
  btqGradeCutoffs,
  btqGroupMembers,
  btqGroups,
  btqLevels,
  btqMethods,
  btqProgress,
  btqPromotions,
  btqStudentLevels,
  btqTeachers,
  students,
} from '../../db/schema/index.ts';

/** The queries of BTQ progress, promotions and recaps (issue 16); the service holds the rules. */

export async function groupById(exec: Executor, id: number) {
  const [row] = await exec
    .select({
      id: btqGroups.id,
      unitId: btqGroups.unitId,
      name: btqGroups.name,
      schoolYear: btqGroups.schoolYear,
      teacherId: btqGroups.teacherId,
      teacherName: btqTeachers.name,
    })
    .from(btqGroups)
    .innerJoin(btqTeachers, eq(btqTeachers.id, btqGroups.teacherId))
    .where(eq(btqGroups.id, id));
  return row ?? null;
}

export async function listGroups(exec: Executor, filter: { ids?: number[]; unitId?: number | null }) {
  if (filter.ids && !filter.ids.length) return [];
  return exec
    .select({
      id: btqGroups.id,
      unitId: btqGroups.unitId,
      name: btqGroups.name,
      schoolYear: btqGroups.schoolYear,
      teacherName: btqTeachers.name,
    })
    .from(btqGroups)
    .innerJoin(btqTeachers, eq(btqTeachers.id, btqGroups.teacherId))
    .where(
      and(
        eq(btqGroups.isActive, true),
        filter.ids ? inArray(btqGroups.id, filter.ids) : undefined,
        filter.unitId ? eq(btqGroups.unitId, filter.unitId) : undefined,
      ),
    )
    .orderBy(asc(btqGroups.name));
}

/** The members of a group on a date. */
export async function membersOn(exec: Executor, groupId: number, date: string) {
  return exec
    .select({ studentId: students.id, nis: students.nis, name: students.name })
    .from(btqGroupMembers)
    .innerJoin(students, eq(students.id, btqGroupMembers.studentId))
    .where(
      and(
        eq(btqGroupMembers.groupId, groupId),
        lte(btqGroupMembers.fromDate, date),
        or(isNull(btqGroupMembers.toDate), gte(btqGroupMembers.toDate, date)),
      ),
    )
    .orderBy(asc(students.name));
}

/** The open membership of a student (their current group). */
export async function openMembership(exec: Executor, studentId: number) {
  const [row] = await exec
    .select({ groupId: btqGroupMembers.groupId })
    .from(btqGroupMembers)
    .where(and(eq(btqGroupMembers.studentId, studentId), isNull(btqGroupMembers.toDate)));
  return row ?? null;
}

export interface CurrentLevel extends BtqLevelRef {
  rowId: number;
  methodId: number;
  sortOrder: number;
  fromDate: string;
}

/** The open level rows (current level) of students. */
export async function currentLevels(exec: Executor, studentIds: number[]): Promise<Map<number, CurrentLevel>> {
  if (!studentIds.length) return new Map();
  const rows = await exec
    .select({
      studentId: btqStudentLevels.studentId,
      rowId: btqStudentLevels.id,
      fromDate: btqStudentLevels.fromDate,
      id: btqLevels.id,
      name: btqLevels.name,
      pages: btqLevels.pages,
      sortOrder: btqLevels.sortOrder,
      methodId: btqMethods.id,
      methodName: btqMethods.name,
      methodKind: btqMethods.kind,
    })
    .from(btqStudentLevels)
    .innerJoin(btqLevels, eq(btqLevels.id, btqStudentLevels.levelId))
    .innerJoin(btqMethods, eq(btqMethods.id, btqLevels.methodId))
    .where(and(inArray(btqStudentLevels.studentId, studentIds), isNull(btqStudentLevels.toDate)));
  return new Map(rows.map(({ studentId, ...level }) => [studentId, level]));
}

export async function nextLevel(exec: Executor, methodId: number, sortOrder: number) {
  const [row] = await exec
    .select({ id: btqLevels.id, name: btqLevels.name })
    .from(btqLevels)
    .where(and(eq(btqLevels.methodId, methodId), gt(btqLevels.sortOrder, sortOrder), eq(btqLevels.isActive, true)))
    .orderBy(asc(btqLevels.sortOrder))
    .limit(1);
  return row ?? null;
}

export async function cutoffsOf(exec: Executor, unitId: number) {
  return exec
    .select({ grade: btqGradeCutoffs.grade, minScore: btqGradeCutoffs.minScore })
    .from(btqGradeCutoffs)
    .where(eq(btqGradeCutoffs.unitId, unitId))
    .orderBy(desc(btqGradeCutoffs.minScore));
}

export async function studentById(exec: Executor, id: number) {
  const [row] = await exec
    .select({ id: students.id, unitId: students.unitId, name: students.name, nis: students.nis })
    .from(students)
    .where(eq(students.id, id));
  return row ?? null;
}

const entryColumns = {
  id: btqProgress.id,
  studentId: btqProgress.studentId,
  studentName: students.name,
  groupId: btqProgress.groupId,
  date: btqProgress.date,
  levelId: btqProgress.levelId,
  levelName: btqLevels.name,
  kind: btqProgress.kind,
  pageFrom: btqProgress.pageFrom,
  pageTo: btqProgress.pageTo,
  juz: btqProgress.juz,
  surah: btqProgress.surah,
  ayatFrom: btqProgress.ayatFrom,
  ayatTo: btqProgress.ayatTo,
  score: btqProgress.score,
  grade: btqProgress.grade,
  note: btqProgress.note,
  teacherName: btqTeachers.name,
};

export async function entries(
  exec: Executor,
  filter: { studentIds: number[]; groupId?: number; date?: string; levelId?: number; limit?: number },
): Promise<BtqProgressEntry[]> {
  if (!filter.studentIds.length) return [];
  return exec
    .select(entryColumns)
    .from(btqProgress)
    .innerJoin(students, eq(students.id, btqProgress.studentId))
    .innerJoin(btqLevels, eq(btqLevels.id, btqProgress.levelId))
    .leftJoin(btqTeachers, eq(btqTeachers.id, btqProgress.teacherId))
    .where(
      and(
        inArray(btqProgress.studentId, filter.studentIds),
        filter.groupId ? eq(btqProgress.groupId, filter.groupId) : undefined,
        filter.date ? eq(btqProgress.date, filter.date) : undefined,
        filter.levelId ? eq(btqProgress.levelId, filter.levelId) : undefined,
      ),
    )
    .orderBy(desc(btqProgress.date), desc(btqProgress.id))
    .limit(filter.limit ?? 500);
}

/** The last entry of each student on a level (the furthest page of the latest date). */
export async function lastEntries(exec: Executor, pairs: { studentId: number; levelId: number }[]) {
  const out = new Map<number, BtqProgressEntry>();
  for (const { studentId, levelId } of pairs) {
    const [row] = await entries(exec, { studentIds: [studentId], levelId, limit: 1 });
    if (row) out.set(studentId, row);
  }
  return out;
}

const fromLevel = aliasedTable(btqLevels, 'from_level');
const toLevel = aliasedTable(btqLevels, 'to_level');
const proposer = aliasedTable(btqTeachers, 'proposer');
const tester = aliasedTable(btqTeachers, 'tester');

export async function promotions(
  exec: Executor,
  filter: { id?: number; unitId?: number | null; status?: BtqPromotion['status']; studentId?: number },
): Promise<BtqPromotion[]> {
  const rows = await exec
    .select({
      id: btqPromotions.id,
      unitId: btqPromotions.unitId,
      studentId: btqPromotions.studentId,
      studentName: students.name,
      fromLevel: fromLevel.name,
      toLevel: toLevel.name,
      status: btqPromotions.status,
      proposedBy: proposer.name,
      proposedAt: btqPromotions.proposedAt,
      testKind: btqPromotions.testKind,
      tester: tester.name,
      testResult: btqPromotions.testResult,
      testScore: btqPromotions.testScore,
      testNote: btqPromotions.testNote,
      decidedAt: btqPromotions.decidedAt,
      decisionNote: btqPromotions.decisionNote,
    })
    .from(btqPromotions)
    .innerJoin(students, eq(students.id, btqPromotions.studentId))
    .innerJoin(fromLevel, eq(fromLevel.id, btqPromotions.fromLevelId))
    .innerJoin(toLevel, eq(toLevel.id, btqPromotions.toLevelId))
    .leftJoin(proposer, eq(proposer.id, btqPromotions.proposedByTeacherId))
    .leftJoin(tester, eq(tester.id, btqPromotions.testerTeacherId))
    .where(
      and(
        filter.id ? eq(btqPromotions.id, filter.id) : undefined,
        filter.unitId ? eq(btqPromotions.unitId, filter.unitId) : undefined,
        filter.status ? eq(btqPromotions.status, filter.status) : undefined,
        filter.studentId ? eq(btqPromotions.studentId, filter.studentId) : undefined,
      ),
    )
    .orderBy(desc(btqPromotions.proposedAt), desc(btqPromotions.id))
    .limit(500);
  return rows.map((r) => ({
    ...r,
    proposedAt: r.proposedAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
  }));
}

/** The open promotion status of students (PROPOSED or TESTED). */
export async function openPromotions(exec: Executor, studentIds: number[]) {
  if (!studentIds.length) return new Map<number, 'PROPOSED' | 'TESTED'>();
  const rows = await exec
    .select({ studentId: btqPromotions.studentId, status: btqPromotions.status })
    .from(btqPromotions)
    .where(and(inArray(btqPromotions.studentId, studentIds), inArray(btqPromotions.status, ['PROPOSED', 'TESTED'])));
  return new Map(rows.map((r) => [r.studentId, r.status as 'PROPOSED' | 'TESTED']));
}

const num = (v: unknown) => Number(v ?? 0);
const inList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Progress numbers per group and level in a date range. */
export async function recapProgress(exec: Executor, groupIds: number[], from: string, to: string) {
  if (!groupIds.length) return [];
  const rows = await exec.execute<Record<string, unknown>>(sql`
    select p.group_id, g.name as group_name, p.level_id, l.name as level_name, l.sort_order,
      count(*) as entries, count(distinct p.student_id) as students,
      coalesce(sum(case when p.page_from is not null then p.page_to - p.page_from + 1 else 0 end), 0) as pages,
      coalesce(sum(case when p.kind = 'ZIYADAH' and p.ayat_from is not null then p.ayat_to - p.ayat_from + 1 else 0 end), 0) as ayat,
      avg(p.score) as average_score
    from btq_progress p
    join btq_groups g on g.id = p.group_id
    join btq_levels l on l.id = p.level_id
    where p.group_id in (${inList(groupIds)})
    and p.date between ${from} and ${to}
    group by p.group_id, g.name, p.level_id, l.name, l.sort_order
    order by g.name, l.sort_order`);
  return rows.rows.map((r) => ({
    groupId: num(r.group_id),
    groupName: String(r.group_name),
    levelId: num(r.level_id),
    levelName: String(r.level_name),
    students: num(r.students),
    entries: num(r.entries),
    pages: num(r.pages),
    ayat: num(r.ayat),
    averageScore: r.average_score === null ? null : Math.round(Number(r.average_score) * 10) / 10,
  }));
}

/** Levels finished (closed rows) in the range by members of the groups, and the average days spent on each. */
export async function recapLevelTimes(exec: Executor, groupIds: number[], from: string, to: string) {
  if (!groupIds.length) return [];
  const rows = await exec.execute<Record<string, unknown>>(sql`
    select l.id as level_id, l.name as level_name, count(*) as promoted, avg(sl.to_date - sl.from_date) as average_days
    from btq_student_levels sl
    join btq_levels l on l.id = sl.level_id
    where sl.to_date between ${from} and ${to}
      and exists (select 1 from btq_group_members m where m.student_id = sl.student_id and m.group_id in (${inList(groupIds)}))
    group by l.id, l.name, l.sort_order
    order by l.sort_order, l.name`);
  return rows.rows.map((r) => ({
    levelId: num(r.level_id),
    levelName: String(r.level_name),
    promoted: num(r.promoted),
    averageDays: Math.round(Number(r.average_days) * 10) / 10,
  }));
}

export async function recapPresence(exec: Executor, groupIds: number[], from: string, to: string) {
  if (!groupIds.length) return [];
  const rows = await exec.execute<Record<string, unknown>>(sql`
    select g.id as group_id, g.name as group_name,
      count(*) filter (where pr.status = 'HADIR') as hadir, count(*) filter (where pr.status = 'IZIN') as izin,
      count(*) filter (where pr.status = 'SAKIT') as sakit, count(*) filter (where pr.status = 'ALPA') as alpa
    from btq_sessions s
    join btq_groups g on g.id = s.group_id
    join btq_presence pr on pr.session_id = s.id
    where s.group_id in (${inList(groupIds)}) and s.date between ${from} and ${to}
    group by g.id, g.name
    order by g.name`);
  return rows.rows.map((r) => ({
    groupId: num(r.group_id),
    groupName: String(r.group_name),
    HADIR: num(r.hadir),
    IZIN: num(r.izin),
    SAKIT: num(r.sakit),
    ALPA: num(r.alpa),
  }));
}

/** The open members of groups with their current level's name. */
export async function recapStudents(exec: Executor, groupIds: number[]) {
  if (!groupIds.length) return [];
  return exec
    .select({
      studentId: students.id,
      name: students.name,
      groupName: btqGroups.name,
      levelName: btqLevels.name,
    })
    .from(btqGroupMembers)
    .innerJoin(students, eq(students.id, btqGroupMembers.studentId))
    .innerJoin(btqGroups, eq(btqGroups.id, btqGroupMembers.groupId))
    .leftJoin(btqStudentLevels, and(eq(btqStudentLevels.studentId, students.id), isNull(btqStudentLevels.toDate)))
    .leftJoin(btqLevels, eq(btqLevels.id, btqStudentLevels.levelId))
    .where(and(inArray(btqGroupMembers.groupId, groupIds), isNull(btqGroupMembers.toDate)))
    .orderBy(asc(btqGroups.name), asc(students.name));
}
