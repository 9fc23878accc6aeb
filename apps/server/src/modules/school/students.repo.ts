import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { StudentsQuery } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import { academicYears, classGroups, enrollments, students, units } from '../../db/schema/index.ts';
import { cached, dependsOn, isCached } from '../../lib/read-cache.ts';
import { loadStudentDirectory, queryStudentDirectory } from './students.directory.ts';
import { escapeLike, offsetOf } from './structure.repo.ts';
import { sqlNow } from '../../lib/sql.ts';

/**
 * The student's open enrollment in the active year (at most one: a unique index guards it),
 * joined directly so Postgres can hash-join it; the active year is looked up once per query.
 */
const activeYear = sql`(select ${academicYears.id} from ${academicYears} where ${academicYears.isActive} limit 1)`;
const currentEnrollment = and(
  eq(enrollments.studentId, students.id),
  isNull(enrollments.endedAt),
  eq(enrollments.academicYearId, activeYear),
);

/** Name, NIS and NISN as one text: the expression of the trigram index of migration 0005. */
const studentSearchText = sql`(${students.name} || ' ' || ${students.nis} || ' ' || coalesce(${students.nisn}, ''))`;

const summaryColumns = {
  id: students.id,
  unitId: students.unitId,
  unitCode: units.code,
  nis: students.nis,
  nisn: students.nisn,
  name: students.name,
  gender: students.gender,
  status: students.status,
  classGroupId: classGroups.id,
  className: classGroups.name,
};

const detailColumns = {
  ...summaryColumns,
  userId: students.userId,
  nik: students.nik,
  birthPlace: students.birthPlace,
  birthDate: students.birthDate,
  religion: students.religion,
  address: students.address,
  fatherName: students.fatherName,
  motherName: students.motherName,
  guardianName: students.guardianName,
  phone: students.phone,
  parentPhone: students.parentPhone,
  boarding: students.boarding,
  program: students.program,
  entryDate: students.entryDate,
  photoPath: students.photoPath,
};

const selectSummary = (db: Executor) =>
  db
    .select(summaryColumns)
    .from(students)
    .innerJoin(units, eq(units.id, students.unitId))
    .leftJoin(enrollments, currentEnrollment)
    .leftJoin(classGroups, eq(classGroups.id, enrollments.classGroupId));

const selectDetail = (db: Executor) =>
  db
    .select(detailColumns)
    .from(students)
    .innerJoin(units, eq(units.id, students.unitId))
    .leftJoin(enrollments, currentEnrollment)
    .leftJoin(classGroups, eq(classGroups.id, enrollments.classGroupId));

const DIRECTORY = dependsOn('students', 'units', 'enrollments', 'academic_years', 'class_groups');
export async function listStudents(
  db: Executor,
  unitId: number | null,
  q: StudentsQuery,
  onlyClassIds: number[] | null,
) {
  if (isCached(db)) {
    const directory = await cached(db, 'students:directory', DIRECTORY, () => loadStudentDirectory(db));
    return queryStudentDirectory(directory, unitId, q, onlyClassIds);
  }
  return listStudentsInSql(db, unitId, q, onlyClassIds);
}

