import { describe, expect, it } from 'vitest';
import { addDays, minutesOf, todayJakarta, weekdayOf } from './school-dates.ts';

describe('school dates', () => {
  it('numbers weekdays Monday 1 to Sunday 7', () => {
    expect(weekdayOf('2026-11-23')).toBe(1);
    expect(weekdayOf('2026-11-28')).toBe(6);
    expect(weekdayOf('2026-11-29')).toBe(7);
  });

  it('adds days across months and leap years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('reads clock times and the Jakarta date', () => {
    expect(minutesOf('07:00')).toBe(420);
    expect(minutesOf('07:35:59')).toBe(455);
    // 17:30 UTC is already the next day in Jakarta (UTC+7).
    expect(todayJakarta(new Date('2026-11-22T17:30:00Z'))).toBe('2026-11-23');
    expect(todayJakarta(new Date('2026-11-22T16:59:00Z'))).toBe('2026-11-22');
  });
});
