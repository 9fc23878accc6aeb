import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  achievements,
  disciplineSettings,
  disciplineThresholds,
  employees,
  pointLedger,
  sanctions,
  students,
  units,
  violationRules,
  violations,
  type EvidenceFile,
} from '../../db/schema/index.ts';
import { arrayParam, escapeLike, offsetOf, sqlNow } from '../../lib/sql.ts';
import { activeYearClassJoinSql } from '../school/school.service.ts';

// ---------- students, units, employees ----------

/** The student's current class: the open enrollment of the active year (joined into every list). */
const CLASS_OF = (student: string) => activeYearClassJoinSql(sql.raw(`${student}.id`));

/** The filters every student list of discipline shares (violations, achievements, sanctions). */
interface StudentListFilter {
  unitId: number | null;
  studentId?: number;
  classGroupId?: number;
  from?: string;
  to?: string;
  q?: string;
}

/** Those filters as conditions: `row` is the list's alias (its unit_id and student_id), `day` what from/to bound. */
function studentListParts(row: string, day: SQL, f: StudentListFilter): SQL[] {
  const r = sql.raw(row);
  const parts: SQL[] = [sql`true`];
  if (f.unitId !== null) parts.push(sql`${r}.unit_id = ${f.unitId}`);
  if (f.studentId !== undefined) parts.push(sql`${r}.student_id = ${f.studentId}`);
  if (f.classGroupId !== undefined) parts.push(sql`cls.id = ${f.classGroupId}`);
  if (f.from) parts.push(sql`${day} >= ${f.from}`);
  if (f.to) parts.push(sql`${day} <= ${f.to}`);
  if (f.q) parts.push(sql`(s.name ilike ${`%${escapeLike(f.q)}%`} or s.nis ilike ${`%${escapeLike(f.q)}%`})`);
  return parts;
}

/**
 * One page of a student list and the count of all that match: `select` ends in the list's joins (students `s`,
 * the class `cls`), `table` is e.g. `violations v`, `order` the page's order.
 */
async function studentListPage<T extends Record<string, unknown>>(
  db: Executor,
  list: { select: SQL; table: string; where: SQL; order: string },
  page: { page: number; pageSize: number },
) {
  const { select, table, where, order } = list;
  const alias = table.split(' ')[1]!;
  const [items, total] = await Promise.all([
    db.execute<T>(
      sql`${select} where ${where} order by ${sql.raw(order)} limit ${page.pageSize} offset ${offsetOf(page)}`,
    ),
    db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.raw(table)}
      join students s on s.id = ${sql.raw(alias)}.student_id ${CLASS_OF('s')} where ${where}`),
  ]);
  return { items: items.rows, total: total.rows[0]?.n ?? 0, page: page.page, pageSize: page.pageSize };
}

export async function findStudent(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: students.id,
      unitId: students.unitId,
      name: students.name,
      nis: students.nis,
      fatherName: students.fatherName,
      motherName: students.motherName,
      guardianName: students.guardianName,
      address: students.address,
      userId: students.userId,
    })
    .from(students)
    .where(eq(students.id, id));
  return row;
}

export async function findEmployee(db: Executor, id: number) {
  const [row] = await db
    .select({ id: employees.id, unitId: employees.unitId, isActive: employees.isActive })
    .from(employees)
    .where(eq(employees.id, id));
  return row;
}

export async function findUnitName(db: Executor, id: number) {
  const [row] = await db.select({ name: units.name }).from(units).where(eq(units.id, id));
  return row?.name ?? null;
}

/** Serialises every change of one student's ledger (the balance read and the line written are one step). */
export async function lockStudentLedger(db: Executor, studentId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(7301, ${studentId})`);
}

// ---------- settings, rules, thresholds ----------

export async function findSettings(db: Executor, unitId: number) {
  const [row] = await db.select().from(disciplineSettings).where(eq(disciplineSettings.unitId, unitId));
  return row;
}

export async function upsertSettings(db: Executor, values: typeof disciplineSettings.$inferInsert) {
  await db
    .insert(disciplineSettings)
    .values(values)
    .onConflictDoUpdate({
      target: disciplineSettings.unitId,
      set: {
        achievementsOffset: values.achievementsOffset,
        pointsByLevel: values.pointsByLevel,
        updatedAt: sqlNow(),
      },
    });
}

