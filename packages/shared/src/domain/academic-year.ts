export const SEMESTERS = ['GANJIL', 'GENAP'] as const;
export type Semester = (typeof SEMESTERS)[number];

export interface AcademicPeriod {
  /** Tahun pelajaran, e.g. "2024/2025". */
  tapel: string;
  semester: Semester;
  startYear: number;
}

/**
 * The specification's July rule: months 1-6 belong to the previous/current year and the
 * GENAP semester; months 7-12 to the current/next year and GANJIL.
 * `month` is 1-12 as a person reads it.
 */
export function academicPeriodOf(year: number, month: number): AcademicPeriod {
  if (!Number.isInteger(year) || !Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`invalid year/month: ${year}-${month}`);
  }
  const startYear = month <= 6 ? year - 1 : year;
  return {
    tapel: `${startYear}/${startYear + 1}`,
    semester: month <= 6 ? 'GENAP' : 'GANJIL',
    startYear,
  };
}

/** The academic period of a Jakarta calendar date given as YYYY-MM-DD. */
export function academicPeriodOfDate(isoDate: string): AcademicPeriod {
  const match = /^(\d{4})-(\d{2})-\d{2}$/.exec(isoDate);
  if (!match) throw new RangeError(`invalid date: ${isoDate}`);
  return academicPeriodOf(Number(match[1]), Number(match[2]));
}
