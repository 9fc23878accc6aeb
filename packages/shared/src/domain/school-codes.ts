import { EMPLOYEE_DIVISIONS } from './divisions.ts';

/** The code lists of school records, apart from their zod schemas (contracts/school.ts re-exports them). */
export const GENDERS = ['L', 'P'] as const;
export const STUDENT_STATUSES = ['ACTIVE', 'GRADUATED', 'MOVED', 'DROPPED'] as const;
export type StudentStatus = (typeof STUDENT_STATUSES)[number];
export const BOARDING_STATUSES = ['MUKIM', 'NON_MUKIM'] as const;
/** Monday (1) to Saturday (6). */
export const SCHOOL_DAYS = [1, 2, 3, 4, 5, 6] as const;
export const DAY_NAMES_ID = ['', 'Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu'] as const;
export const MAX_PERIODS = 16;

/** The divisions an employee record may carry: every division but STUDENT. */
export const STAFF_DIVISIONS = EMPLOYEE_DIVISIONS;

/**
 * A rejected import answers 400 with one `fields` entry per problem, keyed "baris <row>: <column>"
 * (row as Excel numbers it); nothing is saved then.
 */
export const importFieldKey = (row: number, column: string) => `baris ${row}: ${column}`;
export function parseImportFieldKey(key: string): { row: number; column: string } | null {
  const match = /^baris (\d+): (.*)$/.exec(key);
  return match ? { row: Number(match[1]), column: match[2]! } : null;
}
