import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ApplicantListQuery, ApplicantState } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import {
  academicYears,
  admissionCounters,
  admissionWaves,
  applicantDocuments,
  applicantEvents,
  applicants,
  grades,
  paymentComponents,
  students,
  units,
  users,
} from '../../db/schema/index.ts';
import { escapeLike, offsetOf } from '../../lib/sql.ts';

// SQL of the admission module (issue 17): waves, applicants, their documents and events, the counters.

const waveColumns = {
  id: admissionWaves.id,
  unitId: admissionWaves.unitId,
  unitName: units.name,
  unitCode: units.code,
  academicYearId: admissionWaves.academicYearId,
  academicYearName: academicYears.name,
  academicYearStart: academicYears.startDate,
  gradeId: admissionWaves.gradeId,
  gradeName: grades.name,
  gradeLevel: grades.level,
  name: admissionWaves.name,
  opensOn: admissionWaves.opensOn,
  closesOn: admissionWaves.closesOn,
  quota: admissionWaves.quota,
  registrationFee: admissionWaves.registrationFee,
  entryFee: admissionWaves.entryFee,
  entryFeeComponentId: admissionWaves.entryFeeComponentId,
  testOpensAt: admissionWaves.testOpensAt,
  testClosesAt: admissionWaves.testClosesAt,
  testDurationMinutes: admissionWaves.testDurationMinutes,
  testQuestionCount: admissionWaves.testQuestionCount,
  announceAt: admissionWaves.announceAt,
  isActive: admissionWaves.isActive,
  internal: admissionWaves.internal,
  applicantCount: sql<number>`(select count(*)::int from ${applicants} where ${applicants.waveId} = ${admissionWaves.id} and ${applicants.state} <> 'DRAFT')`,
};

const wavesQuery = (exec: Executor) =>
  exec
    .select(waveColumns)
    .from(admissionWaves)
    .innerJoin(units, eq(units.id, admissionWaves.unitId))
    .innerJoin(academicYears, eq(academicYears.id, admissionWaves.academicYearId))
    .innerJoin(grades, eq(grades.id, admissionWaves.gradeId));

export type WaveRow = Awaited<ReturnType<typeof findWave>> & object;

export async function findWave(exec: Executor, id: number) {
  const [row] = await wavesQuery(exec).where(eq(admissionWaves.id, id));
  return row;
}

export function listWaves(exec: Executor, filter: { unitId: number | null; academicYearId?: number }) {
  const where: SQL[] = [];
  if (filter.unitId !== null) where.push(eq(admissionWaves.unitId, filter.unitId));
  if (filter.academicYearId) where.push(eq(admissionWaves.academicYearId, filter.academicYearId));
  return wavesQuery(exec)
    .where(and(...where))
    .orderBy(desc(academicYears.startDate), asc(units.code), asc(admissionWaves.opensOn), asc(admissionWaves.id));
}

/** Waves taking registrations on `today` (active, between the opening and closing day). */
export function openWaves(exec: Executor, today: string) {
  return wavesQuery(exec)
    .where(
      and(
        eq(admissionWaves.isActive, true),
        eq(admissionWaves.internal, false),
        sql`${admissionWaves.opensOn} <= ${today}`,
        sql`${admissionWaves.closesOn} >= ${today}`,
      ),
    )
    .orderBy(asc(units.code), asc(admissionWaves.closesOn));
}

/** The active internal waves (jalur internal) of a year, of units other than `exceptUnitId`. */
export function internalWaves(exec: Executor, academicYearId: number, exceptUnitId: number) {
  return wavesQuery(exec)
    .where(
      and(
        eq(admissionWaves.internal, true),
        eq(admissionWaves.isActive, true),
        eq(admissionWaves.academicYearId, academicYearId),
        sql`${admissionWaves.unitId} <> ${exceptUnitId}`,
      ),
    )
    .orderBy(asc(units.code), asc(admissionWaves.opensOn), asc(admissionWaves.id));
}

/** Locks a wave's row: offers into it wait for each other (one application per student and wave). */
export async function lockWave(exec: Executor, id: number) {
  await exec.select({ id: admissionWaves.id }).from(admissionWaves).where(eq(admissionWaves.id, id)).for('update');
}

/** Which of the students already hold an internal application in the wave. */
export async function sourceStudentsOfWave(exec: Executor, waveId: number, studentIds: number[]) {
  if (!studentIds.length) return new Set<number>();
  const rows = await exec
    .select({ id: applicants.sourceStudentId })
    .from(applicants)
    .where(and(eq(applicants.waveId, waveId), inArray(applicants.sourceStudentId, studentIds)));
  return new Set(rows.map((r) => r.id!));
}

