import type { ScoreRecap } from '@mms/shared';

/** One line of the scoring report: a class and subject's recap in figures. */
export interface ScoringSummaryRow {
  key: string;
  className: string;
  subjectName: string;
  kkm: number;
  /** students on the class's sheet */
  students: number;
  /** of them, those with a final grade */
  graded: number;
  /** the class mean as the recap rounded it once; null when nobody has a grade */
  mean: number | null;
  below: number;
  /** who is below the KKM, with their final grade, by name */
  belowStudents: { nis: string; name: string; final: number }[];
}

/**
 * The report's lines from the recaps the server sent (the grades service's own recap per class and subject):
 * nothing is recomputed here, only counted, so the report shows the recap screen's figures.
 */
export function scoringSummary(recaps: readonly ScoreRecap[]): ScoringSummaryRow[] {
  return recaps.map((r) => ({
    key: `${r.classGroup.id}:${r.subject.id}`,
    className: r.classGroup.name,
    subjectName: r.subject.name,
    kkm: r.policy.kkm,
    students: r.rows.length,
    graded: r.rows.filter((row) => row.final !== null).length,
    mean: r.classMean,
    below: r.belowKkm,
    belowStudents: r.rows
      .filter((row) => row.belowKkm && row.final !== null)
      .map((row) => ({ nis: row.nis, name: row.name, final: row.final! }))
      .sort((a, b) => a.name.localeCompare(b.name, 'id')),
  }));
}

/** The totals line: every student counted once per subject, the mean of the class means that exist. */
export function scoringTotals(rows: readonly ScoringSummaryRow[]) {
  const means = rows.map((r) => r.mean).filter((m): m is number => m !== null);
  return {
    students: rows.reduce((n, r) => n + r.students, 0),
    graded: rows.reduce((n, r) => n + r.graded, 0),
    below: rows.reduce((n, r) => n + r.below, 0),
    mean: means.length ? Math.round((means.reduce((a, b) => a + b, 0) / means.length) * 100) / 100 : null,
  };
}
