import { describe, expect, it } from 'vitest';
import { DEFAULT_SCORE_POLICY, type ScoreKind } from '../contracts/grades.ts';
import { effectiveScore, finalScore, resolveScoreRules, type FinalScoreRules } from './final-score.ts';
import { recapOfStudent } from './score-recap.ts';

const weights = (w: Partial<Record<ScoreKind, number>>): Record<ScoreKind, number> => ({
  HARIAN: 0,
  TUGAS: 0,
  FORMATIF: 0,
  SUMATIF: 0,
  PTS: 0,
  PAS: 0,
  ...w,
});

/** formatif 40, sumatif lingkup materi 30, sumatif akhir semester 30; KKTP 75 */
const rules = (over: Partial<FinalScoreRules> = {}): FinalScoreRules => ({
  weights: weights({ FORMATIF: 40, SUMATIF: 30, PAS: 30 }),
  kktp: 75,
  remedialRule: 'CAP',
  ...over,
});

describe('the final score of a student in a subject and semester', () => {
  it('weighs formatif (80, 90) 40, sumatif (70) 30 and PAS (60) 30: (85*40 + 70*30 + 60*30) / 100 = 73, below 75', () => {
    const r = finalScore(
      [
        { kind: 'FORMATIF', hundredths: 8000 },
        { kind: 'FORMATIF', hundredths: 9000 },
        { kind: 'SUMATIF', hundredths: 7000 },
        { kind: 'PAS', hundredths: 6000 },
      ],
      rules(),
    );
    expect(r.means.FORMATIF).toBe(85);
    expect(r.computed).toBe(73);
    expect(r.final).toBe(73);
    expect(r.overridden).toBe(false);
    expect(r.reachesKktp).toBe(false);
  });

  it('rounds once, half up: formatif 77.77 and sumatif 80.01 at 50/50 give 78.89 (157.78 / 2 = 78.89 exactly)', () => {
    const r = finalScore(
      [
        { kind: 'FORMATIF', hundredths: 7777 },
        { kind: 'SUMATIF', hundredths: 8001 },
      ],
      rules({ weights: weights({ FORMATIF: 50, SUMATIF: 50 }) }),
    );
    expect(r.final).toBe(78.89);
  });

  it('rounds 74.995 up to 75.00, which reaches a KKTP of 75 (formatif 74.99 and 75.00 at equal weight)', () => {
    const r = finalScore(
      [
        { kind: 'FORMATIF', hundredths: 7499 },
        { kind: 'SUMATIF', hundredths: 7500 },
      ],
      rules({ weights: weights({ FORMATIF: 50, SUMATIF: 50 }) }),
    );
    // (74.99 + 75) / 2 = 74.995 -> 75.00
    expect(r.final).toBe(75);
    expect(r.reachesKktp).toBe(true);
  });

  it('leaves out a missing kind: no PAS yet, formatif 85 (40) and sumatif 70 (30) give (3400 + 2100) / 70 = 78.57', () => {
    const r = finalScore(
      [
        { kind: 'FORMATIF', hundredths: 8500 },
        { kind: 'SUMATIF', hundredths: 7000 },
      ],
      rules(),
    );
    expect(r.means.PAS).toBeNull();
    // 5500 / 70 = 78.5714.. -> 78.57
    expect(r.final).toBe(78.57);
    expect(r.reachesKktp).toBe(true);
  });

  it('has no final score without any score, and then neither reaches nor misses the KKTP', () => {
    const r = finalScore([], rules());
    expect(r).toMatchObject({ computed: null, final: null, exactFinal: null, reachesKktp: null, overridden: false });
  });

  it("takes the teacher's override (78) over the computed 73, keeping the computed beside it", () => {
    const r = finalScore(
      [
        { kind: 'FORMATIF', hundredths: 8500 },
        { kind: 'SUMATIF', hundredths: 7000 },
        { kind: 'PAS', hundredths: 6000 },
      ],
      rules(),
      { hundredths: 7800 },
    );
    expect(r.computed).toBe(73);
    expect(r.final).toBe(78);
    expect(r.exactFinal).toEqual({ num: 7800, den: 100 });
    expect(r.overridden).toBe(true);
    expect(r.reachesKktp).toBe(true);
  });

  it('takes an override even when there is no score at all (60 without columns is 60, below 75)', () => {
    const r = finalScore([], rules(), { hundredths: 6000 });
    expect(r).toMatchObject({ computed: null, final: 60, reachesKktp: false });
  });

  it('counts a remedial capped at the KKTP under CAP: PAS 60, remedial 90 counts 75; (85*40 + 70*30 + 75*30) / 100 = 77.5', () => {
    const r = finalScore(
      [
        { kind: 'FORMATIF', hundredths: 8500 },
        { kind: 'SUMATIF', hundredths: 7000 },
        { kind: 'PAS', hundredths: 6000, remedial: { kind: 'REMEDIAL', hundredths: 9000 } },
      ],
      rules({ remedialRule: 'CAP' }),
    );
    expect(r.means.PAS).toBe(75);
    expect(r.final).toBe(77.5);
    expect(r.reachesKktp).toBe(true);
  });

  it('counts the higher of the two under HIGHER: PAS 60, remedial 90 counts 90; (3400 + 2100 + 2700) / 100 = 82', () => {
    const r = finalScore(
      [
        { kind: 'FORMATIF', hundredths: 8500 },
        { kind: 'SUMATIF', hundredths: 7000 },
        { kind: 'PAS', hundredths: 6000, remedial: { kind: 'REMEDIAL', hundredths: 9000 } },
      ],
      rules({ remedialRule: 'HIGHER' }),
    );
    expect(r.means.PAS).toBe(90);
    expect(r.final).toBe(82);
  });

  it('never lowers a score by a remedial: original 60, remedial 50 counts 60 under either rule', () => {
    const cell = { kind: 'PAS' as const, hundredths: 6000, remedial: { kind: 'REMEDIAL' as const, hundredths: 5000 } };
    expect(effectiveScore(cell, 75, 'CAP')).toBe(6000);
    expect(effectiveScore(cell, 75, 'HIGHER')).toBe(6000);
  });

  it('counts a remedial of 70 under a KKTP of 75 as 70 under CAP (below the cap, nothing is cut)', () => {
    expect(
      effectiveScore({ kind: 'PAS', hundredths: 6000, remedial: { kind: 'REMEDIAL', hundredths: 7000 } }, 75, 'CAP'),
    ).toBe(7000);
  });

  it('counts an enrichment (pengayaan) as the higher of the two even under CAP: 80 then 95 counts 95', () => {
    const cell = {
      kind: 'SUMATIF' as const,
      hundredths: 8000,
      remedial: { kind: 'PENGAYAAN' as const, hundredths: 9500 },
    };
    expect(effectiveScore(cell, 75, 'CAP')).toBe(9500);
    expect(effectiveScore(cell, 75, 'HIGHER')).toBe(9500);
  });

  it('gives the figures of the recap of issue 12 when there is no remedial nor override (default weights)', () => {
    const scores = { HARIAN: [8000, 9000, 8500], TUGAS: [7050], SUMATIF: [7000], PTS: [6633], PAS: [9100] };
    const cells = Object.entries(scores).flatMap(([kind, hs]) =>
      hs.map((hundredths) => ({ kind: kind as ScoreKind, hundredths })),
    );
    const old = recapOfStudent(scores, DEFAULT_SCORE_POLICY.weights);
    const now = finalScore(cells, { weights: DEFAULT_SCORE_POLICY.weights, kktp: 75, remedialRule: 'CAP' });
    expect(now.final).toBe(old.final);
    expect(now.exactFinal).toEqual(old.exactFinal);
    expect(now.means).toEqual(old.means);
  });
});

