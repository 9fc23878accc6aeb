import { describe, expect, it } from 'vitest';
import { timetableSlot } from '../../test/fixtures.ts';
import {
  classSummary,
  classWeeks,
  compareClassNames,
  countGenders,
  divisionSummary,
  groupByClass,
} from './report-data.ts';

const student = (id: number, className: string | null, gender: 'L' | 'P' | null) => ({
  id,
  classGroupId: className ? className.charCodeAt(0) * 100 + className.length : null,
  className,
  gender,
});

describe('report counts', () => {
  it('counts boys (L), girls (P) and all; an unrecorded gender counts only in the total', () => {
    expect(countGenders([{ gender: 'L' }, { gender: 'P' }, { gender: 'P' }, { gender: null }])).toEqual({
      total: 4,
      male: 1,
      female: 2,
    });
    expect(countGenders([])).toEqual({ total: 0, male: 0, female: 0 });
  });

  it('orders classes as a school does: by grade number, then letter, those without a class last', () => {
    const names = ['9C', null, '10A', '1B', '7A', '1A', '2A'];
    expect([...names].sort(compareClassNames)).toEqual(['1A', '1B', '2A', '7A', '9C', '10A', null]);
  });

  it('groups students per class in class order, keeping the server order (by name) inside a class', () => {
    const rows = [
      student(1, '8A', 'L'),
      student(2, '7B', 'P'),
      student(3, null, 'L'),
      student(4, '7B', 'L'),
      student(5, '8A', 'P'),
    ];
    const groups = groupByClass(rows);
    expect(groups.map((g) => g.className)).toEqual(['7B', '8A', null]);
    expect(groups.map((g) => g.rows.map((r) => r.id))).toEqual([[2, 4], [1, 5], [3]]);

    const summary = classSummary(groups);
    expect(summary.classes.map(({ className, total, male, female }) => [className, total, male, female])).toEqual([
      ['7B', 2, 1, 1],
      ['8A', 2, 1, 1],
      [null, 1, 1, 0],
    ]);
    expect(summary.all).toEqual({ total: 5, male: 3, female: 2 });
  });

  it('counts employees per division in the order of the staff divisions, unknown division last', () => {
    const summary = divisionSummary([
      { division: 'TU', gender: 'P' },
      { division: 'TEACHER', gender: 'L' },
      { division: null, gender: 'L' },
      { division: 'TEACHER', gender: 'P' },
      { division: 'PRINCIPAL', gender: 'L' },
    ]);
    expect(summary).toEqual([
      { division: 'TEACHER', total: 2, male: 1, female: 1 },
      { division: 'PRINCIPAL', total: 1, male: 1, female: 0 },
      { division: 'TU', total: 1, male: 0, female: 1 },
      { division: null, total: 1, male: 1, female: 0 },
    ]);
  });
});

const lesson = (id: number, classGroupId: number, className: string, day: number, period: number) =>
  timetableSlot({ id, classGroupId, className, day, period });

describe('timetable report', () => {
  it("splits a unit's lessons into one week per class, in class order", () => {
    const weeks = classWeeks([lesson(1, 9, '9A', 1, 1), lesson(2, 7, '7A', 1, 1), lesson(3, 9, '9A', 2, 3)]);
    expect(weeks.map((w) => [w.className, w.rows.map((s) => s.id)])).toEqual([
      ['7A', [2]],
      ['9A', [1, 3]],
    ]);
    expect(classWeeks([])).toEqual([]);
  });
});
