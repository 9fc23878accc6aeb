/** BTQ grades, best first: mumtaz, jayyid jiddan, jayyid, maqbul, rasib. */
export const BTQ_GRADES = ['MUMTAZ', 'JAYYID_JIDDAN', 'JAYYID', 'MAQBUL', 'RASIB'] as const;
export type BtqGrade = (typeof BTQ_GRADES)[number];

/** The graded cut-offs a unit sets (the lowest score of each grade); RASIB is everything below MAQBUL. */
export type BtqCutoffValues = Record<Exclude<BtqGrade, 'RASIB'>, number>;

/** The scale a unit uses until it sets its own. */
export const DEFAULT_BTQ_CUTOFFS: Readonly<BtqCutoffValues> = Object.freeze({
  MUMTAZ: 90,
  JAYYID_JIDDAN: 80,
  JAYYID: 70,
  MAQBUL: 60,
});

export const BTQ_GRADE_LABELS: Record<BtqGrade, string> = {
  MUMTAZ: 'Mumtaz',
  JAYYID_JIDDAN: 'Jayyid jiddan',
  JAYYID: 'Jayyid',
  MAQBUL: 'Maqbul',
  RASIB: 'Rasib',
};

/** Whether cut-offs are whole numbers 1..100, strictly descending from MUMTAZ to MAQBUL. */
export function cutoffsValid(c: BtqCutoffValues): boolean {
  const values = [c.MUMTAZ, c.JAYYID_JIDDAN, c.JAYYID, c.MAQBUL];
  return (
    values.every((v) => Number.isInteger(v) && v >= 1 && v <= 100) &&
    values.every((v, i) => i === 0 || v < values[i - 1]!)
  );
}

/**
 * The grade of a score 0..100 on a unit's scale: the best grade whose cut-off the score reaches (a score equal to
 * a cut-off earns that grade); below MAQBUL is RASIB.
 */
export function btqGradeOf(score: number, cutoffs: BtqCutoffValues = DEFAULT_BTQ_CUTOFFS): BtqGrade {
  if (!Number.isFinite(score)) throw new RangeError('score must be a number');
  if (score >= cutoffs.MUMTAZ) return 'MUMTAZ';
  if (score >= cutoffs.JAYYID_JIDDAN) return 'JAYYID_JIDDAN';
  if (score >= cutoffs.JAYYID) return 'JAYYID';
  if (score >= cutoffs.MAQBUL) return 'MAQBUL';
  return 'RASIB';
}

/**
 * `gradeOf` under the name the BTQ helpers use (import it from this file: the package index exports it as
 * `btqGradeOf`, since `gradeOf` there is the report-card scoring's).
 */
export const gradeOf = btqGradeOf;
