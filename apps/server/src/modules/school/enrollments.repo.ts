import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { EnrollmentsQuery } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import { classGroups, enrollments, grades, students } from '../../db/schema/index.ts';
import { offsetOf } from './structure.repo.ts';
import { clock } from '../../lib/clock.ts';

const columns = {
  id: enrollments.id,
  studentId: enrollments.studentId,
  studentName: students.name,
  nis: students.nis,
  classGroupId: enrollments.classGroupId,
  className: classGroups.name,
  academicYearId: enrollments.academicYearId,
  startedAt: sql<string>`to_char(${enrollments.startedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  endedAt: sql<string | null>`to_char(${enrollments.endedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  endReason: enrollments.endReason,
  startReason: enrollments.startReason,
  note: enrollments.note,
};

export async function listEnrollments(
  db: Executor,
  unitId: number | null,
  q: EnrollmentsQuery,
  onlyClassIds: number[] | null,
) {
  const where: SQL[] = [];
  if (unitId !== null) where.push(eq(classGroups.unitId, unitId));
  if (q.classGroupId) where.push(eq(enrollments.classGroupId, q.classGroupId));
  if (q.studentId) where.push(eq(enrollments.studentId, q.studentId));
  if (q.history !== 'true') where.push(isNull(enrollments.endedAt));
  if (onlyClassIds) where.push(onlyClassIds.length ? inArray(enrollments.classGroupId, onlyClassIds) : sql`false`);
  const filter = where.length ? and(...where) : undefined;
  const base = (exec: Executor) =>
    exec
      .select(columns)
      .from(enrollments)
      .innerJoin(students, eq(students.id, enrollments.studentId))
      .innerJoin(classGroups, eq(classGroups.id, enrollments.classGroupId));
  const [items, [total]] = await Promise.all([
    base(db)
      .where(filter)
      .orderBy(q.studentId ? desc(enrollments.startedAt) : asc(students.name), desc(enrollments.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db
      .select({ n: count() })
      .from(enrollments)
      .innerJoin(students, eq(students.id, enrollments.studentId))
      .innerJoin(classGroups, eq(classGroups.id, enrollments.classGroupId))
      .where(filter),
  ]);
  return { items, total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

/** The class group with what the enrollment rules need: unit, year, grade level. */
export async function findClassRef(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: classGroups.id,
      name: classGroups.name,
      unitId: classGroups.unitId,
      academicYearId: classGroups.academicYearId,
      gradeLevel: grades.level,
    })
    .from(classGroups)
    .innerJoin(grades, eq(grades.id, classGroups.gradeId))
    .where(eq(classGroups.id, id));
  return row;
}

export async function findStudentsByIds(db: Executor, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: students.id, name: students.name, unitId: students.unitId, status: students.status })
    .from(students)
    .where(inArray(students.id, ids));
}

/** Open enrollments of the students in a year, with the class name, to name the clash. */
export async function openEnrollmentsInYear(db: Executor, studentIds: number[], academicYearId: number) {
  if (!studentIds.length) return [];
  return db
    .select({
      id: enrollments.id,
      studentId: enrollments.studentId,
      classGroupId: enrollments.classGroupId,
      className: classGroups.name,
      gradeLevel: grades.level,
      startDate: sql<string>`(${enrollments.startedAt} at time zone 'Asia/Jakarta')::date::text`,
    })
    .from(enrollments)
    .innerJoin(classGroups, eq(classGroups.id, enrollments.classGroupId))
    .innerJoin(grades, eq(grades.id, classGroups.gradeId))
    .where(
      and(
        inArray(enrollments.studentId, studentIds),
        eq(enrollments.academicYearId, academicYearId),
        isNull(enrollments.endedAt),
      ),
    );
}

/** The open enrollments of a class with the student's status. */
export async function openEnrollmentsOfClass(db: Executor, classGroupId: number) {
  return db
    .select({
      id: enrollments.id,
      studentId: enrollments.studentId,
      name: students.name,
      status: students.status,
    })
    .from(enrollments)
    .innerJoin(students, eq(students.id, enrollments.studentId))
    .where(and(eq(enrollments.classGroupId, classGroupId), isNull(enrollments.endedAt)))
    .orderBy(asc(students.name));
}

export async function insertEnrollments(
  db: Executor,
  rows: {
    studentId: number;
    classGroupId: number;
    academicYearId: number;
    note?: string | null;
    startReason?: 'MOVED';
    startedAt?: Date;
  }[],
) {
  if (!rows.length) return [];
  return db.insert(enrollments).values(rows).returning({ id: enrollments.id, studentId: enrollments.studentId });
}

export async function endEnrollments(
  db: Executor,
  ids: number[],
  reason: string,
  note?: string | null,
  at: Date = clock.now(),
) {
  if (!ids.length) return;
  await db
    .update(enrollments)
    .set({ endedAt: at, endReason: reason, ...(note ? { note } : {}) })
    .where(and(inArray(enrollments.id, ids), isNull(enrollments.endedAt)));
}