const ruleColumns = {
  id: violationRules.id,
  unitId: violationRules.unitId,
  code: violationRules.code,
  name: violationRules.name,
  category: violationRules.category,
  points: violationRules.points,
  isActive: violationRules.isActive,
};

export function listRules(db: Executor, unitId: number, onlyActive: boolean) {
  return db
    .select(ruleColumns)
    .from(violationRules)
    .where(and(eq(violationRules.unitId, unitId), onlyActive ? eq(violationRules.isActive, true) : undefined))
    .orderBy(asc(violationRules.code));
}

export async function findRule(db: Executor, id: number) {
  const [row] = await db.select(ruleColumns).from(violationRules).where(eq(violationRules.id, id));
  return row;
}

export async function findRuleByCode(db: Executor, unitId: number, code: string) {
  const [row] = await db
    .select(ruleColumns)
    .from(violationRules)
    .where(and(eq(violationRules.unitId, unitId), sql`lower(${violationRules.code}) = lower(${code})`));
  return row;
}

export async function insertRule(db: Executor, values: typeof violationRules.$inferInsert) {
  const [row] = await db.insert(violationRules).values(values).returning(ruleColumns);
  return row!;
}

export async function updateRule(db: Executor, id: number, values: Partial<typeof violationRules.$inferInsert>) {
  const [row] = await db
    .update(violationRules)
    .set({ ...values, updatedAt: sqlNow() })
    .where(eq(violationRules.id, id))
    .returning(ruleColumns);
  return row!;
}

const thresholdColumns = {
  id: disciplineThresholds.id,
  unitId: disciplineThresholds.unitId,
  points: disciplineThresholds.points,
  kind: disciplineThresholds.kind,
  title: disciplineThresholds.title,
  isActive: disciplineThresholds.isActive,
};

export function listThresholds(db: Executor, unitId: number, onlyActive: boolean) {
  return db
    .select(thresholdColumns)
    .from(disciplineThresholds)
    .where(
      and(eq(disciplineThresholds.unitId, unitId), onlyActive ? eq(disciplineThresholds.isActive, true) : undefined),
    )
    .orderBy(asc(disciplineThresholds.points));
}

export async function findThreshold(db: Executor, id: number) {
  const [row] = await db.select(thresholdColumns).from(disciplineThresholds).where(eq(disciplineThresholds.id, id));
  return row;
}

export async function findThresholdByPoints(db: Executor, unitId: number, points: number) {
  const [row] = await db
    .select(thresholdColumns)
    .from(disciplineThresholds)
    .where(and(eq(disciplineThresholds.unitId, unitId), eq(disciplineThresholds.points, points)));
  return row;
}

export async function insertThreshold(db: Executor, values: typeof disciplineThresholds.$inferInsert) {
  const [row] = await db.insert(disciplineThresholds).values(values).returning(thresholdColumns);
  return row!;
}

export async function updateThreshold(
  db: Executor,
  id: number,
  values: Partial<typeof disciplineThresholds.$inferInsert>,
) {
  const [row] = await db
    .update(disciplineThresholds)
    .set({ ...values, updatedAt: sqlNow() })
    .where(eq(disciplineThresholds.id, id))
    .returning(thresholdColumns);
  return row!;
}

export async function deleteThreshold(db: Executor, id: number) {
  await db.delete(disciplineThresholds).where(eq(disciplineThresholds.id, id));
}

// ---------- violations ----------

export type ViolationRow = {
  id: number;
  unitId: number;
  studentId: number;
  studentName: string;
  nis: string;
  className: string | null;
  ruleId: number;
  ruleCode: string;
  ruleName: string;
  category: 'RINGAN' | 'SEDANG' | 'BERAT';
  points: number;
  occurredOn: string;
  occurredTime: string | null;
  place: string | null;
  witness: string | null;
  notes: string | null;
  evidence: EvidenceFile | null;
  status: 'REPORTED' | 'VERIFIED' | 'REJECTED';
  reporterUserId: number | null;
  reporterName: string | null;
  decidedByName: string | null;
  decidedAt: string | null;
  rejectReason: string | null;
  createdAt: string;
};

