import { describe, expect, it } from 'vitest';
import { timetableSlot } from '../../test/fixtures.ts';
import { gridRows } from './timetable-grid.tsx';

const slot = (period: number, startTime: string | null = null) =>
  timetableSlot({ id: period, period, startTime, endTime: startTime ? '12:00' : null });

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