export const insertEvent = (exec: Executor, values: typeof applicantEvents.$inferInsert) =>
  exec.insert(applicantEvents).values(values);

export const insertWave = async (exec: Executor, values: typeof admissionWaves.$inferInsert) =>
  (await exec.insert(admissionWaves).values(values).returning({ id: admissionWaves.id }))[0]!.id;

export const updateWave = (exec: Executor, id: number, values: Partial<typeof admissionWaves.$inferInsert>) =>
  exec.update(admissionWaves).set(values).where(eq(admissionWaves.id, id));

export const deleteWave = (exec: Executor, id: number) => exec.delete(admissionWaves).where(eq(admissionWaves.id, id));

export async function countApplicantsOfWave(exec: Executor, waveId: number) {
  const [row] = await exec.select({ n: count() }).from(applicants).where(eq(applicants.waveId, waveId));
  return row!.n;
}

export async function findComponent(exec: Executor, id: number) {
  const [row] = await exec.select().from(paymentComponents).where(eq(paymentComponents.id, id));
  return row;
}

export async function gradeAndYear(exec: Executor, gradeId: number, academicYearId: number) {
  const [grade] = await exec.select().from(grades).where(eq(grades.id, gradeId));
  const [year] = await exec.select().from(academicYears).where(eq(academicYears.id, academicYearId));
  return { grade, year };
}

/**
 * The next registration number of a unit and entry year: the counter row is created or bumped under its row
 * lock, so parallel registrations wait for each other and a rolled-back one gives its number back (gapless).
 */
export async function nextRegistrationNo(exec: Executor, unitId: number, year: number) {
  const [row] = await exec
    .insert(admissionCounters)
    .values({ unitId, year, lastNo: 1 })
    .onConflictDoUpdate({
      target: [admissionCounters.unitId, admissionCounters.year],
      set: { lastNo: sql`${admissionCounters.lastNo} + 1` },
    })
    .returning({ lastNo: admissionCounters.lastNo });
  return row!.lastNo;
}

export const insertApplicant = async (exec: Executor, values: typeof applicants.$inferInsert) =>
  (await exec.insert(applicants).values(values).returning({ id: applicants.id, regNo: applicants.regNo }))[0]!;

export const updateApplicant = (exec: Executor, id: number, values: Partial<typeof applicants.$inferInsert>) =>
  exec.update(applicants).set(values).where(eq(applicants.id, id));

