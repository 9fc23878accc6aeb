import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { TeachingAssignmentsQuery } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import { classGroups, employees, grades, subjects, teachingAssignments } from '../../db/schema/index.ts';
import { escapeLike, offsetOf } from './structure.repo.ts';
import { sqlNow } from '../../lib/sql.ts';

const columns = {
  id: teachingAssignments.id,
  employeeId: teachingAssignments.employeeId,
  teacherName: employees.name,
  subjectId: teachingAssignments.subjectId,
  subjectName: subjects.name,
  classGroupId: teachingAssignments.classGroupId,
  className: classGroups.name,
  academicYearId: teachingAssignments.academicYearId,
  semester: teachingAssignments.semester,
  hoursPerWeek: teachingAssignments.hoursPerWeek,
};

const selectAssignments = (db: Executor) =>
  db
    .select({ ...columns, unitId: classGroups.unitId })
    .from(teachingAssignments)
    .innerJoin(employees, eq(employees.id, teachingAssignments.employeeId))
    .innerJoin(subjects, eq(subjects.id, teachingAssignments.subjectId))
    .innerJoin(classGroups, eq(classGroups.id, teachingAssignments.classGroupId))
    .innerJoin(grades, eq(grades.id, classGroups.gradeId));

export async function listAssignments(db: Executor, unitId: number | null, q: TeachingAssignmentsQuery) {
  const where: SQL[] = [];
  if (unitId !== null) where.push(eq(classGroups.unitId, unitId));
  if (q.academicYearId) where.push(eq(teachingAssignments.academicYearId, q.academicYearId));
  if (q.semester) where.push(eq(teachingAssignments.semester, q.semester));
  if (q.employeeId) where.push(eq(teachingAssignments.employeeId, q.employeeId));
  if (q.classGroupId) where.push(eq(teachingAssignments.classGroupId, q.classGroupId));
  if (q.q) {
    const term = `%${escapeLike(q.q)}%`;
    where.push(or(ilike(employees.name, term), ilike(subjects.name, term), ilike(classGroups.name, term))!);
  }
  const filter = where.length ? and(...where) : undefined;
  const [items, [total]] = await Promise.all([
    selectAssignments(db)
      .where(filter)
      .orderBy(asc(grades.level), asc(classGroups.name), asc(subjects.name), asc(teachingAssignments.semester))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db
      .select({ n: count() })
      .from(teachingAssignments)
      .innerJoin(employees, eq(employees.id, teachingAssignments.employeeId))
      .innerJoin(subjects, eq(subjects.id, teachingAssignments.subjectId))
      .innerJoin(classGroups, eq(classGroups.id, teachingAssignments.classGroupId))
      .where(filter),
  ]);
  return { items, total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

export async function findAssignment(db: Executor, id: number) {
  const [row] = await selectAssignments(db).where(eq(teachingAssignments.id, id));
  return row;
}

/** The assignment already covering a class, subject and semester (the unique rule). */
export async function findByClassSubject(db: Executor, classGroupId: number, subjectId: number, semester: string) {
  const [row] = await selectAssignments(db).where(
    and(
      eq(teachingAssignments.classGroupId, classGroupId),
      eq(teachingAssignments.subjectId, subjectId),
      sql`${teachingAssignments.semester} = ${semester}`,
    ),
  );
  return row;
}

export async function insertAssignment(db: Executor, values: typeof teachingAssignments.$inferInsert) {
  const [row] = await db.insert(teachingAssignments).values(values).returning({ id: teachingAssignments.id });
  return row!.id;
}

export async function updateAssignment(
  db: Executor,
  id: number,
  values: Partial<typeof teachingAssignments.$inferInsert>,
) {
  await db
    .update(teachingAssignments)
    .set({ ...values, updatedAt: sqlNow() })
    .where(eq(teachingAssignments.id, id));
}

export async function deleteAssignment(db: Executor, id: number) {
  await db.delete(teachingAssignments).where(eq(teachingAssignments.id, id));
}
