import { describe, expect, it } from 'vitest';
import { countRaporAttendance, raporFaseOf, semesterRange } from './rapor-rules.ts';

describe('the rapor rules', () => {
  it('names the phase of each grade', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((l) => raporFaseOf(l))).toEqual([
      'A',
      'A',
      'B',
      'B',
      'C',
      'C',
      'D',
      'D',
      'D',
    ]);
    expect(raporFaseOf(1, true)).toBe('D');
  });

  it('splits the school year into its two semesters', () => {
    const year = { startDate: '2026-07-13', endDate: '2027-06-26' };
    expect(semesterRange(year, 'GANJIL')).toEqual({ from: '2026-07-13', to: '2026-12-31' });
    expect(semesterRange(year, 'GENAP')).toEqual({ from: '2027-01-01', to: '2027-06-26' });
  });

  it('counts only the school days of the calendar, each once', () => {
    // Tuesday 17 to Friday 20 November are school days; Monday 16 was a holiday with a row recorded by mistake
    const days = ['2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'];
    const counts = countRaporAttendance(days, [
      { code: 'H', dates: ['2026-11-17'] },
      { code: 'S', dates: ['2026-11-16', '2026-11-18'] },
      { code: 'I', dates: ['2026-11-19'] },
      { code: 'A', dates: ['2026-11-22'] },
    ]);
    expect(counts).toEqual({ schoolDays: 4, present: 1, sick: 1, permitted: 1, absent: 0, notRecorded: 1 });
    expect(countRaporAttendance([], [{ code: 'A', dates: ['2026-11-16'] }]).absent).toBe(0);
  });
});
