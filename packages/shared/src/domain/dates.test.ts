import { describe, expect, it } from 'vitest';
import {
  addDays,
  longDate,
  longMonth,
  datesBetween,
  daysBetween,
  endOfJakartaDay,
  jakartaDate,
  monthOf,
  schoolYearOf,
  semesterInYear,
  startOfJakartaDay,
  weekdayOf,
  weekOf,
} from './dates.ts';
import { parseDateText } from './date-format.ts';

describe('dates (Jakarta calendar dates)', () => {
  it('reads the Jakarta date of an instant, whatever the host’s zone', () => {
    expect(jakartaDate(new Date('2026-06-30T23:59:00Z'))).toBe('2026-07-01');
    // 1 July 06:59 WIB: the UTC date is still 30 June
    expect(jakartaDate(new Date('2027-07-01T06:59:00+07:00'))).toBe('2027-07-01');
    expect(jakartaDate(new Date('2026-12-31T17:00:00Z'))).toBe('2027-01-01');
    expect(jakartaDate(new Date('2026-12-31T16:59:59Z'))).toBe('2026-12-31');
  });

  it('gives the instants a Jakarta day begins and ends', () => {
    expect(startOfJakartaDay('2027-01-01').toISOString()).toBe('2026-12-31T17:00:00.000Z');
    expect(endOfJakartaDay('2027-01-01').toISOString()).toBe('2027-01-01T17:00:00.000Z');
  });

  it('adds days across months, years and leap days; counts days between', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-07-01', '2027-06-30')).toBe(364);
    expect(daysBetween('2026-07-10', '2026-07-01')).toBe(-9);
    expect(datesBetween('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(() => addDays('2026/01/01', 1)).toThrow(RangeError);
  });

  it('numbers weekdays 1 (Monday) to 7 (Sunday) and gives Monday-Sunday weeks and months', () => {
    expect(weekdayOf('2026-11-23')).toBe(1);
    expect(weekdayOf('2026-11-29')).toBe(7);
    expect(weekOf('2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(weekOf('2027-01-01')).toEqual({ from: '2026-12-28', to: '2027-01-03' });
    expect(monthOf('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthOf('2026-11-23')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  });

  it('gives the school year by the July rule and the semester from the year’s own dates', () => {
    expect(schoolYearOf('2027-06-30')).toEqual({ tapel: '2026/2027', startDate: '2026-07-01', endDate: '2027-06-30' });
    expect(schoolYearOf('2027-07-01').tapel).toBe('2027/2028');
    const year = { startDate: '2026-07-13', endDate: '2027-06-26' };
    expect(semesterInYear('2026-12-31', year)).toBe('GANJIL');
    expect(semesterInYear('2027-01-01', year)).toBe('GENAP');
    expect(semesterInYear('2026-07-01', year)).toBeNull();
  });
});

describe('longDate and longMonth (dates on paper)', () => {
  it('writes day, month name and year in the chosen language, without leading zeros', () => {
    expect(longDate('2026-11-25', 'id')).toBe('25 November 2026');
    expect(longDate('2026-08-01', 'id')).toBe('1 Agustus 2026');
    expect(longDate('2026-08-01', 'en')).toBe('1 August 2026');
    expect(longMonth('2026-05', 'id')).toBe('Mei 2026');
    expect(longMonth('2026-05-31', 'en')).toBe('May 2026');
  });
});

describe('parseDateText (what a person types in a date field)', () => {
  it('reads the Indonesian order and the ISO form', () => {
    expect(parseDateText('25/11/2026')).toBe('2026-11-25');
    expect(parseDateText(' 5-1-2027 ')).toBe('2027-01-05');
    expect(parseDateText('05.01.2027')).toBe('2027-01-05');
    expect(parseDateText('2026-11-25')).toBe('2026-11-25');
  });
  it('refuses days that do not exist and other text', () => {
    expect(parseDateText('30/02/2027')).toBeNull();
    expect(parseDateText('29/02/2027')).toBeNull();
    expect(parseDateText('29/02/2028')).toBe('2028-02-29');
    expect(parseDateText('11/25/2026')).toBeNull();
    expect(parseDateText('2026-13-01')).toBeNull();
    expect(parseDateText('besok')).toBeNull();
    expect(parseDateText('')).toBeNull();
  });
});
