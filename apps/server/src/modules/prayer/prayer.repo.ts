import { eq, sql, type SQL } from 'drizzle-orm';
import { type Prayer, type PrayerStatus, type UdzurReason } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import { prayerPenalties, prayerRecords, prayerRules } from '../../db/schema/index.ts';

export type ClassRow = {
  id: number;
  name: string;
  unitId: number;
  gradeId: number;
  gradeName: string;
};

/** The classes of the active school year of a unit (every unit when null), by grade and name. */
export async function activeClasses(exec: Executor, unitId: number | null): Promise<ClassRow[]> {
  const result = await exec.execute<ClassRow>(sql`
    select cg.id, cg.name, cg.unit_id as "unitId", g.id as "gradeId", g.name as "gradeName"
    from class_groups cg join academic_years y on y.id = cg.academic_year_id and y.is_active
    join grades g on g.id = cg.grade_id
    where (${unitId}::int is null or cg.unit_id = ${unitId}::int)
    order by g.level, cg.name, cg.id`);
  return result.rows;
}

export async function classById(exec: Executor, id: number): Promise<ClassRow | undefined> {
  const result = await exec.execute<ClassRow>(sql`
    select cg.id, cg.name, cg.unit_id as "unitId", g.id as "gradeId", g.name as "gradeName"
    from class_groups cg join grades g on g.id = cg.grade_id where cg.id = ${id}`);
  return result.rows[0];
}

export type SheetRecord = {
  studentId: number;
  status: PrayerStatus;
  reason: UdzurReason | null;
  recordedBy: string | null;
  recordedAt: Date | string;
};

export async function recordsOf(
  exec: Executor,
  studentIds: number[],
  date: string,
  prayer: Prayer,
): Promise<SheetRecord[]> {
  if (studentIds.length === 0) return [];
  const result = await exec.execute<SheetRecord>(sql`
    select r.student_id as "studentId", r.status, r.reason, u.display_name as "recordedBy", r.recorded_at as "recordedAt"
    from prayer_records r left join users u on u.id = r.recorded_by_user_id
    where r.student_id = any(${`{${studentIds.join(',')}}`}::int[]) and r.date = ${date} and r.prayer = ${prayer}`);
  return result.rows;
}

/** Serialises the prayer saves of one student (sorted ids: two saves never wait on each other in a cycle). */
export async function lockStudents(exec: Executor, studentIds: number[]): Promise<void> {
  for (const id of [...studentIds].sort((a, b) => a - b)) {
    await exec.execute(sql`select pg_advisory_xact_lock(7302, ${id})`);
  }
}

export interface UpsertRow {
  unitId: number;
  studentId: number;
  classGroupId: number;
  date: string;
  prayer: Prayer;
  status: PrayerStatus;
  reason: UdzurReason | null;
  recordedByUserId: number;
  recordedAt: Date;
}

export async function upsertRecords(exec: Executor, rows: UpsertRow[]): Promise<void> {
  if (rows.length === 0) return;
  await exec
    .insert(prayerRecords)
    .values(rows)
    .onConflictDoUpdate({
      target: [prayerRecords.studentId, prayerRecords.date, prayerRecords.prayer],
      set: {
        status: sql`excluded.status`,
        reason: sql`excluded.reason`,
        classGroupId: sql`excluded.class_group_id`,
        recordedByUserId: sql`excluded.recorded_by_user_id`,
        recordedAt: sql`excluded.recorded_at`,
      },
    });
}

export async function absencesInMonth(exec: Executor, studentId: number, from: string, to: string): Promise<number> {
  const result = await exec.execute<{ n: number }>(sql`
    select count(*)::int as n from prayer_records
    where student_id = ${studentId} and status = 'TIDAK_SALAT' and date between ${from} and ${to}`);
  return result.rows[0]?.n ?? 0;
}

export async function ruleOf(exec: Executor, unitId: number) {
  const [row] = await exec.select().from(prayerRules).where(eq(prayerRules.unitId, unitId));
  return row;
}

