import { describe, expect, it } from 'vitest';
import { DEFAULT_SCORE_POLICY, ScoreValue, type ScoreKind } from '../contracts/grades.ts';
import { classMeanOf, recapOfStudent, toHundredths } from './score-recap.ts';

const weights = (w: Partial<Record<ScoreKind, number>>): Record<ScoreKind, number> => ({
  HARIAN: 0,
  TUGAS: 0,
  FORMATIF: 0,
  SUMATIF: 0,
  PTS: 0,
  PAS: 0,
  ...w,
});

describe('the recap of a student', () => {
  it('weighs the means of the kinds that have scores (hand-computed)', () => {
    // HARIAN mean (80 + 90 + 85) / 3 = 85; SUMATIF 70; (85 * 25 + 70 * 20) / 45 = 3525 / 45 = 78.333.. -> 78.33
    const r = recapOfStudent({ HARIAN: [8000, 9000, 8500], SUMATIF: [7000] }, DEFAULT_SCORE_POLICY.weights);
    expect(r.means).toEqual({ HARIAN: 85, TUGAS: null, FORMATIF: null, SUMATIF: 70, PTS: null, PAS: null });
    expect(r.final).toBe(78.33);
  });

  it('rounds once: the final grade comes from the exact means, not the rounded ones', () => {
    // TUGAS mean 50 / 3 = 16.666..; exact (0 * 3 + 50/3 * 4) / 7 = 200 / 21 = 9.5238 -> 9.52.
    // Rounding the mean first (16.67) would give 9.5257 -> 9.53.
    const r = recapOfStudent({ HARIAN: [0, 0, 0], TUGAS: [0, 0, 5000] }, weights({ HARIAN: 3, TUGAS: 4 }));
    expect(r.means.TUGAS).toBe(16.67);
    expect(r.final).toBe(9.52);
  });

  it('halves round up, and decimals typed by the teacher stay exact', () => {
    // (87.5 + 87.49) / 2 = 87.495 -> 87.5 (half up); a float sum would give 87.49499..
    const r = recapOfStudent({ PTS: [8750, 8749] }, weights({ PTS: 1 }));
    expect(r.means.PTS).toBe(87.5);
    expect(r.final).toBe(87.5);
  });

  it('has no grade without scores, and none when every weighed kind weighs 0', () => {
    expect(recapOfStudent({}, DEFAULT_SCORE_POLICY.weights)).toMatchObject({ final: null, exactFinal: null });
    expect(recapOfStudent({ TUGAS: [10000] }, weights({ PAS: 100 })).final).toBeNull();
  });

  it('takes all equal scores as that score, and a class mean rounds once over the exact finals', () => {
    const same = recapOfStudent({ HARIAN: [7500, 7500], PAS: [7500] }, DEFAULT_SCORE_POLICY.weights);
    expect(same.final).toBe(75);
    // finals 100/3 and 200/3 exactly: mean 50 (rounded ones, 33.33 and 66.67, also give 50; 9.52.. twice gives 9.52)
    const a = recapOfStudent({ HARIAN: [10000, 0, 0] }, weights({ HARIAN: 1 }));
    const b = recapOfStudent({ HARIAN: [10000, 10000, 0] }, weights({ HARIAN: 1 }));
    expect(classMeanOf([a.exactFinal, b.exactFinal, null])).toBe(50);
    expect(classMeanOf([null])).toBeNull();
  });
});

describe('a typed score', () => {
  it('takes 0..100 with two decimals at most, kept as whole hundredths', () => {
    for (const ok of [0, 100, 87.5, 66.67, 0.01]) expect(ScoreValue.safeParse(ok).success, String(ok)).toBe(true);
    for (const bad of [-1, 100.01, 87.555, Number.NaN])
      expect(ScoreValue.safeParse(bad).success, String(bad)).toBe(false);
    expect(toHundredths(66.67)).toBe(6667);
    expect(toHundredths(0.29)).toBe(29);
  });
});
