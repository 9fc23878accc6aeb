import type { Executor } from '../../db/client.ts';
import * as structure from './structure.repo.ts';
import * as students from './students.repo.ts';

/**
 * The one source of school facts that every feature asks: the active year, a class, a student's
 * class, a teacher's classes (class-access.ts), the school days (calendar.service.ts). Features do not
 * query the school's tables for these themselves; reads of structure go through the read cache here.
 */

/** The student record's card: the student, their unit and their class in the active year; students' identity. */
export { findStudentCard, studentRefsOf, type StudentCardRow, type StudentRef } from './student-card.repo.ts';

/** The students and classes of a unit as the ministry's Dapodik sheets list them, and students' NISN. */
export {
  dapodikRombelRows,
  dapodikStudentRows,
  nisnOfStudents,
  type DapodikStudentRow,
} from './ministry-lists.repo.ts';

/** The subjects of a class in a semester with their teacher (the rapor's completeness board). */
export { classSubjectTeachers } from './class-teachers.repo.ts';

/** Small reads of units and staff (search, the old client's calls, the health page). */
export { employeeNamesOf, publicUnits, searchEmployees, unitIdByCode } from './directory.repo.ts';

/** Class membership (enrollments) as other features ask it; the fragments go inside their own SQL. */
export {
  activeStudentsEnrolledIn,
  activeStudentsOfClass,
  activeYearClassJoinSql,
  classMemberCounts,
  classMembersOn,
  currentClassJoinSql,
  currentClassNameSql,
  gradeStudentCountSql,
  inAnyClassNowSql,
  inClassNowSql,
  raporStudentsOfClass,
  studentClassIn,
  studentsEverInClass,
  type ClassMemberRow,
  type ClassStudentRow,
} from './membership.repo.ts';

/** A unit by id. */
export const findUnit = (exec: Executor, id: number) => structure.findUnit(exec, id);

/** The classes of a unit in an academic year, id and name, by name. */
export const unitClassesIn = (exec: Executor, unitId: number, academicYearId: number) =>
  students.classesByName(exec, unitId, academicYearId);

/** The ids of the classes of a grade in an academic year (a P5 project's classes). */
export const gradeClassIdsIn = (exec: Executor, gradeId: number, academicYearId: number) =>
  structure.classIdsOfGrade(exec, gradeId, academicYearId);

/** An academic year by id. */
export const findYear = (exec: Executor, id: number) => structure.findYear(exec, id);

/** The active academic year (cached; dropped when academic_years changes). */
export const activeYear = (exec: Executor) => structure.findActiveYear(exec);

/** A class group with its year, grade, homeroom teacher and student count (cached). */
export const findClass = (exec: Executor, id: number) => structure.findClass(exec, id);

/** The class of the student's open enrollment in the active year, if any (cached). */
export const classOfStudent = (exec: Executor, studentId: number) => structure.classOfStudent(exec, studentId);

/** An employee by id with their unit (for rules that need the employee's unit). */
export const findEmployeeRef = (exec: Executor, id: number) => structure.findEmployeeRef(exec, id);

/** The classes the employee leads (wali kelas) in the active year; none without an active year. */
export async function homeroomClasses(exec: Executor, employeeId: number) {
  const year = await activeYear(exec);
  return year ? structure.homeroomClassesOf(exec, employeeId, year.id) : [];
}

/**
 * The subject and grade pairs the employee teaches in the active year (a teaching assignment or a timetable slot
 * in a class of that grade): the one definition of "may write material of this subject and grade" for a teacher.
 */
export async function subjectGradesTaught(
  exec: Executor,
  employeeId: number,
  only?: { subjectId: number; gradeId: number },
) {
  const year = await activeYear(exec);
  return year ? structure.subjectGradesTaught(exec, employeeId, year.id, only) : [];
}

/**
 * Every active subject of the unit with every grade of the unit (every unit for null): what a leader of the unit
 * may write material and questions for.
 */
export const unitSubjectGrades = (exec: Executor, unitId: number | null) => structure.unitSubjectGrades(exec, unitId);

/** Whether the employee teaches the subject in the grade this year. */
export const teachesSubjectInGrade = async (exec: Executor, employeeId: number, subjectId: number, gradeId: number) =>
  (await subjectGradesTaught(exec, employeeId, { subjectId, gradeId })).length > 0;

/** A grade (tingkat) by id with its unit and level. */
export const findGrade = (exec: Executor, id: number) => structure.findGrade(exec, id);

/** A subject by id with its unit. */
export const findSubject = (exec: Executor, id: number) => structure.findSubject(exec, id);

/** The names of some subjects by id, in one query (the rapor board's reopens). */
export const subjectNamesOf = (exec: Executor, ids: readonly number[]) =>
  structure.subjectNamesOf(exec, [...new Set(ids)]);

/**
 * The class and subject pairs the employee teaches in the active year (a teaching assignment or a timetable slot):
 * the one definition of "may score this subject in this class" for a teacher.
 */
export async function classSubjectsTaught(
  exec: Executor,
  employeeId: number,
  only?: { classGroupId: number; subjectId: number },
) {
  const year = await activeYear(exec);
  return year ? structure.classSubjectsTaught(exec, employeeId, year.id, only) : [];
}

/** Whether the employee teaches the subject in the class this year. */
export const teachesSubjectInClass = async (
  exec: Executor,
  employeeId: number,
  classGroupId: number,
  subjectId: number,
) => (await classSubjectsTaught(exec, employeeId, { classGroupId, subjectId })).length > 0;
