import type {
  AuthUser,
  EmployeeLookupQuery,
  EmployeeSubjectsQuery,
  LookupQuery,
  StudentLookupQuery,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import * as repo from './lookups.repo.ts';
import { unitScope } from '../../lib/scope.ts';
import type { EmployeesService } from './employees.service.ts';
import type { StructureService } from './structure.service.ts';
import type { StudentsService } from './students.service.ts';

export function createLookupsService(
  db: Database,
  structure: StructureService,
  students: StudentsService,
  employees: EmployeesService,
) {
  async function yearOf(academicYearId: number | undefined) {
    if (academicYearId) return (await structure.getYear(academicYearId)).id;
    return (await structure.currentYear())?.id ?? null;
  }

  /** The caller, or an employee the caller may read (the employee routes' own rule: not of another unit). */
  async function employeeOf(user: AuthUser, employeeId: number | undefined) {
    const id = employeeId ?? user.employeeId;
    if (!id) throw badRequest('Pilih guru', { employeeId: 'Guru wajib dipilih' });
    if (id !== user.employeeId) await employees.get(user, id);
    return id;
  }

  /** Students look up only themselves; staff any student they may read. */
  async function studentOf(user: AuthUser, studentId: number | undefined) {
    if (user.division === 'STUDENT') {
      if (!user.studentId || (studentId !== undefined && studentId !== user.studentId)) {
        throw forbidden('Siswa hanya dapat melihat datanya sendiri');
      }
      return user.studentId;
    }
    if (!studentId) throw badRequest('Pilih siswa', { studentId: 'Siswa wajib dipilih' });
    await students.get(user, studentId);
    return studentId;
  }

  return {
    tapel: () => repo.tapel(db),
    async classTitles(user: AuthUser, q: LookupQuery) {
      const unitId = unitScope(user, q.unitId);
      const yearId = await yearOf(q.academicYearId);
      return yearId ? repo.classTitles(db, unitId, yearId) : [];
    },
    classGrades: (user: AuthUser, unitId?: number) => repo.classGrades(db, unitScope(user, unitId)),
    subjects: (user: AuthUser, unitId?: number) => repo.subjectList(db, unitScope(user, unitId)),
    teachers: (user: AuthUser, unitId?: number) => repo.teachers(db, unitScope(user, unitId)),
    async employeeClasses(user: AuthUser, q: EmployeeLookupQuery) {
      const employeeId = await employeeOf(user, q.employeeId);
      const yearId = await yearOf(q.academicYearId);
      return yearId ? repo.employeeClasses(db, employeeId, yearId, q.semester) : [];
    },
    async employeeSubjects(user: AuthUser, q: EmployeeSubjectsQuery) {
      const employeeId = await employeeOf(user, q.employeeId);
      const yearId = await yearOf(q.academicYearId);
      return yearId ? repo.employeeSubjects(db, employeeId, yearId, q.semester, q.classGroupId) : [];
    },
    async classSubjects(user: AuthUser, classGroupId: number, semester?: string) {
      await structure.getClass(user, classGroupId);
      return repo.classSubjects(db, classGroupId, semester);
    },
    async studentClass(user: AuthUser, q: StudentLookupQuery) {
      const studentId = await studentOf(user, q.studentId);
      const yearId = await yearOf(q.academicYearId);
      const row = yearId ? await repo.studentClass(db, studentId, yearId) : undefined;
      return {
        studentId,
        academicYearId: yearId,
        classGroupId: row?.classGroupId ?? null,
        classTitle: row?.classTitle ?? null,
        gradeLevel: row?.gradeLevel ?? null,
      };
    },
    async studentSubjects(user: AuthUser, q: StudentLookupQuery) {
      const studentId = await studentOf(user, q.studentId);
      const yearId = await yearOf(q.academicYearId);
      const row = yearId ? await repo.studentClass(db, studentId, yearId) : undefined;
      return row ? repo.classSubjects(db, row.classGroupId, q.semester) : [];
    },
  };
}
