import { and, asc, count, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ClassGroupsQuery, SchoolPageQuery } from '@mms/shared';
export { escapeLike, offsetOf } from '../../lib/sql.ts';
import { escapeLike, offsetOf, sqlNow } from '../../lib/sql.ts';
import type { Executor } from '../../db/client.ts';
import { cached, dependsOn } from '../../lib/read-cache.ts';
import {
  academicYears,
  bellPeriods,
  classGroups,
  employees,
  enrollments,
  grades,
  subjectGradeHours,
  subjects,
  teachingAssignments,
  timetableSlots,
  units,
} from '../../db/schema/index.ts';

type PageQ = Pick<SchoolPageQuery, 'page' | 'pageSize'>;

const and_ = (where: SQL[]) => (where.length ? and(...where) : undefined);

// ---------- units ----------

const unitColumns = {
  id: units.id,
  code: units.code,
  name: units.name,
  npsn: units.npsn,
  address: units.address,
  headmaster: units.headmaster,
  headmasterNip: units.headmasterNip,
  city: units.city,
  phone: units.phone,
  email: units.email,
  logoPath: units.logoPath,
  dayStartTime: units.dayStartTime,
  periodMinutes: units.periodMinutes,
  schoolDaysPerWeek: units.schoolDaysPerWeek,
  formativeNeedsCheck: units.formativeNeedsCheck,
  isActive: units.isActive,
};

