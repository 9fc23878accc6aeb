import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMonth, formatPeriod, jakartaDay } from './date-format.ts';
import { jakartaDate } from './dates.ts';

// 05:42 WIB on Wednesday 2 December 2026 is still 1 December in UTC
const EARLY_MORNING = '2026-12-01T22:42:00Z';

describe('jakartaDay (the school day of a timestamp)', () => {
  it('is the Jakarta date of an instant, not its UTC date', () => {
    expect(jakartaDay(EARLY_MORNING)).toBe('2026-12-02');
    expect(jakartaDay(new Date(EARLY_MORNING))).toBe('2026-12-02');
    expect(jakartaDay('2026-12-01T22:42:00.123Z')).toBe('2026-12-02');
    expect(jakartaDay('2026-12-02T05:42:00+07:00')).toBe('2026-12-02');
    expect(jakartaDay('2026-12-01 22:42:00+00')).toBe('2026-12-02');
    expect(jakartaDay('2026-12-31T17:00:00Z')).toBe('2027-01-01');
    expect(jakartaDay('2026-12-31T16:59:59Z')).toBe('2026-12-31');
    expect(jakartaDay(new Date(EARLY_MORNING))).toBe(jakartaDate(new Date(EARLY_MORNING)));
  });

  it('keeps a calendar date and a wall-clock time without offset as written', () => {
    expect(jakartaDay('2026-12-01')).toBe('2026-12-01');
    expect(jakartaDay('2026-12-01 22:42')).toBe('2026-12-01');
    expect(jakartaDay('')).toBe('');
    expect(jakartaDay(null)).toBe('');
    expect(jakartaDay(new Date('nope'))).toBe('');
    expect(jakartaDay('kemarin')).toBe('kemarin');
  });
});

describe('formatDate of a timestamp', () => {
  it('reads the Jakarta date in both languages and styles', () => {
    expect(formatDate(EARLY_MORNING, 'id', 'short')).toBe('02/12/2026');
    expect(formatDate(EARLY_MORNING, 'id')).toBe('2 Desember 2026');
    expect(formatDate(EARLY_MORNING, 'en')).toBe('2 December 2026');
    expect(formatDate(EARLY_MORNING, 'id', 'weekday')).toBe('Rabu, 2 Desember 2026');
    expect(formatDate(new Date(EARLY_MORNING), 'en', 'short')).toBe('02/12/2026');
    expect(formatDate('2026-09-10', 'id')).toBe('10 September 2026');
  });

  it('formatDateTime reads the Jakarta date and time', () => {
    expect(formatDateTime(EARLY_MORNING)).toBe('02/12/2026 05.42');
    expect(formatDateTime(new Date(EARLY_MORNING), 'en')).toBe('02/12/2026 05:42');
    expect(formatDateTime('2026-12-02')).toBe('');
    expect(formatDateTime(null)).toBe('');
  });
});

describe('formatMonth (a period)', () => {
  it('names the month, never 2026-07', () => {
    expect(formatMonth('2026-07')).toBe('Juli 2026');
    expect(formatMonth('2026-07', 'en')).toBe('July 2026');
    expect(formatMonth('2026-12-02', 'id')).toBe('Desember 2026');
    expect(formatMonth(null)).toBe('');
    expect(formatMonth('2026-13')).toBe('2026-13');
  });

  it("formatPeriod reads a bill's period in both languages", () => {
    expect(formatPeriod({ period: '2026-07', instalment: 1 })).toBe('Juli 2026');
    expect(formatPeriod({ period: '2026-07', instalment: 1 }, 'en')).toBe('July 2026');
    expect(formatPeriod({ period: '2026-07', instalment: 2 })).toBe('Juli 2026 #2');
    expect(formatPeriod({ period: '2026/2027', instalment: 1 })).toBe('2026/2027');
    expect(formatPeriod({ period: 'ONCE', instalment: 1 }, 'en')).toBe('Once #1');
    expect(formatPeriod({ period: 'ONCE' })).toBe('Sekali');
  });
});
