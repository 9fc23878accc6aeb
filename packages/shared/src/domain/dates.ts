import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { MONTHS } from './date-format.ts';

dayjs.extend(utc);

/**
 * The one module of date rules of MMS. Business dates are Jakarta calendar dates written
 * `YYYY-MM-DD`; instants are `Date`. Jakarta keeps UTC+7 all year (no daylight saving), so a
 * Jakarta date is the UTC date of the instant seven hours later. Arithmetic on calendar dates is
 * done on UTC midnights with dayjs (small and immutable), never on the host's local time.
 */
export const SCHOOL_TIME_ZONE = 'Asia/Jakarta';
const JAKARTA_OFFSET_MINUTES = 7 * 60;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface JakartaNow {
  /** ISO 8601 with the +07:00 offset, e.g. 2026-11-22T10:15:00+07:00 */
  iso: string;
  date: string;
  time: string;
}

/** A well-formed calendar date `YYYY-MM-DD` (a real day: no 30 February). */
export const isIsoDate = (date: string): boolean =>
  ISO_DATE.test(date) && dayjs.utc(date).format('YYYY-MM-DD') === date;

const day = (date: string) => {
  if (!ISO_DATE.test(date)) throw new RangeError(`invalid date: ${date}`);
  return dayjs.utc(date, 'YYYY-MM-DD');
};

/** An instant as the school's wall clock reads it (WIB). */
export function toJakarta(instant: Date): JakartaNow {
  const local = dayjs(instant).utcOffset(JAKARTA_OFFSET_MINUTES);
  const date = local.format('YYYY-MM-DD');
  const time = local.format('HH:mm:ss');
  return { iso: `${date}T${time}+07:00`, date, time };
}

/** The Jakarta calendar date of an instant. */
export const jakartaDate = (instant: Date): string => toJakarta(instant).date;

/** The instant a Jakarta calendar date begins (00:00 WIB). */
export const startOfJakartaDay = (date: string): Date =>
  new Date(day(date).valueOf() - JAKARTA_OFFSET_MINUTES * 60_000);

/** The instant a Jakarta calendar date ends (the next day's 00:00 WIB, exclusive). */
export const endOfJakartaDay = (date: string): Date => startOfJakartaDay(addDays(date, 1));

export const addDays = (date: string, days: number): string => day(date).add(days, 'day').format('YYYY-MM-DD');

/** Whole days from `from` to `to` (negative when `to` comes first). */
export const daysBetween = (from: string, to: string): number => day(to).diff(day(from), 'day');

/** 1 Monday ... 7 Sunday, as the timetable numbers its days. */
export function weekdayOf(date: string): number {
  const d = day(date).day();
  return d === 0 ? 7 : d;
}

/** Every date from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The Monday-to-Sunday week of a date. */
export function weekOf(date: string): { from: string; to: string } {
  const from = addDays(date, 1 - weekdayOf(date));
  return { from, to: addDays(from, 6) };
}

/** The first and last date of a month given as `YYYY-MM` (or of a date's month). */
export function monthOf(monthOrDate: string): { from: string; to: string } {
  const first = day(`${monthOrDate.slice(0, 7)}-01`);
  return { from: first.format('YYYY-MM-DD'), to: first.endOf('month').format('YYYY-MM-DD') };
}

/** Minutes since midnight of "HH:MM" or "HH:MM:SS". */
export function minutesOf(clock: string): number {
  const [h, m] = clock.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

// ---------- dates as a paper writes them ----------

/** The two languages of MMS: Indonesian (the default) and English. */
export type Lang = 'id' | 'en';

/** A calendar date as a letter or an export header writes it: "25 November 2026" (same order in both languages). */
export function longDate(date: string, lang: Lang): string {
  const d = day(date);
  return `${d.date()} ${MONTHS[lang][d.month()]} ${d.year()}`;
}

/** A month `YYYY-MM` (or a date's month) as "November 2026". */
export function longMonth(monthOrDate: string, lang: Lang): string {
  const d = day(`${monthOrDate.slice(0, 7)}-01`);
  return `${MONTHS[lang][d.month()]} ${d.year()}`;
}

// ---------- the school year (tahun pelajaran) and its semesters ----------

export const SEMESTERS = ['GANJIL', 'GENAP'] as const;
export type Semester = (typeof SEMESTERS)[number];

export interface AcademicPeriod {
  /** Tahun pelajaran, e.g. "2024/2025". */
  tapel: string;
  semester: Semester;
  startYear: number;
}

/**
 * The specification's July rule: months 1-6 belong to the previous/current year and the GENAP
 * semester; months 7-12 to the current/next year and GANJIL. `month` is 1-12 as a person reads it.
 */
export function academicPeriodOf(year: number, month: number): AcademicPeriod {
  if (!Number.isInteger(year) || !Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`invalid year/month: ${year}-${month}`);
  }
  const startYear = month <= 6 ? year - 1 : year;
  return { tapel: `${startYear}/${startYear + 1}`, semester: month <= 6 ? 'GENAP' : 'GANJIL', startYear };
}

/** The academic period of a Jakarta calendar date `YYYY-MM-DD`. */
export function academicPeriodOfDate(date: string): AcademicPeriod {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`invalid date: ${date}`);
  return academicPeriodOf(Number(match[1]), Number(match[2]));
}

/**
 * The semester of a date inside a school year whose own dates are known: GANJIL until the last
 * day of December of the year's first calendar year, GENAP after; null outside the year.
 */
export function semesterInYear(date: string, year: { startDate: string; endDate: string }): Semester | null {
  if (date < year.startDate || date > year.endDate) return null;
  return date <= `${year.startDate.slice(0, 4)}-12-31` ? 'GANJIL' : 'GENAP';
}

/** The July-rule dates of the school year a date falls in (1 July to 30 June). */
export function schoolYearOf(date: string): { tapel: string; startDate: string; endDate: string } {
  const { tapel, startYear } = academicPeriodOfDate(date);
  return { tapel, startDate: `${startYear}-07-01`, endDate: `${startYear + 1}-06-30` };
}