export async function findApplicant(exec: Executor, id: number, lock = false) {
  const q = exec.select().from(applicants).where(eq(applicants.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function applicantDetail(exec: Executor, id: number) {
  const [row] = await exec
    .select({
      applicant: applicants,
      waveName: admissionWaves.name,
      unitName: units.name,
      gradeId: admissionWaves.gradeId,
      gradeName: grades.name,
      academicYearId: admissionWaves.academicYearId,
      academicYearName: academicYears.name,
    })
    .from(applicants)
    .innerJoin(admissionWaves, eq(admissionWaves.id, applicants.waveId))
    .innerJoin(units, eq(units.id, applicants.unitId))
    .innerJoin(grades, eq(grades.id, admissionWaves.gradeId))
    .innerJoin(academicYears, eq(academicYears.id, admissionWaves.academicYearId))
    .where(eq(applicants.id, id));
  if (!row) return undefined;
  const [documents, events] = await Promise.all([
    documentsOf(exec, id),
    exec
      .select({
        at: applicantEvents.at,
        fromState: applicantEvents.fromState,
        toState: applicantEvents.toState,
        note: applicantEvents.note,
        byName: users.displayName,
      })
      .from(applicantEvents)
      .leftJoin(users, eq(users.id, applicantEvents.byUserId))
      .where(eq(applicantEvents.applicantId, id))
      .orderBy(asc(applicantEvents.at), asc(applicantEvents.id)),
  ]);
  return { ...row, documents, events };
}

export const documentsOf = (exec: Executor, applicantId: number) =>
  exec
    .select()
    .from(applicantDocuments)
    .where(eq(applicantDocuments.applicantId, applicantId))
    .orderBy(asc(applicantDocuments.kind), asc(applicantDocuments.id));

export async function findDocument(exec: Executor, applicantId: number, documentId: number) {
  const [row] = await exec
    .select()
    .from(applicantDocuments)
    .where(and(eq(applicantDocuments.id, documentId), eq(applicantDocuments.applicantId, applicantId)));
  return row;
}

export const insertDocument = async (exec: Executor, values: typeof applicantDocuments.$inferInsert) =>
  (await exec.insert(applicantDocuments).values(values).returning({ id: applicantDocuments.id }))[0]!.id;

export const deleteDocument = (exec: Executor, id: number) =>
  exec.delete(applicantDocuments).where(eq(applicantDocuments.id, id));

export const updateDocument = (exec: Executor, id: number, values: Partial<typeof applicantDocuments.$inferInsert>) =>
  exec.update(applicantDocuments).set(values).where(eq(applicantDocuments.id, id));

function listWhere(unitId: number | null, q: ApplicantListQuery) {
  const where: SQL[] = [];
  if (unitId !== null) where.push(eq(applicants.unitId, unitId));
  if (q.waveId) where.push(eq(applicants.waveId, q.waveId));
  if (q.state) where.push(eq(applicants.state, q.state));
  if (q.q) {
    const like = `%${escapeLike(q.q)}%`;
    where.push(
      or(
        ilike(applicants.name, like),
        ilike(applicants.regNo, like),
        ilike(applicants.nisn, like),
        ilike(applicants.previousSchool, like),
      )!,
    );
  }
  return and(...where);
}

export async function listApplicants(exec: Executor, unitId: number | null, q: ApplicantListQuery) {
  const where = listWhere(unitId, q);
  const [items, [total]] = await Promise.all([
    exec
      .select({
        id: applicants.id,
        regNo: applicants.regNo,
        name: applicants.name,
        state: applicants.state,
        waveName: admissionWaves.name,
        unitName: units.name,
        gender: applicants.gender,
        birthDate: applicants.birthDate,
        phone: applicants.phone,
        previousSchool: applicants.previousSchool,
        boarding: applicants.boarding,
        registeredAt: applicants.registeredAt,
        documentsOk: sql<number>`(select count(*)::int from ${applicantDocuments} d where d.applicant_id = ${applicants.id} and d."check" = 'OK')`,
        documentsTotal: sql<number>`(select count(*)::int from ${applicantDocuments} d where d.applicant_id = ${applicants.id})`,
      })
      .from(applicants)
      .innerJoin(admissionWaves, eq(admissionWaves.id, applicants.waveId))
      .innerJoin(units, eq(units.id, applicants.unitId))
      .where(where)
      .orderBy(asc(applicants.regNo))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    exec.select({ n: count() }).from(applicants).where(where),
  ]);
  return { items, total: total!.n, page: q.page, pageSize: q.pageSize };
}

/** Registrations per day (Asia/Jakarta) and per state of a unit or a wave. */
export async function dashboard(exec: Executor, unitId: number | null, waveId: number | undefined) {
  const where: SQL[] = [];
  if (unitId !== null) where.push(eq(applicants.unitId, unitId));
  if (waveId) where.push(eq(applicants.waveId, waveId));
  const day = sql<string>`to_char(${applicants.registeredAt} at time zone 'Asia/Jakarta', 'YYYY-MM-DD')`;
  const [perDay, perState] = await Promise.all([
    exec
      .select({ date: day, count: sql<number>`count(*)::int` })
      .from(applicants)
      .where(and(...where, sql`${applicants.registeredAt} is not null`))
      .groupBy(day)
      .orderBy(day),
    exec
      .select({ state: applicants.state, count: sql<number>`count(*)::int` })
      .from(applicants)
      .where(and(...where))
      .groupBy(applicants.state),
  ]);
  return { perDay, perState: perState as { state: ApplicantState; count: number }[] };
}

/** The NIS of a unit's students, for the next number of an entry year (locked by the caller). */
export async function nisOfUnit(exec: Executor, unitId: number, prefix: string) {
  const rows = await exec
    .select({ nis: students.nis })
    .from(students)
    .where(and(eq(students.unitId, unitId), ilike(students.nis, `${escapeLike(prefix)}%`)));
  return rows.map((r) => r.nis);
}

/** Serialises NIS numbering of a unit within the caller's transaction. */
export const lockNisOfUnit = (exec: Executor, unitId: number) =>
  exec.execute(sql`select pg_advisory_xact_lock(hashtext('admission.nis'), ${unitId})`);

export const insertStudent = async (exec: Executor, values: typeof students.$inferInsert) =>
  (await exec.insert(students).values(values).returning({ id: students.id }))[0]!.id;
