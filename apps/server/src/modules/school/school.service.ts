import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { academicYears, classGroups, enrollments } from '../../db/schema/index.ts';
import { cached, dependsOn } from '../../lib/read-cache.ts';
import * as structure from './structure.repo.ts';

/**
 * The one source of school facts that every feature asks: the active year, a class, a student's
 * class, a teacher's classes (class-access.ts), the school days (calendar.service.ts). Features do not
 * query the school's tables for these themselves; reads of structure go through the read cache here.
 */

/** The active academic year (cached; dropped when academic_years changes). */
export const activeYear = (exec: Executor) => structure.findActiveYear(exec);

/** A class group with its year, grade, homeroom teacher and student count (cached). */
export const findClass = (exec: Executor, id: number) => structure.findClass(exec, id);

const STUDENT_CLASS = dependsOn('enrollments', 'class_groups', 'academic_years');

/** The class of the student's open enrollment in the active year, if any (cached). */
export function classOfStudent(exec: Executor, studentId: number) {
  return cached(exec, `student-class:${studentId}`, STUDENT_CLASS, async () => {
    const [row] = await exec
      .select({ id: classGroups.id, name: classGroups.name, unitId: classGroups.unitId, gradeId: classGroups.gradeId })
      .from(enrollments)
      .innerJoin(academicYears, eq(academicYears.id, enrollments.academicYearId))
      .innerJoin(classGroups, eq(classGroups.id, enrollments.classGroupId))
      .where(and(eq(enrollments.studentId, studentId), isNull(enrollments.endedAt), eq(academicYears.isActive, true)));
    return row;
  });
}
