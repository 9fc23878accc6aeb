import type { AuthUser, TimetableSlot } from '@mms/shared';

/** A lesson of the timetable for tests: Monday, period 1 of class 1A, with the given fields changed. */
export function timetableSlot(fields: Partial<TimetableSlot> = {}): TimetableSlot {
  return {
    id: 1,
    unitId: 1,
    academicYearId: 1,
    semester: 'GANJIL',
    classGroupId: 1,
    className: '1A',
    day: 1,
    period: 1,
    startTime: null,
    endTime: null,
    subjectId: 1,
    subjectName: 'Matematika',
    employeeId: 1,
    teacherName: 'Ustadz A',
    ...fields,
  };
}

/** A unit's letterhead as GET /letterhead answers it, for the printed papers of a screen test. */
export const letterheadFixture = {
  kind: 'UNIT',
  foundationName: 'Yayasan Al-Amin',
  name: 'SMP Islam Terpadu Al-Amin',
  npsn: null,
  address: null,
  phone: null,
  email: null,
  logoUrl: null,
  signature: { place: 'Bogor', date: '2026-11-18', role: 'HEADMASTER', name: 'Drs. H. Muhammad Yusuf', nip: null },
};

/** A signed-in user as the session answers it (ADMIN with an employee record unless told otherwise). */
export function authUser(fields: Partial<AuthUser> = {}): AuthUser {
  return {
    id: 1,
    username: 'admin',
    displayName: 'Administrator',
    division: 'ADMIN',
    avatarUrl: null,
    employeeId: 3,
    employeeNumber: null,
    studentId: null,
    studentNumber: null,
    unit: null,
    ...fields,
  };
}
