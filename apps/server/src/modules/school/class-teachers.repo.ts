import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { employees, subjects, teachingAssignments } from '../../db/schema/index.ts';

/**
 * The subjects a class is taught in a semester with their teacher (the teaching assignments), by subject name: the
 * rapor's completeness board asks it (issue 40 §3).
 */
export async function classSubjectTeachers(exec: Executor, classGroupId: number, semester: 'GANJIL' | 'GENAP') {
  return exec
    .select({
      subjectId: subjects.id,
      subjectName: subjects.name,
      employeeId: employees.id,
      employeeName: employees.name,
      userId: employees.userId,
    })
    .from(teachingAssignments)
    .innerJoin(subjects, eq(subjects.id, teachingAssignments.subjectId))
    .innerJoin(employees, eq(employees.id, teachingAssignments.employeeId))
    .where(and(eq(teachingAssignments.classGroupId, classGroupId), eq(teachingAssignments.semester, semester)))
    .orderBy(asc(subjects.name));
}