const VIOLATION_SELECT = sql`
  select v.id, v.unit_id as "unitId", v.student_id as "studentId", s.name as "studentName", s.nis,
         cls.name as "className", v.rule_id as "ruleId", r.code as "ruleCode", r.name as "ruleName",
         r.category, v.points, v.occurred_on::text as "occurredOn", v.occurred_time as "occurredTime", v.place,
         v.witness, v.notes, v.evidence, v.status, v.reporter_user_id as "reporterUserId",
         ru.display_name as "reporterName", du.display_name as "decidedByName", v.decided_at as "decidedAt",
         v.reject_reason as "rejectReason", v.created_at as "createdAt"
    from violations v
    join students s on s.id = v.student_id
    join violation_rules r on r.id = v.rule_id
    left join users ru on ru.id = v.reporter_user_id
    left join users du on du.id = v.decided_by_user_id
    ${CLASS_OF('s')}`;

export interface ViolationFilter {
  unitId: number | null;
  /** the caller's reach over `v` (access.filter of the violation rule) */
  reach?: SQL;
  reporterUserId?: number;
  studentId?: number;
  classGroupId?: number;
  status?: 'REPORTED' | 'VERIFIED' | 'REJECTED';
  from?: string;
  to?: string;
  q?: string;
}

function violationWhere(f: ViolationFilter): SQL {
  const parts = studentListParts('v', sql`v.occurred_on`, f);
  if (f.reach) parts.push(f.reach);
  if (f.reporterUserId !== undefined) parts.push(sql`v.reporter_user_id = ${f.reporterUserId}`);
  if (f.status) parts.push(sql`v.status = ${f.status}`);
  return sql.join(parts, sql` and `);
}

export async function listViolations(db: Executor, f: ViolationFilter, page: { page: number; pageSize: number }) {
  const where = violationWhere(f);
  const order = 'v.occurred_on desc, v.id desc';
  return studentListPage<ViolationRow>(db, { select: VIOLATION_SELECT, table: 'violations v', where, order }, page);
}

export async function findViolation(db: Executor, id: number) {
  const { rows } = await db.execute<ViolationRow>(sql`${VIOLATION_SELECT} where v.id = ${id}`);
  return rows[0];
}

/** A report of the same rule for the student on the same day that still counts (not rejected), the earliest. */
export async function sameDayViolation(db: Executor, studentId: number, ruleId: number, occurredOn: string) {
  const { rows } = await db.execute<{ id: number; reporterName: string | null }>(sql`
    select v.id, u.display_name as "reporterName"
      from violations v left join users u on u.id = v.reporter_user_id
     where v.student_id = ${studentId} and v.rule_id = ${ruleId} and v.occurred_on = ${occurredOn}
       and v.status <> 'REJECTED'
     order by v.id limit 1`);
  return rows[0];
}

/** The violation's row locked for the transaction that decides it. */
export async function lockViolation(db: Executor, id: number) {
  const { rows } = await db.execute<{ id: number; status: string; unitId: number; studentId: number }>(
    sql`select id, status, unit_id as "unitId", student_id as "studentId" from violations where id = ${id} for update`,
  );
  return rows[0];
}

export async function insertViolation(db: Executor, values: typeof violations.$inferInsert) {
  const [row] = await db.insert(violations).values(values).returning({ id: violations.id });
  return row!.id;
}

export async function updateViolation(db: Executor, id: number, values: Partial<typeof violations.$inferInsert>) {
  await db
    .update(violations)
    .set({ ...values, updatedAt: sqlNow() })
    .where(eq(violations.id, id));
}

// ---------- achievements ----------

export type AchievementRow = {
  id: number;
  unitId: number;
  studentId: number;
  studentName: string;
  nis: string;
  className: string | null;
  date: string;
  title: string;
  field: 'AKADEMIK' | 'OLAHRAGA' | 'SENI' | 'KEAGAMAAN' | 'LAINNYA';
  level: 'SEKOLAH' | 'KECAMATAN' | 'KABUPATEN' | 'PROVINSI' | 'NASIONAL' | 'INTERNASIONAL';
  rank: string;
  organiser: string | null;
  notes: string | null;
  evidence: EvidenceFile | null;
  creditPoints: number;
  createdAt: string;
};

