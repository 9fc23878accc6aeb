import type { Executor } from '../../db/client.ts';
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

/** The class of the student's open enrollment in the active year, if any (cached). */
export const classOfStudent = (exec: Executor, studentId: number) => structure.classOfStudent(exec, studentId);

/** An employee by id with their unit (for rules that need the employee's unit). */
export const findEmployeeRef = (exec: Executor, id: number) => structure.findEmployeeRef(exec, id);

/** A subject by id with its unit. */
export const findSubject = (exec: Executor, id: number) => structure.findSubject(exec, id);
