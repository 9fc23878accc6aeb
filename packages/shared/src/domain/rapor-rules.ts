import type { Semester } from './dates.ts';

export { RAPOR_LABELS } from './rapor-labels.ts';
export * from './rapor-numbers.ts';

/**
 * The rules of the report card (rapor, issue 40 §2) that need no database: the phase of a grade, the dates of a
 * semester, and the attendance count over the school days of the calendar.
 */

/** Kurikulum Merdeka's phases (fase): SD 1-2 A, 3-4 B, 5-6 C; SMP (7-9) D. */
export type RaporFase = 'A' | 'B' | 'C' | 'D';

/** The phase of a grade level (1-9); an SMP numbering its grades 1-3 passes `smp` so they are D too. */
export function raporFaseOf(level: number, smp = false): RaporFase {
  if (smp || level >= 7) return 'D';
  if (level <= 2) return 'A';
  if (level <= 4) return 'B';
  return 'C';
}

/**
 * The dates of a semester inside its school year: GANJIL from the year's first day to 31 December, GENAP from
 * 1 January to the year's last day (the same split as `semesterInYear`).
 */
export function semesterRange(
  year: { startDate: string; endDate: string },
  semester: Semester,
): { from: string; to: string } {
  const firstYear = year.startDate.slice(0, 4);
  if (semester === 'GANJIL') {
    const end = `${firstYear}-12-31`;
    return { from: year.startDate, to: end < year.endDate ? end : year.endDate };
  }
  const start = `${Number(firstYear) + 1}-01-01`;
  return { from: start > year.startDate ? start : year.startDate, to: year.endDate };
}

/** One code of the daily register and the dates the student has it (as the attendance module reads them). */
export interface RegisterCodeDates {
  code: string;
  dates: readonly string[];
}

/** The rapor's attendance: Sakit, Izin, Tanpa keterangan (alpa), and what stands beside them. */
export interface RaporAttendance {
  /** the school days of the calendar the count ran over */
  schoolDays: number;
  present: number;
  sick: number;
  permitted: number;
  /** tanpa keterangan */
  absent: number;
  /** school days with no register row of the student */
  notRecorded: number;
}

/**
 * Counts the register's codes on the calendar's school days only: a row on a holiday, a semester break or a day
 * outside the school week (a register taken by mistake, a day the calendar closed afterwards) never counts, and a
 * date counts once however many rows it has (the first code in the order given).
 */
export function countRaporAttendance(
  schoolDays: readonly string[],
  rows: readonly RegisterCodeDates[],
): RaporAttendance {
  const open = new Set(schoolDays);
  const codeOn = new Map<string, string>();
  for (const r of rows) for (const d of r.dates) if (open.has(d) && !codeOn.has(d)) codeOn.set(d, r.code);
  const n = (code: string) => [...codeOn.values()].filter((c) => c === code).length;
  return {
    schoolDays: open.size,
    present: n('H'),
    sick: n('S'),
    permitted: n('I'),
    absent: n('A'),
    notRecorded: open.size - codeOn.size,
  };
}
