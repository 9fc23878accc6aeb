import type { TimetableSlot } from '@mms/shared';
import { describe, expect, it } from 'vitest';
import { gridRows } from './timetable-grid.tsx';

const slot = (period: number, startTime: string | null = null): TimetableSlot => ({
  id: period,
  unitId: 1,
  academicYearId: 1,
  semester: 'GANJIL',
  classGroupId: 1,
  className: '1A',
  day: 1,
  period,
  startTime,
  endTime: startTime ? '12:00' : null,
  subjectId: 1,
  subjectName: 'Matematika',
  employeeId: 1,
  teacherName: 'Ustadz A',
});

describe('timetable grid rows', () => {
  it("takes the unit's bell times and adds periods only a lesson uses, in order", () => {
    const rows = gridRows(
      [
        { period: 2, startTime: '07:35', endTime: '08:10' },
        { period: 1, startTime: '07:00', endTime: '07:35' },
      ],
      [slot(1), slot(9, '11:20')],
    );
    expect(rows).toEqual([
      { period: 1, startTime: '07:00', endTime: '07:35' },
      { period: 2, startTime: '07:35', endTime: '08:10' },
      { period: 9, startTime: '11:20', endTime: '12:00' },
    ]);
    expect(gridRows(undefined, [])).toEqual([]);
  });
});