describe('the rules a subject is scored by', () => {
  const unit: FinalScoreRules = { weights: weights({ FORMATIF: 50, PAS: 50 }), kktp: 70, remedialRule: 'HIGHER' };

  it('falls back to the subject KKM (78) and DEFAULT_SCORE_POLICY when the school set nothing, rule CAP', () => {
    expect(resolveScoreRules({ subjectKkm: 78 })).toEqual({
      kktp: 78,
      weights: DEFAULT_SCORE_POLICY.weights,
      remedialRule: 'CAP',
      custom: false,
      ownWeights: false,
    });
  });

  it("takes the unit's and year's weights, KKTP (70) and rule when the subject has no policy", () => {
    expect(resolveScoreRules({ unitRules: unit, subjectKkm: 78 })).toMatchObject({
      kktp: 70,
      weights: unit.weights,
      remedialRule: 'HIGHER',
    });
  });

  it("takes the subject and grade's KKTP (80) with the unit's weights when the policy has no weights of its own", () => {
    expect(resolveScoreRules({ subjectPolicy: { kkm: 80, weights: null }, unitRules: unit })).toMatchObject({
      kktp: 80,
      weights: unit.weights,
      custom: true,
      ownWeights: false,
    });
  });

  it("takes the subject and grade's own weights over the unit's", () => {
    const own = weights({ PAS: 100 });
    expect(resolveScoreRules({ subjectPolicy: { kkm: 80, weights: own }, unitRules: unit })).toMatchObject({
      weights: own,
      ownWeights: true,
      remedialRule: 'HIGHER',
    });
  });
});