const ACHIEVEMENT_SELECT = sql`
  select a.id, a.unit_id as "unitId", a.student_id as "studentId", s.name as "studentName", s.nis,
         cls.name as "className", a.date::text as date, a.title, a.field, a.level, a.rank, a.organiser, a.notes,
         a.evidence, coalesce(-l.points, 0)::int as "creditPoints", a.created_at as "createdAt"
    from achievements a
    join students s on s.id = a.student_id
    left join point_ledger l on l.source = 'achievement' and l.ref_id = a.id
    ${CLASS_OF('s')}`;

export interface AchievementFilter {
  unitId: number | null;
  /** only students of these classes (a homeroom teacher's) */
  classIds?: number[];
  studentId?: number;
  classGroupId?: number;
  field?: string;
  level?: string;
  from?: string;
  to?: string;
  q?: string;
}

function achievementWhere(f: AchievementFilter): SQL {
  const parts = studentListParts('a', sql`a.date`, f);
  if (f.classIds) parts.push(sql`cls.id = any(${arrayParam(f.classIds)}::int[])`);
  if (f.field) parts.push(sql`a.field = ${f.field}`);
  if (f.level) parts.push(sql`a.level = ${f.level}`);
  return sql.join(parts, sql` and `);
}

export async function listAchievements(db: Executor, f: AchievementFilter, page: { page: number; pageSize: number }) {
  const where = achievementWhere(f);
  const order = 'a.date desc, a.id desc';
  return studentListPage<AchievementRow>(
    db,
    { select: ACHIEVEMENT_SELECT, table: 'achievements a', where, order },
    page,
  );
}

export async function findAchievement(db: Executor, id: number) {
  const { rows } = await db.execute<AchievementRow>(sql`${ACHIEVEMENT_SELECT} where a.id = ${id}`);
  return rows[0];
}

export async function insertAchievement(db: Executor, values: typeof achievements.$inferInsert) {
  const [row] = await db.insert(achievements).values(values).returning({ id: achievements.id });
  return row!.id;
}

export async function updateAchievement(db: Executor, id: number, values: Partial<typeof achievements.$inferInsert>) {
  await db
    .update(achievements)
    .set({ ...values, updatedAt: sqlNow() })
    .where(eq(achievements.id, id));
}

// ---------- ledger ----------

export async function yearBalance(db: Executor, studentId: number, schoolYear: string) {
  const { rows } = await db.execute<{ n: number }>(
    sql`select coalesce(sum(points), 0)::int as n from point_ledger where student_id = ${studentId} and school_year = ${schoolYear}`,
  );
  return rows[0]?.n ?? 0;
}

export async function insertLedgerLine(db: Executor, values: typeof pointLedger.$inferInsert) {
  const [row] = await db.insert(pointLedger).values(values).returning({ id: pointLedger.id });
  return row!.id;
}

export type LedgerRow = {
  id: number;
  date: string;
  source: string;
  points: number;
  refId: number | null;
  note: string | null;
  createdByName: string | null;
  createdAt: string;
};

export async function ledgerLines(db: Executor, studentId: number, schoolYear: string) {
  const { rows } = await db.execute<LedgerRow>(sql`
    select l.id, l.date::text as date, l.source, l.points, l.ref_id as "refId", l.note,
           u.display_name as "createdByName", l.created_at as "createdAt"
      from point_ledger l left join users u on u.id = l.created_by_user_id
     where l.student_id = ${studentId} and l.school_year = ${schoolYear}
     order by l.id`);
  return rows;
}

export async function ledgerLineExists(db: Executor, source: string, refId: number) {
  const { rows } = await db.execute<{ id: number }>(
    sql`select id from point_ledger where source = ${source} and ref_id = ${refId}`,
  );
  return rows.length > 0;
}

// ---------- sanctions ----------

/** The thresholds with a live proposal for the student in the year. */
export async function liveThresholdIds(db: Executor, studentId: number, schoolYear: string) {
  const rows = await db
    .select({ thresholdId: sanctions.thresholdId })
    .from(sanctions)
    .where(and(eq(sanctions.studentId, studentId), eq(sanctions.schoolYear, schoolYear), eq(sanctions.live, true)));
  return new Set(rows.map((r) => r.thresholdId).filter((id): id is number => id !== null));
}

export async function releaseSanctions(db: Executor, studentId: number, schoolYear: string, thresholdIds: number[]) {
  if (!thresholdIds.length) return;
  await db.execute(sql`update sanctions set live = false, updated_at = ${sqlNow()}
    where student_id = ${studentId} and school_year = ${schoolYear} and live
      and threshold_id = any(${arrayParam(thresholdIds)}::int[])`);
}