export async function saveRule(
  exec: Executor,
  values: { unitId: number; threshold: number; points: number; isActive: boolean },
) {
  const [row] = await exec
    .insert(prayerRules)
    .values(values)
    .onConflictDoUpdate({ target: prayerRules.unitId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}

/** Records the threshold of a student and month as applied; null when it already was. */
export async function insertPenalty(
  exec: Executor,
  values: { unitId: number; studentId: number; month: string; absences: number; threshold: number; points: number },
): Promise<number | null> {
  const [row] = await exec
    .insert(prayerPenalties)
    .values(values)
    .onConflictDoNothing({ target: [prayerPenalties.studentId, prayerPenalties.month] })
    .returning({ id: prayerPenalties.id });
  return row?.id ?? null;
}

export async function setPenaltyLine(exec: Executor, id: number, ledgerLineId: number): Promise<void> {
  await exec.update(prayerPenalties).set({ ledgerLineId }).where(eq(prayerPenalties.id, id));
}

export type AggregateRow = {
  studentId: number;
  nis: string | null;
  name: string;
  classGroupId: number;
  className: string;
  gradeId: number;
  gradeName: string;
  gradeLevel: number;
  status: PrayerStatus;
  n: number;
};

/** Counts per student, class and status in a date range, for a unit (or every unit) and optional filters. */
export async function aggregate(
  exec: Executor,
  f: {
    unitId: number | null;
    from: string;
    to: string;
    prayer?: Prayer;
    /** the classes the caller may read (access.reachableIds); absent: every class */
    classes?: SQL;
    classGroupId?: number;
    gradeId?: number;
  },
): Promise<AggregateRow[]> {
  const result = await exec.execute<AggregateRow>(sql`
    select r.student_id as "studentId", s.nis, s.name, cg.id as "classGroupId", cg.name as "className",
      g.id as "gradeId", g.name as "gradeName", g.level as "gradeLevel", r.status, count(*)::int as n
    from prayer_records r join students s on s.id = r.student_id
    join class_groups cg on cg.id = r.class_group_id join grades g on g.id = cg.grade_id
    where r.date between ${f.from} and ${f.to}
      and (${f.unitId}::int is null or r.unit_id = ${f.unitId}::int)
      and (${f.prayer ?? null}::text is null or r.prayer = ${f.prayer ?? null}::text)
      ${f.classes ? sql`and r.class_group_id in ${f.classes}` : sql``}
      and (${f.classGroupId ?? null}::int is null or r.class_group_id = ${f.classGroupId ?? null}::int)
      and (${f.gradeId ?? null}::int is null or cg.grade_id = ${f.gradeId ?? null}::int)
    group by r.student_id, s.nis, s.name, cg.id, cg.name, g.id, g.name, g.level, r.status
    order by g.level, cg.name, s.name, r.student_id`);
  return result.rows;
}

/** Counts per day and status of a unit's prayer in a date range. */
export async function perDay(exec: Executor, unitId: number | null, prayer: Prayer, from: string, to: string) {
  const result = await exec.execute<{ date: string; status: PrayerStatus; n: number }>(sql`
    select r.date::text as date, r.status, count(*)::int as n from prayer_records r
    where r.prayer = ${prayer} and r.date between ${from} and ${to}
      and (${unitId}::int is null or r.unit_id = ${unitId}::int)
    group by r.date, r.status order by r.date`);
  return result.rows;
}

/** Counts per class and status of one prayer on one day. */
export async function perClassOn(exec: Executor, unitId: number | null, prayer: Prayer, date: string) {
  const result = await exec.execute<{ classGroupId: number; status: PrayerStatus; n: number }>(sql`
    select r.class_group_id as "classGroupId", r.status, count(*)::int as n from prayer_records r
    where r.prayer = ${prayer} and r.date = ${date} and (${unitId}::int is null or r.unit_id = ${unitId}::int)
    group by r.class_group_id, r.status`);
  return result.rows;
}

export async function ownRecords(exec: Executor, studentId: number, from: string, to: string) {
  const result = await exec.execute<{ date: string; prayer: Prayer; status: PrayerStatus; reason: UdzurReason | null }>(
    sql`select date::text as date, prayer, status, reason from prayer_records
        where student_id = ${studentId} and date between ${from} and ${to} order by date, prayer desc`,
  );
  return result.rows;
}
