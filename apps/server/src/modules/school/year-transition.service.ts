import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { classGroups, enrollments, grades, students, teachingAssignments } from '../../db/schema/index.ts';
import { clock } from '../../lib/clock.ts';
import { conflict, notFound } from '../../lib/errors.ts';

/**
 * The school facts the year-end promotion (modules/promotion, issue 40 §4) reads and writes, inside the caller's
 * transaction: the unit's grade levels, the open enrolments of a year, the new year's classes (made from an old one
 * with its homeroom and teaching assignments when asked), the new enrolments, the mark on an old enrolment of how the
 * year ended for the student (`end_reason`, the row stays open so the old year reads the same) and the graduates'
 * status.
 */

/** The unit's grades: level -> grade id. */
export async function gradeLevels(exec: Executor, unitId: number) {
  const rows = await exec
    .select({ id: grades.id, level: grades.level })
    .from(grades)
    .where(eq(grades.unitId, unitId))
    .orderBy(asc(grades.level));
  return new Map(rows.map((g) => [g.level, g.id]));
}

/** The open enrolments of active students in the unit's classes of a year, with the class and its grade level. */
export function activeMembersOfYear(exec: Executor, unitId: number, academicYearId: number) {
  return exec
    .select({
      enrollmentId: enrollments.id,
      studentId: enrollments.studentId,
      classGroupId: classGroups.id,
      className: classGroups.name,
      level: grades.level,
    })
    .from(enrollments)
    .innerJoin(classGroups, eq(classGroups.id, enrollments.classGroupId))
    .innerJoin(grades, eq(grades.id, classGroups.gradeId))
    .innerJoin(students, eq(students.id, enrollments.studentId))
    .where(
      and(
        eq(classGroups.unitId, unitId),
        eq(enrollments.academicYearId, academicYearId),
        isNull(enrollments.endedAt),
        eq(students.status, 'ACTIVE'),
      ),
    );
}

