import { describe, expect, it } from 'vitest';
import { fraction } from './scoring.ts';
import { tpMastery } from './tp-mastery.ts';

// TPs 1 and 2; columns 10 (a daily test tagged TP 1), 11 (a task tagged TP 1 and 2), 12 (an exam's column)
describe('mastery per TP', () => {
  it('is the mean of the tagged columns’ scores (hand-computed)', () => {
    const r = tpMastery({
      columnTags: [
        { columnId: 10, objectiveId: 1 },
        { columnId: 11, objectiveId: 1 },
        { columnId: 11, objectiveId: 2 },
      ],
      scores: [
        { columnId: 10, studentId: 7, hundredths: 8000 },
        { columnId: 11, studentId: 7, hundredths: 9050 },
        // an untagged column counts for nothing
        { columnId: 99, studentId: 7, hundredths: 0 },
      ],
      questionResults: [],
    });
    // TP 1: (80 + 90.5) / 2 = 85.25; TP 2: 90.5
    expect(r).toEqual([
      { studentId: 7, objectiveId: 1, score: 85.25, evidence: 2 },
      { studentId: 7, objectiveId: 2, score: 90.5, evidence: 1 },
    ]);
  });

  it('takes an exam’s tagged questions for their TPs, the earned share of their points, exactly', () => {
    const r = tpMastery({
      columnTags: [{ columnId: 12, objectiveId: 2 }],
      scores: [{ columnId: 12, studentId: 7, hundredths: 5000 }],
      questionResults: [
        // TP 1: 2 of 3 points, and an essay marked 1/2 of its 1 point (a fraction): (2 + 1/2) / 4
        { columnId: 12, studentId: 7, questionId: 1, objectiveIds: [1], earned: 2, points: 3 },
        { columnId: 12, studentId: 7, questionId: 2, objectiveIds: [1, 2], earned: fraction(1, 2), points: 1 },
      ],
    });
    // TP 1: 2.5 / 4 = 62.5. TP 2: question 2 speaks for it (1/2 of 1 = 50), the column's own tag is not counted again
    expect(r).toEqual([
      { studentId: 7, objectiveId: 1, score: 62.5, evidence: 1 },
      { studentId: 7, objectiveId: 2, score: 50, evidence: 1 },
    ]);
  });

  it('counts a column once per TP and rounds the mean once, half up', () => {
    const r = tpMastery({
      columnTags: [
        { columnId: 10, objectiveId: 1 },
        { columnId: 11, objectiveId: 1 },
      ],
      scores: [
        { columnId: 10, studentId: 7, hundredths: 10000 },
        { columnId: 11, studentId: 7, hundredths: 10000 },
      ],
      // 2 of 3 on column 12 for TP 1: (100 + 100 + 66.666..) / 3 = 88.888.. -> 88.89
      questionResults: [
        { columnId: 12, studentId: 7, questionId: 5, objectiveIds: [1, 1], earned: 2, points: 3 },
        // the same question twice (two rows for one answer) is one question
        { columnId: 12, studentId: 7, questionId: 5, objectiveIds: [1], earned: 2, points: 3 },
      ],
    });
    expect(r).toEqual([{ studentId: 7, objectiveId: 1, score: 88.89, evidence: 3 }]);
  });

  it('gives no entry where a student has no evidence, and keeps students apart', () => {
    const r = tpMastery({
      columnTags: [{ columnId: 10, objectiveId: 1 }],
      scores: [{ columnId: 10, studentId: 8, hundredths: 7000 }],
      questionResults: [{ columnId: 12, studentId: 9, questionId: 1, objectiveIds: [2], earned: 0, points: 2 }],
    });
    expect(r).toEqual([
      { studentId: 8, objectiveId: 1, score: 70, evidence: 1 },
      { studentId: 9, objectiveId: 2, score: 0, evidence: 1 },
    ]);
    expect(tpMastery({ columnTags: [], scores: [], questionResults: [] })).toEqual([]);
  });
});
