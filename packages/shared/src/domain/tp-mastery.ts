import {
  exactGrade,
  fraction,
  GRADE_DECIMALS,
  meanGrade,
  roundHalfUp,
  sumFractions,
  type Fraction,
} from './scoring.ts';

/** A score column tagged with a learning objective (TP). */
export interface ColumnObjectiveTag {
  columnId: number;
  objectiveId: number;
}

/** A student's score in a column, in whole hundredths (8750 is 87.5), as the grade book keeps it. */
export interface ColumnScoreInput {
  columnId: number;
  studentId: number;
  hundredths: number;
}

/**
 * What a student earned on one question of a scored attempt, with the TPs the question is tagged with, and the
 * grade-book column the attempt's assessment feeds (so its questions refine, not repeat, that column).
 */
export interface QuestionResultInput {
  columnId: number;
  studentId: number;
  questionId: number;
  objectiveIds: readonly number[];
  earned: number | Fraction;
  points: number;
}

export interface TpMasteryInput {
  columnTags: readonly ColumnObjectiveTag[];
  scores: readonly ColumnScoreInput[];
  questionResults: readonly QuestionResultInput[];
}

/** One student's mastery of one TP: 0..100 to 2 decimals, and how many pieces of evidence it is the mean of. */
export interface TpMastery {
  studentId: number;
  objectiveId: number;
  score: number;
  evidence: number;
}

/**
 * A student's mastery of each learning objective (TP) in a class, subject and semester (issue 40). The evidence is
 * per grade-book column: where the student's attempt at the column's assessment has questions tagged with the TP,
 * their share of the points earned on those questions (100 * earned / points, exact); else, where the column
 * itself is tagged with the TP and the student has a score in it, that score. So an exam whose questions are
 * tagged counts by its questions for their TPs, and a column tagged as a whole counts as a whole, but no column
 * counts twice for one TP. The mastery is the mean of a TP's evidence, rounded once, half up, to 2 decimals; a TP
 * with no evidence for a student has no entry. Entries come sorted by student, then TP.
 */
export function tpMastery(input: TpMasteryInput): TpMastery[] {
  // key: student|objective -> column -> evidence
  const evidence = new Map<string, Map<number, Fraction>>();
  const put = (studentId: number, objectiveId: number, columnId: number, value: Fraction) => {
    const key = `${studentId}|${objectiveId}`;
    let byColumn = evidence.get(key);
    if (!byColumn) evidence.set(key, (byColumn = new Map()));
    byColumn.set(columnId, value);
  };

  // questions: sum earned and points per student, TP and column
  const byQuestionGroup = new Map<string, { earned: (number | Fraction)[]; points: number }>();
  const seenQuestion = new Set<string>();
  for (const r of input.questionResults) {
    if (r.points <= 0) continue;
    for (const objectiveId of new Set(r.objectiveIds)) {
      const once = `${r.studentId}|${objectiveId}|${r.columnId}|${r.questionId}`;
      if (seenQuestion.has(once)) continue;
      seenQuestion.add(once);
      const key = `${r.studentId}|${objectiveId}|${r.columnId}`;
      const group = byQuestionGroup.get(key) ?? { earned: [], points: 0 };
      group.earned.push(r.earned);
      group.points += r.points;
      byQuestionGroup.set(key, group);
    }
  }
  const fromQuestions = new Set<string>();
  for (const [key, g] of byQuestionGroup) {
    const [studentId, objectiveId, columnId] = key.split('|').map(Number) as [number, number, number];
    put(studentId, objectiveId, columnId, exactGrade(sumFractions(g.earned), g.points));
    fromQuestions.add(key);
  }

  // whole columns, where no tagged question of that column speaks for the TP
  const tagsOf = new Map<number, Set<number>>();
  for (const t of input.columnTags) {
    const set = tagsOf.get(t.columnId) ?? new Set<number>();
    set.add(t.objectiveId);
    tagsOf.set(t.columnId, set);
  }
  for (const s of input.scores) {
    for (const objectiveId of tagsOf.get(s.columnId) ?? []) {
      if (fromQuestions.has(`${s.studentId}|${objectiveId}|${s.columnId}`)) continue;
      put(s.studentId, objectiveId, s.columnId, fraction(s.hundredths, 100));
    }
  }

  const out: TpMastery[] = [];
  for (const [key, byColumn] of evidence) {
    const [studentId, objectiveId] = key.split('|').map(Number) as [number, number];
    const mean = meanGrade([...byColumn.values()])!;
    out.push({ studentId, objectiveId, score: roundHalfUp(mean, GRADE_DECIMALS), evidence: byColumn.size });
  }
  return out.sort((a, b) => a.studentId - b.studentId || a.objectiveId - b.objectiveId);
}