/** Classes by id with their name and grade level. */
export async function classLevels(exec: Executor, ids: number[]) {
  if (!ids.length) return new Map<number, { id: number; name: string; level: number }>();
  const rows = await exec
    .select({ id: classGroups.id, name: classGroups.name, level: grades.level })
    .from(classGroups)
    .innerJoin(grades, eq(grades.id, classGroups.gradeId))
    .where(inArray(classGroups.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Students by id with their unit, NIS, name and status. */
export async function studentsByIds(exec: Executor, ids: number[]) {
  if (!ids.length) return new Map<number, { id: number; unitId: number; nis: string; name: string; status: string }>();
  const rows = await exec
    .select({
      id: students.id,
      unitId: students.unitId,
      nis: students.nis,
      name: students.name,
      status: students.status,
    })
    .from(students)
    .where(inArray(students.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The identity of some students as the school holds it (name, numbers, birth, parents): what admission copies. */
export function studentIdentities(exec: Executor, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return exec
    .select({
      id: students.id,
      unitId: students.unitId,
      name: students.name,
      nisn: students.nisn,
      nik: students.nik,
      gender: students.gender,
      birthPlace: students.birthPlace,
      birthDate: students.birthDate,
      religion: students.religion,
      address: students.address,
      phone: students.phone,
      boarding: students.boarding,
      program: students.program,
      fatherName: students.fatherName,
      motherName: students.motherName,
      guardianName: students.guardianName,
      parentPhone: students.parentPhone,
    })
    .from(students)
    .where(inArray(students.id, ids))
    .orderBy(students.name, students.id);
}
export type StudentIdentity = Awaited<ReturnType<typeof studentIdentities>>[number];

/** The unit's classes of a year. */
export function classesOfYear(exec: Executor, unitId: number, academicYearId: number) {
  return exec
    .select({ id: classGroups.id, name: classGroups.name, gradeId: classGroups.gradeId })
    .from(classGroups)
    .where(and(eq(classGroups.unitId, unitId), eq(classGroups.academicYearId, academicYearId)));
}

/** The students of `ids` with an open enrolment in a year, with their name. */
export function enrolledInYear(exec: Executor, ids: number[], academicYearId: number) {
  if (!ids.length) return Promise.resolve([]);
  return exec
    .select({ studentId: enrollments.studentId, name: students.name })
    .from(enrollments)
    .innerJoin(students, eq(students.id, enrollments.studentId))
    .where(
      and(
        eq(enrollments.academicYearId, academicYearId),
        isNull(enrollments.endedAt),
        inArray(enrollments.studentId, ids),
      ),
    );
}

/** A class of a new year made after an old one: its room and program, its homeroom and teaching when asked. */
export async function classFrom(
  exec: Executor,
  target: { unitId: number; academicYearId: number; gradeId: number; name: string },
  sourceClassId: number,
  copy: { homeroom: boolean; teaching: boolean },
) {
  const [source] = await exec.select().from(classGroups).where(eq(classGroups.id, sourceClassId));
  const [cls] = await exec
    .insert(classGroups)
    .values({
      ...target,
      homeroomEmployeeId: copy.homeroom ? (source?.homeroomEmployeeId ?? null) : null,
      room: source?.room ?? null,
      program: source?.program ?? null,
    })
    .returning({ id: classGroups.id, name: classGroups.name });
  if (copy.teaching) {
    const lessons = await exec
      .select()
      .from(teachingAssignments)
      .where(eq(teachingAssignments.classGroupId, sourceClassId));
    if (lessons.length) {
      await exec.insert(teachingAssignments).values(
        lessons.map((l) => ({
          employeeId: l.employeeId,
          subjectId: l.subjectId,
          classGroupId: cls!.id,
          academicYearId: target.academicYearId,
          semester: l.semester,
          hoursPerWeek: l.hoursPerWeek,
        })),
      );
    }
  }
  return cls!;
}

export async function enrolForNewYear(
  exec: Executor,
  rows: { studentId: number; classGroupId: number; academicYearId: number }[],
) {
  if (!rows.length) return [];
  return exec.insert(enrollments).values(rows).returning({ id: enrollments.id, studentId: enrollments.studentId });
}

/** Marks (or with `reason` null, unmarks the rows marked `was`) how the year ended on open enrolments. */
export async function markYearEnd(exec: Executor, ids: number[], reason: string | null, was: string | null = null) {
  if (!ids.length) return;
  await exec
    .update(enrollments)
    .set({ endReason: reason })
    .where(
      and(inArray(enrollments.id, ids), was === null ? isNull(enrollments.endReason) : eq(enrollments.endReason, was)),
    );
}

export async function removeEnrollments(exec: Executor, ids: number[]) {
  if (ids.length) await exec.delete(enrollments).where(inArray(enrollments.id, ids));
}

/** Sets the students' status (ACTIVE, GRADUATED...), only where it is `from` when given. */
export async function setStudentStatus(
  exec: Executor,
  ids: number[],
  status: 'ACTIVE' | 'GRADUATED' | 'MOVED' | 'DROPPED',
  from?: 'ACTIVE' | 'GRADUATED' | 'MOVED' | 'DROPPED',
) {
  if (!ids.length) return;
  await exec
    .update(students)
    .set({ status, updatedAt: clock.now() })
    .where(and(inArray(students.id, ids), from ? eq(students.status, from) : undefined));
}

/** Removes the classes of `ids` no enrolment uses (their teaching assignments go with them). */
export async function removeEmptyClasses(exec: Executor, ids: number[]) {
  if (!ids.length) return;
  await exec.execute(sql`delete from class_groups cg where cg.id = any(${`{${ids.join(',')}}`}::int[])
    and not exists (select 1 from enrollments e where e.class_group_id = cg.id)`);
}

/**
 * A graduate of one of the foundation's units carried into another (SD -> SMP, the internal path's daftar ulang,
 * issue 40 §4): the same student row becomes the target unit's student, with the NIS the target unit gives and
 * status ACTIVE; the boarding and program of the new unit when given. Nothing else changes: the NISN, the identity
 * and the entry date stay (the entry date bounds the attendance of the old unit's rapors), and the old unit's
 * enrolments, their `end_reason` GRADUATED and the promotion's decisions stay as they are. Only an alumnus
 * (GRADUATED) of another unit may be carried; the row is locked for the caller's transaction. Returns what the row
 * held before, for the caller's audit entry.
 */
export async function carryGraduateInto(
  exec: Executor,
  studentId: number,
  target: { unitId: number; nis: string; boarding?: 'MUKIM' | 'NON_MUKIM' | null; program?: string | null },
) {
  const [before] = await exec
    .select({ unitId: students.unitId, nis: students.nis, name: students.name, status: students.status })
    .from(students)
    .where(eq(students.id, studentId))
    .for('update');
  if (!before) throw notFound('Siswa asal');
  if (before.unitId === target.unitId) throw conflict(`${before.name} sudah menjadi siswa unit ini`);
  if (before.status !== 'GRADUATED') throw conflict(`${before.name} belum tercatat lulus di unit asalnya`);
  await exec
    .update(students)
    .set({
      unitId: target.unitId,
      nis: target.nis,
      status: 'ACTIVE',
      ...(target.boarding ? { boarding: target.boarding } : {}),
      ...(target.program ? { program: target.program } : {}),
      updatedAt: clock.now(),
    })
    .where(eq(students.id, studentId));
  return before;
}