/** Inserts a proposal unless a live one of the threshold exists (the unique index decides under concurrency). */
export async function insertProposal(db: Executor, values: typeof sanctions.$inferInsert) {
  const rows = await db.insert(sanctions).values(values).onConflictDoNothing().returning({ id: sanctions.id });
  return rows[0]?.id ?? null;
}

export type SanctionRow = {
  id: number;
  unitId: number;
  studentId: number;
  studentName: string;
  nis: string;
  className: string | null;
  schoolYear: string;
  thresholdPoints: number | null;
  kind: string;
  title: string;
  status: 'PROPOSED' | 'CONFIRMED' | 'REJECTED' | 'COMPLETED';
  balance: number;
  live: boolean;
  startDate: string | null;
  endDate: string | null;
  supervisorEmployeeId: number | null;
  supervisorName: string | null;
  doneDate: string | null;
  completionNotes: string | null;
  decisionReason: string | null;
  decidedByName: string | null;
  decidedAt: string | null;
  createdAt: string;
};

const SANCTION_SELECT = sql`
  select x.id, x.unit_id as "unitId", x.student_id as "studentId", s.name as "studentName", s.nis,
         cls.name as "className", x.school_year as "schoolYear", x.threshold_points as "thresholdPoints", x.kind,
         x.title, x.status, x.balance, x.live, x.start_date::text as "startDate", x.end_date::text as "endDate",
         x.supervisor_employee_id as "supervisorEmployeeId", e.name as "supervisorName",
         x.done_date::text as "doneDate", x.completion_notes as "completionNotes",
         x.decision_reason as "decisionReason", du.display_name as "decidedByName", x.decided_at as "decidedAt",
         x.created_at as "createdAt"
    from sanctions x
    join students s on s.id = x.student_id
    left join employees e on e.id = x.supervisor_employee_id
    left join users du on du.id = x.decided_by_user_id
    ${CLASS_OF('s')}`;

export interface SanctionFilter {
  unitId: number | null;
  /** the caller's reach over `x` (access.filter of the sanction rule) */
  reach?: SQL;
  studentId?: number;
  classGroupId?: number;
  status?: string;
  from?: string;
  to?: string;
  q?: string;
}

function sanctionWhere(f: SanctionFilter): SQL {
  const parts = studentListParts('x', sql`(x.created_at at time zone 'Asia/Jakarta')::date`, f);
  if (f.reach) parts.push(f.reach);
  if (f.status) parts.push(sql`x.status = ${f.status}`);
  return sql.join(parts, sql` and `);
}

export async function listSanctions(db: Executor, f: SanctionFilter, page: { page: number; pageSize: number }) {
  const where = sanctionWhere(f);
  const order = 'x.created_at desc, x.id desc';
  return studentListPage<SanctionRow>(db, { select: SANCTION_SELECT, table: 'sanctions x', where, order }, page);
}

export async function findSanction(db: Executor, id: number) {
  const { rows } = await db.execute<SanctionRow>(sql`${SANCTION_SELECT} where x.id = ${id}`);
  return rows[0];
}

/** The student's current class (the ledger's heading). */
export async function studentClass(db: Executor, studentId: number) {
  const { rows } = await db.execute<{ id: number | null; name: string | null }>(
    sql`select cls.id, cls.name from students s ${CLASS_OF('s')} where s.id = ${studentId}`,
  );
  return { id: rows[0]?.id ?? null, name: rows[0]?.name ?? null };
}

export async function lockSanction(db: Executor, id: number) {
  const { rows } = await db.execute<{ id: number; status: string; unitId: number; studentId: number }>(
    sql`select id, status, unit_id as "unitId", student_id as "studentId" from sanctions where id = ${id} for update`,
  );
  return rows[0];
}

export async function updateSanction(db: Executor, id: number, values: Partial<typeof sanctions.$inferInsert>) {
  await db
    .update(sanctions)
    .set({ ...values, updatedAt: sqlNow() })
    .where(eq(sanctions.id, id));
}

