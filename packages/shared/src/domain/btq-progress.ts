/**
 * Pure rules of BTQ progress entry (issue 16): the grade of a score, the ayat count of each surah, the checks of a
 * page or ayat range, and when a student has reached the end of a level.
 */

import { btqGradeOf, DEFAULT_BTQ_CUTOFFS, type BtqCutoffValues, type BtqGrade } from './btq.ts';

/** A unit's cut-off as stored (`btq_grade_cutoffs`): the lowest score of a grade. */
export interface GradeCutoff {
  grade: BtqGrade;
  minScore: number;
}

/** The scale of stored cut-off rows: the unit's values, the defaults for grades it has not set. */
export function scaleOfCutoffRows(rows: readonly GradeCutoff[]): BtqCutoffValues {
  const scale: BtqCutoffValues = { ...DEFAULT_BTQ_CUTOFFS };
  for (const r of rows) if (r.grade !== 'RASIB') scale[r.grade] = r.minScore;
  return scale;
}

/** The grade of a score 0-100 on a unit's stored cut-offs (the one rule is `btqGradeOf` of domain/btq.ts). */
export const btqGradeOfRows = (score: number, rows: readonly GradeCutoff[] = []): BtqGrade =>
  btqGradeOf(score, scaleOfCutoffRows(rows));

/** The number of ayat of each surah 1..114 (mushaf Utsmani, riwayat Hafs): index 0 is Al-Fatihah. */
export const SURAH_AYAT: readonly number[] = [
  7, 286, 200, 176, 120, 165, 206, 75, 129, 109, 123, 111, 43, 52, 99, 128, 111, 110, 98, 135, 112, 78, 118, 64, 77,
  227, 93, 88, 69, 60, 34, 30, 73, 54, 45, 83, 182, 88, 75, 85, 54, 53, 89, 59, 37, 35, 38, 29, 18, 45, 60, 49, 62, 55,
  78, 96, 29, 22, 24, 13, 14, 11, 11, 18, 12, 12, 30, 52, 52, 44, 28, 28, 20, 56, 40, 31, 50, 40, 46, 42, 29, 19, 36,
  25, 22, 17, 19, 26, 30, 20, 15, 21, 11, 8, 8, 19, 5, 8, 8, 11, 11, 8, 3, 9, 5, 4, 7, 3, 6, 3, 5, 4, 5, 6,
];

export const ayatCountOf = (surah: number): number | null => SURAH_AYAT[surah - 1] ?? null;

/** What is wrong with a page range of a level of `pages` pages (null: open-ended), or null when it is right. */
export function pageRangeProblem(pages: number | null, from: number, to: number): string | null {
  if (to < from) return 'Halaman sampai tidak boleh sebelum halaman dari';
  if (pages !== null && to > pages) return `Halaman melebihi jumlah halaman jilid ini (${pages})`;
  return null;
}

/** What is wrong with an ayat range of a surah, or null when it is right. */
export function ayatRangeProblem(surah: number, from: number, to: number): string | null {
  const count = ayatCountOf(surah);
  if (count === null) return 'Nomor surah harus 1 sampai 114';
  if (to < from) return 'Ayat sampai tidak boleh sebelum ayat dari';
  if (to > count) return `Ayat melebihi jumlah ayat surah ${surah} (${count})`;
  return null;
}

/** The page the next entry starts from: the page after the last one read, kept inside the level. */
export function nextPageFrom(lastPageTo: number | null, pages: number | null): number {
  if (lastPageTo === null) return 1;
  return pages === null ? lastPageTo + 1 : Math.min(lastPageTo + 1, pages);
}

/** A reading level with pages is finished when the last entry reaches its last page. */
export const reachedLastPage = (lastPageTo: number | null, pages: number | null): boolean =>
  pages !== null && lastPageTo !== null && lastPageTo >= pages;

/**
 * The (surah, ayat) where each juz 1..30 starts in the Madani mushaf (riwayat Hafs, the Tanzil juz table): index 0
 * is juz 1.
 */
// prettier-ignore
export const JUZ_STARTS: readonly (readonly [surah: number, ayat: number])[] = [
  [1, 1], [2, 142], [2, 253], [3, 93], [4, 24], [4, 148], [5, 82], [6, 111], [7, 88], [8, 41],
  [9, 93], [11, 6], [12, 53], [15, 1], [17, 1], [18, 75], [21, 1], [23, 1], [25, 21], [27, 56],
  [29, 46], [33, 31], [36, 28], [39, 32], [41, 47], [46, 1], [51, 31], [58, 1], [67, 1], [78, 1],
];

/** The juz (1..30) an ayat lies in; null for a surah outside 1..114 or an ayat outside the surah. */
export function juzOf(surah: number, ayat: number): number | null {
  const count = Number.isInteger(surah) ? ayatCountOf(surah) : null;
  if (count === null || !Number.isInteger(ayat) || ayat < 1 || ayat > count) return null;
  let juz = 1;
  for (let i = 1; i < JUZ_STARTS.length; i++) {
    const [s, a] = JUZ_STARTS[i]!;
    if (surah > s || (surah === s && ayat >= a)) juz = i + 1;
    else break;
  }
  return juz;
}