export async function listUnits(db: Executor, unitId: number | null, q: SchoolPageQuery) {
  const where: SQL[] = [];
  if (unitId !== null) where.push(eq(units.id, unitId));
  if (q.q) where.push(or(ilike(units.code, `%${escapeLike(q.q)}%`), ilike(units.name, `%${escapeLike(q.q)}%`))!);
  const filter = and_(where);
  const [items, [total]] = await Promise.all([
    db.select(unitColumns).from(units).where(filter).orderBy(asc(units.code)).limit(q.pageSize).offset(offsetOf(q)),
    db.select({ n: count() }).from(units).where(filter),
  ]);
  return { items, total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

export async function findUnit(db: Executor, id: number) {
  const [row] = await db.select(unitColumns).from(units).where(eq(units.id, id));
  return row;
}

export async function findUnitByCode(db: Executor, code: string) {
  const [row] = await db.select(unitColumns).from(units).where(eq(units.code, code));
  return row;
}

export async function insertUnit(db: Executor, values: typeof units.$inferInsert) {
  const [row] = await db.insert(units).values(values).returning(unitColumns);
  return row!;
}

export async function updateUnit(db: Executor, id: number, values: Partial<typeof units.$inferInsert>) {
  const [row] = await db
    .update(units)
    .set({ ...values, updatedAt: sqlNow() })
    .where(eq(units.id, id))
    .returning(unitColumns);
  return row!;
}

export async function listBellPeriods(db: Executor, unitId: number) {
  return db
    .select({ period: bellPeriods.period, startTime: bellPeriods.startTime, endTime: bellPeriods.endTime })
    .from(bellPeriods)
    .where(eq(bellPeriods.unitId, unitId))
    .orderBy(asc(bellPeriods.period));
}

export async function replaceBellPeriods(
  db: Executor,
  unitId: number,
  periods: { period: number; startTime: string; endTime: string }[],
) {
  await db.delete(bellPeriods).where(eq(bellPeriods.unitId, unitId));
  if (periods.length) await db.insert(bellPeriods).values(periods.map((p) => ({ ...p, unitId })));
}

// ---------- academic years ----------

const yearColumns = {
  id: academicYears.id,
  name: academicYears.name,
  startDate: academicYears.startDate,
  endDate: academicYears.endDate,
  isActive: academicYears.isActive,
};

export async function listYears(db: Executor, q: PageQ & { q?: string | undefined }) {
  const filter = q.q ? ilike(academicYears.name, `%${escapeLike(q.q)}%`) : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select(yearColumns)
      .from(academicYears)
      .where(filter)
      .orderBy(sql`${academicYears.startDate} desc`)
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(academicYears).where(filter),
  ]);
  return { items, total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

export async function findYear(db: Executor, id: number) {
  const [row] = await db.select(yearColumns).from(academicYears).where(eq(academicYears.id, id));
  return row;
}

export async function findYearByName(db: Executor, name: string) {
  const [row] = await db.select(yearColumns).from(academicYears).where(eq(academicYears.name, name));
  return row;
}

const ACTIVE_YEAR = dependsOn('academic_years');
export function findActiveYear(db: Executor) {
  return cached(db, 'year:active', ACTIVE_YEAR, async () => {
    const [row] = await db.select(yearColumns).from(academicYears).where(eq(academicYears.isActive, true));
    return row;
  });
}

export async function deactivateYears(db: Executor) {
  await db.update(academicYears).set({ isActive: false, updatedAt: sqlNow() }).where(eq(academicYears.isActive, true));
}

export async function insertYear(db: Executor, values: typeof academicYears.$inferInsert) {
  const [row] = await db.insert(academicYears).values(values).returning(yearColumns);
  return row!;
}

export async function updateYear(db: Executor, id: number, values: Partial<typeof academicYears.$inferInsert>) {
  const [row] = await db
    .update(academicYears)
    .set({ ...values, updatedAt: sqlNow() })
    .where(eq(academicYears.id, id))
    .returning(yearColumns);
  return row!;
}

// ---------- grades ----------

const gradeColumns = { id: grades.id, unitId: grades.unitId, level: grades.level, name: grades.name };

export async function listGrades(db: Executor, unitId: number | null, q: PageQ) {
  const filter = unitId === null ? undefined : eq(grades.unitId, unitId);
  const [items, [total]] = await Promise.all([
    db
      .select(gradeColumns)
      .from(grades)
      .where(filter)
      .orderBy(asc(grades.unitId), asc(grades.level))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(grades).where(filter),
  ]);
  return { items, total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

export async function findGrade(db: Executor, id: number) {
  const [row] = await db.select(gradeColumns).from(grades).where(eq(grades.id, id));
  return row;
}

export async function findGradeByLevel(db: Executor, unitId: number, level: number) {
  const [row] = await db
    .select(gradeColumns)
    .from(grades)
    .where(and(eq(grades.unitId, unitId), eq(grades.level, level)));
  return row;
}

export async function insertGrade(db: Executor, values: typeof grades.$inferInsert) {
  const [row] = await db.insert(grades).values(values).returning(gradeColumns);
  return row!;
}

export async function updateGrade(db: Executor, id: number, values: Partial<typeof grades.$inferInsert>) {
  const [row] = await db
    .update(grades)
    .set({ ...values, updatedAt: sqlNow() })
    .where(eq(grades.id, id))
    .returning(gradeColumns);
  return row!;
}

export async function deleteGrade(db: Executor, id: number) {
  await db.delete(grades).where(eq(grades.id, id));
}

// ---------- class groups ----------

const studentCount = sql<number>`(select count(*)::int from ${enrollments} where ${enrollments.classGroupId} = ${classGroups}.id and ${enrollments.endedAt} is null)`;

const classColumns = {
  id: classGroups.id,
  unitId: classGroups.unitId,
  academicYearId: classGroups.academicYearId,
  academicYearName: academicYears.name,
  gradeId: classGroups.gradeId,
  gradeLevel: grades.level,
  name: classGroups.name,
  homeroomEmployeeId: classGroups.homeroomEmployeeId,
  homeroomName: employees.name,
  room: classGroups.room,
  program: classGroups.program,
  studentCount,
};

const selectClasses = (db: Executor) =>
  db
    .select(classColumns)
    .from(classGroups)
    .innerJoin(academicYears, eq(academicYears.id, classGroups.academicYearId))
    .innerJoin(grades, eq(grades.id, classGroups.gradeId))
    .leftJoin(employees, eq(employees.id, classGroups.homeroomEmployeeId));

export async function listClasses(
  db: Executor,
  unitId: number | null,
  q: ClassGroupsQuery,
  onlyIds?: number[] | undefined,
) {
  const where: SQL[] = [];
  if (unitId !== null) where.push(eq(classGroups.unitId, unitId));
  if (q.academicYearId) where.push(eq(classGroups.academicYearId, q.academicYearId));
  if (q.gradeId) where.push(eq(classGroups.gradeId, q.gradeId));
  if (q.q) where.push(ilike(classGroups.name, `%${escapeLike(q.q)}%`));
  if (onlyIds) where.push(onlyIds.length ? inArray(classGroups.id, onlyIds) : sql`false`);
  const filter = and_(where);
  const [items, [total]] = await Promise.all([
    selectClasses(db)
      .where(filter)
      .orderBy(sql`${academicYears.startDate} desc`, asc(grades.level), asc(classGroups.name))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(classGroups).where(filter),
  ]);
  return { items, total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

// studentCount reads enrollments: a copy is dropped when a student joins or leaves too
const CLASS = dependsOn('class_groups', 'academic_years', 'grades', 'employees', 'enrollments');
export function findClass(db: Executor, id: number) {
  return cached(db, `class:${id}`, CLASS, async () => {
    const [row] = await selectClasses(db).where(eq(classGroups.id, id));
    return row;
  });
}

/** The ids of a grade's classes in an academic year. */
export async function classIdsOfGrade(db: Executor, gradeId: number, academicYearId: number) {
  const rows = await db
    .select({ id: classGroups.id })
    .from(classGroups)
    .where(and(eq(classGroups.gradeId, gradeId), eq(classGroups.academicYearId, academicYearId)));
  return rows.map((r) => r.id);
}

export async function findClassByName(db: Executor, unitId: number, academicYearId: number, name: string) {
  const [row] = await db
    .select({ id: classGroups.id, name: classGroups.name })
    .from(classGroups)
    .where(
      and(
        eq(classGroups.unitId, unitId),
        eq(classGroups.academicYearId, academicYearId),
        sql`lower(${classGroups.name}) = lower(${name})`,
      ),
    );
  return row;
}

export async function insertClass(db: Executor, values: typeof classGroups.$inferInsert) {
  const [row] = await db.insert(classGroups).values(values).returning({ id: classGroups.id });
  return row!.id;
}

export async function updateClass(db: Executor, id: number, values: Partial<typeof classGroups.$inferInsert>) {
  await db
    .update(classGroups)
    .set({ ...values, updatedAt: sqlNow() })
    .where(eq(classGroups.id, id));
}

export async function deleteClass(db: Executor, id: number) {
  await db.delete(classGroups).where(eq(classGroups.id, id));
}

export async function classHasEnrollments(db: Executor, id: number) {
  const [row] = await db.select({ n: count() }).from(enrollments).where(eq(enrollments.classGroupId, id));
  return (row?.n ?? 0) > 0;
}

// ---------- employees (as referenced by the structure) ----------

export async function findEmployeeRef(db: Executor, id: number) {
  const [row] = await db
    .select({ id: employees.id, name: employees.name, unitId: employees.unitId, isActive: employees.isActive })
    .from(employees)
    .where(eq(employees.id, id));
  return row;
}

/** The classes the employee leads (wali kelas) in the year, by name. */
export function homeroomClassesOf(db: Executor, employeeId: number, academicYearId: number) {
  return db
    .select({ id: classGroups.id, name: classGroups.name, unitId: classGroups.unitId })
    .from(classGroups)
    .where(and(eq(classGroups.homeroomEmployeeId, employeeId), eq(classGroups.academicYearId, academicYearId)))
    .orderBy(asc(classGroups.name));
}

/**
 * The subject and grade pairs an employee teaches in the year (a teaching assignment or a timetable
 * slot in a class of that grade): the subject team of a grade shares its material. The one definition of
 * "may write this material" for a teacher: the write check and the form's choices both read it.
 */
export async function subjectGradesTaught(
  db: Executor,
  employeeId: number,
  academicYearId: number,
  only?: { subjectId: number; gradeId: number },
): Promise<{ subjectId: number; subjectName: string; gradeId: number; gradeName: string }[]> {
  const taught = (table: typeof teachingAssignments | typeof timetableSlots) =>
    db
      .select({ subjectId: table.subjectId, gradeId: classGroups.gradeId })
      .from(table)
      .innerJoin(classGroups, eq(classGroups.id, table.classGroupId))
      .where(
        and(
          eq(classGroups.academicYearId, academicYearId),
          eq(table.employeeId, employeeId),
          only ? eq(table.subjectId, only.subjectId) : undefined,
          only ? eq(classGroups.gradeId, only.gradeId) : undefined,
        ),
      );
  const pairs = taught(teachingAssignments).union(taught(timetableSlots)).as('taught');
  return db
    .select({ subjectId: subjects.id, subjectName: subjects.name, gradeId: grades.id, gradeName: grades.name })
    .from(pairs)
    .innerJoin(subjects, eq(subjects.id, pairs.subjectId))
    .innerJoin(grades, eq(grades.id, pairs.gradeId))
    .orderBy(asc(subjects.name), asc(grades.level), asc(grades.name));
}

/**
 * The class and subject pairs the employee teaches in the year (a teaching assignment or a timetable slot), with
 * names, by class then subject; `only` narrows to one pair.
 */
export async function classSubjectsTaught(
  db: Executor,
  employeeId: number,
  academicYearId: number,
  only?: { classGroupId: number; subjectId: number },
): Promise<{ classGroupId: number; className: string; gradeId: number; subjectId: number; subjectName: string }[]> {
  const taught = (table: typeof teachingAssignments | typeof timetableSlots) =>
    db
      .select({ classGroupId: table.classGroupId, subjectId: table.subjectId })
      .from(table)
      .innerJoin(classGroups, eq(classGroups.id, table.classGroupId))
      .where(
        and(
          eq(classGroups.academicYearId, academicYearId),
          eq(table.employeeId, employeeId),
          only ? eq(table.classGroupId, only.classGroupId) : undefined,
          only ? eq(table.subjectId, only.subjectId) : undefined,
        ),
      );
  const pairs = taught(teachingAssignments).union(taught(timetableSlots)).as('taught');
  return db
    .select({
      classGroupId: classGroups.id,
      className: classGroups.name,
      gradeId: classGroups.gradeId,
      subjectId: subjects.id,
      subjectName: subjects.name,
    })
    .from(pairs)
    .innerJoin(classGroups, eq(classGroups.id, pairs.classGroupId))
    .innerJoin(subjects, eq(subjects.id, pairs.subjectId))
    .orderBy(asc(classGroups.name), asc(subjects.name));
}

export async function homeroomClassOf(db: Executor, employeeId: number, academicYearId: number, exceptClassId: number) {
  const [row] = await db
    .select({ id: classGroups.id, name: classGroups.name })
    .from(classGroups)
    .where(
      and(
        eq(classGroups.homeroomEmployeeId, employeeId),
        eq(classGroups.academicYearId, academicYearId),
        ne(classGroups.id, exceptClassId),
      ),
    );
  return row;
}

// ---------- subjects ----------

const subjectColumns = {
  id: subjects.id,
  unitId: subjects.unitId,
  code: subjects.code,
  name: subjects.name,
  group: subjects.group,
  kkm: subjects.kkm,
  isActive: subjects.isActive,
};

async function withHours<T extends { id: number }>(db: Executor, rows: T[]) {
  if (!rows.length) return [];
  const hours = await db
    .select()
    .from(subjectGradeHours)
    .where(
      inArray(
        subjectGradeHours.subjectId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) => ({
    ...r,
    hours: hours.filter((h) => h.subjectId === r.id).map((h) => ({ gradeId: h.gradeId, hoursPerWeek: h.hoursPerWeek })),
  }));
}

export async function listSubjects(db: Executor, unitId: number | null, q: SchoolPageQuery) {
  const where: SQL[] = [];
  if (unitId !== null) where.push(eq(subjects.unitId, unitId));
  if (q.q) {
    const term = `%${escapeLike(q.q)}%`;
    where.push(or(ilike(subjects.code, term), ilike(subjects.name, term))!);
  }
  const filter = and_(where);
  const [rows, [total]] = await Promise.all([
    db
      .select(subjectColumns)
      .from(subjects)
      .where(filter)
      .orderBy(q.sort === 'code' ? asc(subjects.code) : asc(subjects.name), asc(subjects.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(subjects).where(filter),
  ]);
  return { items: await withHours(db, rows), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

export async function findSubject(db: Executor, id: number) {
  const rows = await db.select(subjectColumns).from(subjects).where(eq(subjects.id, id));
  const [row] = await withHours(db, rows);
  return row;
}

/** The names of some subjects at once, by id (an unknown id is left out). */
export async function subjectNamesOf(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: subjects.id, name: subjects.name })
    .from(subjects)
    .where(inArray(subjects.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function findSubjectByCode(db: Executor, unitId: number, code: string) {
  const [row] = await db
    .select({ id: subjects.id, name: subjects.name })
    .from(subjects)
    .where(and(eq(subjects.unitId, unitId), sql`lower(${subjects.code}) = lower(${code})`));
  return row;
}

export async function insertSubject(db: Executor, values: typeof subjects.$inferInsert) {
  const [row] = await db.insert(subjects).values(values).returning({ id: subjects.id });
  return row!.id;
}

export async function updateSubject(db: Executor, id: number, values: Partial<typeof subjects.$inferInsert>) {
  await db
    .update(subjects)
    .set({ ...values, updatedAt: sqlNow() })
    .where(eq(subjects.id, id));
}

export async function replaceSubjectHours(
  db: Executor,
  subjectId: number,
  hours: { gradeId: number; hoursPerWeek: number }[],
) {
  await db.delete(subjectGradeHours).where(eq(subjectGradeHours.subjectId, subjectId));
  if (hours.length) await db.insert(subjectGradeHours).values(hours.map((h) => ({ ...h, subjectId })));
}

export async function gradesOfUnit(db: Executor, unitId: number, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: grades.id })
    .from(grades)
    .where(and(eq(grades.unitId, unitId), inArray(grades.id, ids)));
}

export async function subjectInUse(db: Executor, id: number) {
  const [a] = await db.select({ n: count() }).from(teachingAssignments).where(eq(teachingAssignments.subjectId, id));
  const [b] = await db.select({ n: count() }).from(timetableSlots).where(eq(timetableSlots.subjectId, id));
  return (a?.n ?? 0) + (b?.n ?? 0) > 0;
}

export async function deleteSubject(db: Executor, id: number) {
  await db.delete(subjects).where(eq(subjects.id, id));
}

export async function gradeHasClasses(db: Executor, id: number) {
  const [row] = await db.select({ n: count() }).from(classGroups).where(eq(classGroups.gradeId, id));
  return (row?.n ?? 0) > 0;
}

const STUDENT_CLASS = dependsOn('enrollments', 'class_groups', 'academic_years');

/** The class of the student's open enrollment in the active year, if any. */
export function classOfStudent(db: Executor, studentId: number) {
  return cached(db, `student-class:${studentId}`, STUDENT_CLASS, async () => {
    const [row] = await db
      .select({ id: classGroups.id, name: classGroups.name, unitId: classGroups.unitId, gradeId: classGroups.gradeId })
      .from(enrollments)
      .innerJoin(academicYears, eq(academicYears.id, enrollments.academicYearId))
      .innerJoin(classGroups, eq(classGroups.id, enrollments.classGroupId))
      .where(and(eq(enrollments.studentId, studentId), isNull(enrollments.endedAt), eq(academicYears.isActive, true)));
    return row;
  });
}

/** Every active subject of the unit (of every unit for null) with every grade of its unit. */
export async function unitSubjectGrades(db: Executor, unitId: number | null) {
  return db
    .select({ subjectId: subjects.id, subjectName: subjects.name, gradeId: grades.id, gradeName: grades.name })
    .from(subjects)
    .innerJoin(grades, eq(grades.unitId, subjects.unitId))
    .where(and(eq(subjects.isActive, true), unitId === null ? undefined : eq(subjects.unitId, unitId)))
    .orderBy(asc(subjects.name), asc(grades.level), asc(grades.name));
}
