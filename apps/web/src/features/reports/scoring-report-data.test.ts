import { describe, expect, it } from 'vitest';
import type { ScoreRecap } from '@mms/shared';
import { scoringSummary, scoringTotals } from './scoring-report-data.ts';

const recap = (className: string, subject: string, classMean: number | null, rows: [string, number | null][]) =>
  ({
    classGroup: { id: className.length, name: className, gradeId: 1 },
    subject: { id: subject.length, name: subject },
    semester: 'GANJIL',
    policy: { subjectId: 1, gradeId: 1, kkm: 75, weights: {}, custom: false },
    columnCounts: {},
    rows: rows.map(([name, final], i) => ({
      studentId: i,
      nis: `N${i}`,
      name,
      means: {},
      final,
      belowKkm: final === null ? null : final < 75,
    })),
    classMean,
    belowKkm: rows.filter(([, f]) => f !== null && f < 75).length,
  }) as unknown as ScoreRecap;

describe('the scoring report lines', () => {
  it('counts students, graded and below the KKM, and lists who is below by name', () => {
    const [line] = scoringSummary([
      recap('7A', 'Matematika', 72.5, [
        ['Sari', 70],
        ['Budi', 80],
        ['Ani', 67.5],
        ['Dodi', null],
      ]),
    ]);
    expect(line).toMatchObject({
      className: '7A',
      subjectName: 'Matematika',
      kkm: 75,
      students: 4,
      graded: 3,
      mean: 72.5,
      below: 2,
    });
    expect(line!.belowStudents.map((s) => [s.name, s.final])).toEqual([
      ['Ani', 67.5],
      ['Sari', 70],
    ]);
  });

  it('totals the lines; a class without grades adds no mean', () => {
    const rows = scoringSummary([
      recap('7A', 'Matematika', 80, [['Budi', 80]]),
      recap('7B', 'Matematika', 70.25, [['Ani', 70.25]]),
      recap('7C', 'Matematika', null, [['Dodi', null]]),
    ]);
    expect(scoringTotals(rows)).toEqual({ students: 3, graded: 2, below: 1, mean: 75.13 });
    expect(scoringTotals([])).toEqual({ students: 0, graded: 0, below: 0, mean: null });
  });
});
