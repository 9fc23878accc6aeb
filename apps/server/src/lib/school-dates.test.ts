import { describe, expect, it } from 'vitest';
import { addDays, isSchoolDay, minutesOf, schoolDaysBetween, todayJakarta, weekdayOf } from './school-dates.ts';

describe('school dates', () => {
  it('numbers weekdays Monday 1 to Sunday 7', () => {
    expect(weekdayOf('2026-11-23')).toBe(1);
    expect(weekdayOf('2026-11-28')).toBe(6);
    expect(weekdayOf('2026-11-29')).toBe(7);
    expect(isSchoolDay('2026-11-28')).toBe(true);
    expect(isSchoolDay('2026-11-29')).toBe(false);
  });

  it('adds days across months and leap years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('lists the school days (Monday-Saturday) of a range', () => {
    expect(schoolDaysBetween('2026-11-27', '2026-11-30')).toEqual(['2026-11-27', '2026-11-28', '2026-11-30']);
    expect(schoolDaysBetween('2026-11-30', '2026-11-27')).toEqual([]);
    expect(schoolDaysBetween('2026-02-01', '2026-02-28')).toHaveLength(24);
  });

  it('reads clock times and the Jakarta date', () => {
    expect(minutesOf('07:00')).toBe(420);
    expect(minutesOf('07:35:59')).toBe(455);
    // 17:30 UTC is already the next day in Jakarta (UTC+7).
    expect(todayJakarta(new Date('2026-11-22T17:30:00Z'))).toBe('2026-11-23');
    expect(todayJakarta(new Date('2026-11-22T16:59:00Z'))).toBe('2026-11-22');
  });
});
