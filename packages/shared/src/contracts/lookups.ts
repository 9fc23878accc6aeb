import { z } from 'zod';
import { dbId } from './common.ts';
import { SEMESTERS } from '../domain/dates.ts';

const id = dbId;

/** One option of a pick list. */
export const LookupItem = z.object({ id: z.number().int(), name: z.string(), code: z.string().nullable() });
export type LookupItem = z.infer<typeof LookupItem>;
export const LookupList = z.object({ items: z.array(LookupItem) });
export type LookupList = z.infer<typeof LookupList>;

export const TapelLookup = z.object({
  items: z.array(z.object({ id: z.number().int(), name: z.string(), isActive: z.boolean() })),
  /** the academic year and semester of today by the July rule */
  current: z.object({ tapel: z.string(), semester: z.enum(SEMESTERS) }),
});
export type TapelLookup = z.infer<typeof TapelLookup>;

/** unitId defaults to the caller's unit; academicYearId to the active year. */
export const LookupQuery = z.object({
  unitId: id('Unit').optional(),
  academicYearId: id('Tahun pelajaran').optional(),
  semester: z.enum(SEMESTERS).optional(),
});
export type LookupQuery = z.infer<typeof LookupQuery>;

export const EmployeeLookupQuery = LookupQuery.extend({ employeeId: id('Guru').optional() });
export type EmployeeLookupQuery = z.infer<typeof EmployeeLookupQuery>;
export const EmployeeSubjectsQuery = EmployeeLookupQuery.extend({ classGroupId: id('Kelas').optional() });
export type EmployeeSubjectsQuery = z.infer<typeof EmployeeSubjectsQuery>;
export const StudentLookupQuery = LookupQuery.extend({ studentId: id('Siswa').optional() });
export type StudentLookupQuery = z.infer<typeof StudentLookupQuery>;

export const StudentClassLookup = z.object({
  studentId: z.number().int(),
  academicYearId: z.number().int().nullable(),
  classGroupId: z.number().int().nullable(),
  /** the old client's class_title */
  classTitle: z.string().nullable(),
  gradeLevel: z.number().int().nullable(),
});
export type StudentClassLookup = z.infer<typeof StudentClassLookup>;