/** The verified violations of the student in the year (the letter lists them). */
export async function verifiedViolationsOf(db: Executor, studentId: number, schoolYear: string) {
  const { rows } = await db.execute<{ occurredOn: string; ruleName: string; points: number }>(sql`
    select v.occurred_on::text as "occurredOn", r.name as "ruleName", v.points
      from violations v join violation_rules r on r.id = v.rule_id
     where v.student_id = ${studentId} and v.school_year = ${schoolYear} and v.status = 'VERIFIED'
     order by v.occurred_on, v.id`);
  return rows;
}

// ---------- recap ----------

export type RecapRow = {
  classGroupId: number | null;
  className: string | null;
  gradeName: string | null;
  month: string;
  violations: number;
  points: number;
  sanctions: number;
};

/** Verified violations and their points, and sanctions (not rejected), per class and month. */
export async function recapRows(db: Executor, unitId: number | null, from: string, to: string) {
  const unit = unitId === null ? sql`true` : sql`x.unit_id = ${unitId}`;
  const { rows } = await db.execute<RecapRow>(sql`
    with facts as (
      select v.student_id, v.unit_id, to_char(v.occurred_on, 'YYYY-MM') as month, 1 as violations,
             v.points, 0 as sanctions
        from violations v where v.status = 'VERIFIED' and v.occurred_on between ${from} and ${to}
      union all
      select x.student_id, x.unit_id, to_char(x.created_at at time zone 'Asia/Jakarta', 'YYYY-MM'), 0, 0, 1
        from sanctions x where x.status <> 'REJECTED'
         and (x.created_at at time zone 'Asia/Jakarta')::date between ${from} and ${to}
    )
    select cls.id as "classGroupId", cls.name as "className", cls.grade_name as "gradeName", x.month,
           sum(x.violations)::int as violations, sum(x.points)::int as points, sum(x.sanctions)::int as sanctions
      from facts x join students s on s.id = x.student_id ${CLASS_OF('s')}
     where ${unit}
     group by cls.id, cls.name, cls.grade_name, x.month
     order by cls.name nulls last, x.month`);
  return rows;
}

type CountRow = { key: string; count: number; points: number };
type ClassCountRow = { className: string | null; violations: number; points: number };

/** The Laporan BK's discipline figures of a unit (or every unit) between two dates: counts, never details. */
export async function reportCounts(db: Executor, unitId: number | null, from: string, to: string) {
  const unit = (alias: string) => (unitId === null ? sql`true` : sql`${sql.raw(alias)}.unit_id = ${unitId}`);
  const [byStatus, byCategory, byClass, sanctionsByStatus, byField, byLevel] = await Promise.all([
    db.execute<CountRow>(sql`
      select v.status as key, count(*)::int as count, coalesce(sum(v.points), 0)::int as points from violations v
       where ${unit('v')} and v.occurred_on between ${from} and ${to} group by v.status`),
    db.execute<CountRow>(sql`
      select r.category as key, count(*)::int as count, coalesce(sum(v.points), 0)::int as points
        from violations v join violation_rules r on r.id = v.rule_id
       where ${unit('v')} and v.status = 'VERIFIED' and v.occurred_on between ${from} and ${to} group by r.category`),
    db.execute<ClassCountRow>(sql`
      select cls.name as "className", count(*)::int as violations, coalesce(sum(v.points), 0)::int as points
        from violations v join students s on s.id = v.student_id ${CLASS_OF('s')}
       where ${unit('v')} and v.status = 'VERIFIED' and v.occurred_on between ${from} and ${to}
       group by cls.name order by cls.name nulls last`),
    db.execute<CountRow>(sql`
      select x.status as key, count(*)::int as count, 0 as points from sanctions x
       where ${unit('x')} and (x.created_at at time zone 'Asia/Jakarta')::date between ${from} and ${to}
       group by x.status`),
    db.execute<CountRow>(sql`
      select a.field as key, count(*)::int as count, 0 as points from achievements a
       where ${unit('a')} and a.date between ${from} and ${to} group by a.field`),
    db.execute<CountRow>(sql`
      select a.level as key, count(*)::int as count, 0 as points from achievements a
       where ${unit('a')} and a.date between ${from} and ${to} group by a.level`),
  ]);
  return {
    byStatus: byStatus.rows,
    byCategory: byCategory.rows,
    byClass: byClass.rows,
    sanctionsByStatus: sanctionsByStatus.rows,
    byField: byField.rows,
    byLevel: byLevel.rows,
  };
}
