import type { TimetableSlot } from '@mms/shared';

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
