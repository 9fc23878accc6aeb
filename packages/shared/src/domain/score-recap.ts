import { SCORE_KINDS, type ScoreKind } from '../contracts/grades.ts';
import {
  exactWeightedGrade,
  fraction,
  GRADE_DECIMALS,
  meanGrade,
  roundHalfUp,
  type Fraction,
  type WeightedPart,
} from './scoring.ts';

/**
 * The recap of one student in one subject and semester (issue 12): the mean of each kind of input and the final
 * grade weighted by kind. Scores come in whole hundredths (8750 is 87.5), as the database keeps them. Every mean
 * and the final grade are exact until shown: each is rounded once, half up to 2 decimals (scoring.ts), and the
 * final grade is weighed from the exact means, never from the rounded ones. A kind with no score is left out of
 * the weighing (its weight is not counted), so a class that has had no PAS yet is graded on what it has.
 */
export interface StudentRecap {
  means: Record<ScoreKind, number | null>;
  final: number | null;
  /** the final grade unrounded, for a class mean that rounds once */
  exactFinal: Fraction | null;
}

export function recapOfStudent(
  hundredthsByKind: Partial<Record<ScoreKind, readonly number[]>>,
  weights: Record<ScoreKind, number>,
): StudentRecap {
  const means = {} as Record<ScoreKind, number | null>;
  const parts: WeightedPart[] = [];
  for (const kind of SCORE_KINDS) {
    const scores = hundredthsByKind[kind] ?? [];
    const mean = meanGrade(scores.map((h) => fraction(h, 100)));
    means[kind] = mean === null ? null : roundHalfUp(mean, GRADE_DECIMALS);
    if (mean !== null) parts.push({ grade: mean, weight: weights[kind] });
  }
  const exactFinal = exactWeightedGrade(parts);
  return { means, exactFinal, final: exactFinal === null ? null : roundHalfUp(exactFinal, GRADE_DECIMALS) };
}

/** The class mean of final grades (exact ones in, rounded once), or null when nobody has a final grade. */
export function classMeanOf(finals: readonly (Fraction | null)[]): number | null {
  const mean = meanGrade(finals.filter((f): f is Fraction => f !== null));
  return mean === null ? null : roundHalfUp(mean, GRADE_DECIMALS);
}

/** A score typed as a number (0..100, two decimals at most) as the whole hundredths the database keeps. */
export const toHundredths = (score: number): number => Math.round(score * 100);
