import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { cached, dependsOn } from '../../lib/read-cache.ts';
import {
  academicYears,
  classGroups,
  employees,
  enrollments,
  grades,
  subjects,
  teachingAssignments,
  users,
} from '../../db/schema/index.ts';

const TEACHING_DIVISIONS = ['TEACHER', 'TEACHERCASHIER', 'WAKAKUR', 'PRINCIPAL'] as const;
const unitIs = (column: AnyPgColumn, unitId: number | null) => (unitId === null ? undefined : eq(column, unitId));

// Lookups feed every picker of every screen: they are read from the school read cache.
const YEARS = dependsOn('academic_years');
const CLASSES = dependsOn('class_groups', 'grades');
const GRADES = dependsOn('grades');
const SUBJECTS = dependsOn('subjects');
const TEACHERS = dependsOn('employees', 'users');
const TAUGHT_CLASSES = dependsOn('teaching_assignments', 'class_groups');
const TAUGHT_SUBJECTS = dependsOn('teaching_assignments', 'subjects');
const STUDENT_CLASS = dependsOn('enrollments', 'class_groups', 'grades');

export const tapel = (db: Executor) =>
  cached(db, 'lookup:tapel', YEARS, () =>
    db
      .select({ id: academicYears.id, name: academicYears.name, isActive: academicYears.isActive })
      .from(academicYears)
      .orderBy(sql`${academicYears.startDate} desc`),
  );

export const classTitles = (db: Executor, unitId: number | null, academicYearId: number) =>
  cached(db, `lookup:classTitles:${unitId}:${academicYearId}`, CLASSES, () =>
    db
      .select({ id: classGroups.id, name: classGroups.name, code: sql<string | null>`null` })
      .from(classGroups)
      .innerJoin(grades, eq(grades.id, classGroups.gradeId))
      .where(and(unitIs(classGroups.unitId, unitId), eq(classGroups.academicYearId, academicYearId)))
      .orderBy(asc(grades.level), asc(classGroups.name)),
  );

export const classGrades = (db: Executor, unitId: number | null) =>
  cached(db, `lookup:classGrades:${unitId}`, GRADES, () =>
    db
      .select({ id: grades.id, name: grades.name, code: sql<string>`${grades.level}::text` })
      .from(grades)
      .where(unitIs(grades.unitId, unitId))
      .orderBy(asc(grades.unitId), asc(grades.level)),
  );

export const subjectList = (db: Executor, unitId: number | null) =>
  cached(db, `lookup:subjects:${unitId}`, SUBJECTS, () =>
    db
      .select({ id: subjects.id, name: subjects.name, code: subjects.code })
      .from(subjects)
      .where(and(unitIs(subjects.unitId, unitId), eq(subjects.isActive, true)))
      .orderBy(asc(subjects.name)),
  );

export const teachers = (db: Executor, unitId: number | null) =>
  cached(db, `lookup:teachers:${unitId}`, TEACHERS, () =>
    db
      .select({ id: employees.id, name: employees.name, code: employees.nip })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(
        and(
          unitIs(employees.unitId, unitId),
          eq(employees.isActive, true),
          inArray(users.division, [...TEACHING_DIVISIONS]),
        ),
      )
      .orderBy(asc(employees.name)),
  );

/** Classes an employee teaches in a year (and semester), the old getCurrentEmloyeeClassTitle. */
export const employeeClasses = (db: Executor, employeeId: number, academicYearId: number, semester?: string) =>
  cached(db, `lookup:employeeClasses:${employeeId}:${academicYearId}:${semester}`, TAUGHT_CLASSES, () =>
    db
      .selectDistinct({ id: classGroups.id, name: classGroups.name, code: sql<string | null>`null` })
      .from(teachingAssignments)
      .innerJoin(classGroups, eq(classGroups.id, teachingAssignments.classGroupId))
      .where(
        and(
          eq(teachingAssignments.employeeId, employeeId),
          eq(teachingAssignments.academicYearId, academicYearId),
          semester ? eq(teachingAssignments.semester, semester as 'GANJIL' | 'GENAP') : undefined,
        ),
      )
      .orderBy(asc(classGroups.name)),
  );

/** Subjects an employee teaches in a year, optionally in one class. */
export const employeeSubjects = (
  db: Executor,
  employeeId: number,
  academicYearId: number,
  semester?: string,
  classGroupId?: number,
) =>
  cached(
    db,
    `lookup:employeeSubjects:${employeeId}:${academicYearId}:${semester}:${classGroupId}`,
    TAUGHT_SUBJECTS,
    () =>
      db
        .selectDistinct({ id: subjects.id, name: subjects.name, code: subjects.code })
        .from(teachingAssignments)
        .innerJoin(subjects, eq(subjects.id, teachingAssignments.subjectId))
        .where(
          and(
            eq(teachingAssignments.employeeId, employeeId),
            eq(teachingAssignments.academicYearId, academicYearId),
            semester ? eq(teachingAssignments.semester, semester as 'GANJIL' | 'GENAP') : undefined,
            classGroupId ? eq(teachingAssignments.classGroupId, classGroupId) : undefined,
          ),
        )
        .orderBy(asc(subjects.name)),
  );

/** Subjects taught in a class group (from the teaching assignments). */
export const classSubjects = (db: Executor, classGroupId: number, semester?: string) =>
  cached(db, `lookup:classSubjects:${classGroupId}:${semester}`, TAUGHT_SUBJECTS, () =>
    db
      .selectDistinct({ id: subjects.id, name: subjects.name, code: subjects.code })
      .from(teachingAssignments)
      .innerJoin(subjects, eq(subjects.id, teachingAssignments.subjectId))
      .where(
        and(
          eq(teachingAssignments.classGroupId, classGroupId),
          semester ? eq(teachingAssignments.semester, semester as 'GANJIL' | 'GENAP') : undefined,
        ),
      )
      .orderBy(asc(subjects.name)),
  );

/** The student's open enrollment in a year. */
export function studentClass(db: Executor, studentId: number, academicYearId: number) {
  return cached(db, `lookup:studentClass:${studentId}:${academicYearId}`, STUDENT_CLASS, () =>
    studentClassOf(db, studentId, academicYearId),
  );
}

async function studentClassOf(db: Executor, studentId: number, academicYearId: number) {
  const [row] = await db
    .select({ classGroupId: classGroups.id, classTitle: classGroups.name, gradeLevel: grades.level })
    .from(enrollments)
    .innerJoin(classGroups, eq(classGroups.id, enrollments.classGroupId))
    .innerJoin(grades, eq(grades.id, classGroups.gradeId))
    .where(
      and(
        eq(enrollments.studentId, studentId),
        eq(enrollments.academicYearId, academicYearId),
        isNull(enrollments.endedAt),
      ),
    );
  return row;
}