/** The student list straight from SQL: without a live read cache, and the reference the directory is tested against. */
export async function listStudentsInSql(
  db: Executor,
  unitId: number | null,
  q: StudentsQuery,
  onlyClassIds: number[] | null,
) {
  const where: SQL[] = [];
  if (unitId !== null) where.push(eq(students.unitId, unitId));
  if (q.status) where.push(eq(students.status, q.status));
  if (q.q) {
    const term = `%${escapeLike(q.q)}%`;
    where.push(sql`${studentSearchText} ilike ${term}`);
  }
  const classFilter = (ids: number[]) =>
    sql`exists (select 1 from ${enrollments} e where e.student_id = ${students.id} and e.ended_at is null and e.class_group_id in ${ids})`;
  if (q.classGroupId) where.push(classFilter([q.classGroupId]));
  if (onlyClassIds) where.push(onlyClassIds.length ? classFilter(onlyClassIds) : sql`false`);
  if (q.gradeId) where.push(eq(classGroups.gradeId, q.gradeId));
  const filter = where.length ? and(...where) : undefined;
  const sortColumn = q.sort?.replace('-', '') === 'nis' ? students.nis : students.name;
  const order = q.sort?.startsWith('-') ? desc(sortColumn) : asc(sortColumn);
  const [items, [total]] = await Promise.all([
    selectSummary(db).where(filter).orderBy(order, asc(students.id)).limit(q.pageSize).offset(offsetOf(q)),
    // Only a grade filter needs the class join; without it the count reads the students alone.
    q.gradeId
      ? db
          .select({ n: count() })
          .from(students)
          .leftJoin(enrollments, currentEnrollment)
          .leftJoin(classGroups, eq(classGroups.id, enrollments.classGroupId))
          .where(filter)
      : db.select({ n: count() }).from(students).where(filter),
  ]);
  return { items, total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

export async function findStudent(db: Executor, id: number) {
  const [row] = await selectDetail(db).where(eq(students.id, id));
  return row;
}

export async function findStudentByNis(db: Executor, unitId: number | null, nis: string) {
  const rows = await selectDetail(db)
    .where(and(eq(students.nis, nis), unitId === null ? undefined : eq(students.unitId, unitId)))
    .limit(2);
  return rows;
}

export async function findByNis(db: Executor, unitId: number, nis: string) {
  const [row] = await db
    .select({ id: students.id, name: students.name })
    .from(students)
    .where(and(eq(students.unitId, unitId), eq(students.nis, nis)));
  return row;
}

export async function findByNisn(db: Executor, nisn: string) {
  const [row] = await db
    .select({ id: students.id, name: students.name, unitCode: units.code })
    .from(students)
    .innerJoin(units, eq(units.id, students.unitId))
    .where(eq(students.nisn, nisn));
  return row;
}

export async function insertStudent(db: Executor, values: typeof students.$inferInsert) {
  const [row] = await db.insert(students).values(values).returning({ id: students.id });
  return row!.id;
}

export async function updateStudent(db: Executor, id: number, values: Partial<typeof students.$inferInsert>) {
  await db
    .update(students)
    .set({ ...values, updatedAt: sqlNow() })
    .where(eq(students.id, id));
}

/** Whether the student has an open enrollment in one of the classes. */
export async function isInClasses(db: Executor, studentId: number, classIds: number[]) {
  if (!classIds.length) return false;
  const [row] = await db
    .select({ n: count() })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.studentId, studentId),
        isNull(enrollments.endedAt),
        inArray(enrollments.classGroupId, classIds),
      ),
    );
  return (row?.n ?? 0) > 0;
}

// ---------- the Excel import and photos ----------

/** Students of the unit that already carry one of the NIS. */
export function studentsWithNis(db: Executor, unitId: number, nis: string[]) {
  if (!nis.length) return Promise.resolve([]);
  return db
    .select({ nis: students.nis, name: students.name })
    .from(students)
    .where(and(eq(students.unitId, unitId), inArray(students.nis, nis)));
}

/** Students (of any unit) that already carry one of the NISN. */
export function studentsWithNisn(db: Executor, nisn: string[]) {
  if (!nisn.length) return Promise.resolve([]);
  return db.select({ nisn: students.nisn, name: students.name }).from(students).where(inArray(students.nisn, nisn));
}

/** Inserts many students, a thousand rows a statement. */
export async function insertStudents(db: Executor, rows: (typeof students.$inferInsert)[]) {
  const ids: { id: number; nis: string }[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    ids.push(
      ...(await db
        .insert(students)
        .values(rows.slice(i, i + 1000))
        .returning({ id: students.id, nis: students.nis })),
    );
  }
  return ids;
}

/** The classes of a unit in a year by name (lower case): where imported students may be enrolled. */
export async function classesByName(db: Executor, unitId: number, academicYearId: number) {
  const rows = await db
    .select({ id: classGroups.id, name: classGroups.name })
    .from(classGroups)
    .where(and(eq(classGroups.unitId, unitId), eq(classGroups.academicYearId, academicYearId)))
    .orderBy(classGroups.name);
  return rows;
}

export async function insertEnrollmentRows(
  db: Executor,
  rows: { studentId: number; classGroupId: number; academicYearId: number }[],
) {
  for (let i = 0; i < rows.length; i += 1000) await db.insert(enrollments).values(rows.slice(i, i + 1000));
}

/** Refreshes the planner's statistics after a large import. */
export async function analyzeStudents(db: Executor) {
  await db.execute(sql`analyze students`);
}

/** The student whose stored photo has this name. */
export async function studentOfPhoto(db: Executor, photoPath: string) {
  const [row] = await db.select({ id: students.id }).from(students).where(eq(students.photoPath, photoPath));
  return row;
}
