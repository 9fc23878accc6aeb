import {
  DEFAULT_REMEDIAL_RULE,
  DEFAULT_SCORE_POLICY,
  type RemedialKind,
  type RemedialRule,
  type ScoreKind,
} from '../contracts/grades.ts';
import { recapOfStudent } from './score-recap.ts';
import type { Fraction } from './scoring.ts';

/**
 * The final score of one student in one subject and semester (issue 40 §1): the one function the recap, the
 * student's own page and the rapor read. Nothing here reads a database or the clock.
 *
 * 1. Each column's score counts as typed, unless a remedial or enrichment score sits beside it (`effectiveScore`):
 *    REMEDIAL under the rule CAP counts as the higher of the original and the remedial capped at the KKTP; under
 *    HIGHER as the higher of the two; PENGAYAAN as the higher of the two under either rule. A remedial never
 *    lowers a score.
 * 2. The kinds are weighed as the recap of issue 12 weighs them (`recapOfStudent`): the mean of each kind, exact,
 *    weighed by the weights of the kinds that have scores (a missing kind's weight is not counted), rounded once,
 *    half up, to 2 decimals.
 * 3. A teacher's override replaces the computed score (it is kept beside it, with its reason).
 * 4. The score reaches the KKTP when the rounded final score is at least the KKTP (79.995 rounds to 80 and reaches
 *    a KKTP of 80: the figure the student sees is the figure compared).
 *
 * Scores are whole hundredths (8750 is 87.5), as the database keeps them; a KKTP is a whole number 0..100.
 */

export interface FinalScoreCell {
  kind: ScoreKind;
  hundredths: number;
  remedial?: { kind: RemedialKind; hundredths: number } | null;
}

export interface FinalScoreRules {
  weights: Record<ScoreKind, number>;
  kktp: number;
  remedialRule: RemedialRule;
}

export interface FinalScore {
  means: Record<ScoreKind, number | null>;
  /** the weighted grade, rounded once; null: no score at all */
  computed: number | null;
  /** the final score: the override when there is one, else `computed` */
  final: number | null;
  /** the final score unrounded, for a class mean that rounds once (an override is exact as typed) */
  exactFinal: Fraction | null;
  overridden: boolean;
  /** null when there is no final score */
  reachesKktp: boolean | null;
}

/** The hundredths a column counts for one student, with the remedial or enrichment beside it (if any). */
export function effectiveScore(cell: FinalScoreCell, kktp: number, rule: RemedialRule): number {
  const r = cell.remedial;
  if (!r) return cell.hundredths;
  const counted = r.kind === 'REMEDIAL' && rule === 'CAP' ? Math.min(r.hundredths, kktp * 100) : r.hundredths;
  return Math.max(cell.hundredths, counted);
}

export function finalScore(
  cells: readonly FinalScoreCell[],
  rules: FinalScoreRules,
  override?: { hundredths: number } | null,
): FinalScore {
  const byKind: Partial<Record<ScoreKind, number[]>> = {};
  for (const c of cells) (byKind[c.kind] ??= []).push(effectiveScore(c, rules.kktp, rules.remedialRule));
  const r = recapOfStudent(byKind, rules.weights);
  const overridden = override != null;
  const final = overridden ? override.hundredths / 100 : r.final;
  return {
    means: r.means,
    computed: r.final,
    final,
    exactFinal: overridden ? { num: override.hundredths, den: 100 } : r.exactFinal,
    overridden,
    reachesKktp: final === null ? null : final >= rules.kktp,
  };
}

/**
 * The rules a subject in a grade is scored by, falling back step by step: the KKTP of the subject and grade
 * (score_policies), else the unit's KKTP of the year (grade_rules), else the subject's own KKM of the master data
 * (subjects.kkm), else 75; the weights of the subject and grade, else the unit's and year's, else
 * DEFAULT_SCORE_POLICY's; the remedial rule of the unit and year, else CAP.
 */
export function resolveScoreRules(sources: {
  subjectPolicy?: { kkm: number; weights: Record<ScoreKind, number> | null } | null;
  unitRules?: FinalScoreRules | null;
  subjectKkm?: number | null;
}): FinalScoreRules & { custom: boolean; ownWeights: boolean } {
  const { subjectPolicy: p, unitRules: u, subjectKkm } = sources;
  return {
    kktp: p?.kkm ?? u?.kktp ?? subjectKkm ?? DEFAULT_SCORE_POLICY.kkm,
    weights: p?.weights ?? u?.weights ?? DEFAULT_SCORE_POLICY.weights,
    remedialRule: u?.remedialRule ?? DEFAULT_REMEDIAL_RULE,
    custom: !!p,
    ownWeights: !!p?.weights,
  };
}
