import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BTQ_GRADES, cutoffsValid, DEFAULT_BTQ_CUTOFFS, gradeOf } from './btq.ts';

describe('gradeOf', () => {
  it('maps the default scale at and around each cut-off', () => {
    expect(gradeOf(100)).toBe('MUMTAZ');
    expect(gradeOf(90)).toBe('MUMTAZ');
    expect(gradeOf(89)).toBe('JAYYID_JIDDAN');
    expect(gradeOf(80)).toBe('JAYYID_JIDDAN');
    expect(gradeOf(79)).toBe('JAYYID');
    expect(gradeOf(70)).toBe('JAYYID');
    expect(gradeOf(69)).toBe('MAQBUL');
    expect(gradeOf(60)).toBe('MAQBUL');
    expect(gradeOf(59)).toBe('RASIB');
    expect(gradeOf(0)).toBe('RASIB');
  });

  it('follows a unit’s own scale', () => {
    const strict = { MUMTAZ: 95, JAYYID_JIDDAN: 85, JAYYID: 75, MAQBUL: 65 };
    expect(gradeOf(94, strict)).toBe('JAYYID_JIDDAN');
    expect(gradeOf(65, strict)).toBe('MAQBUL');
    expect(gradeOf(64, strict)).toBe('RASIB');
  });

  it('never gives a better grade to a lower score (monotone)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(BTQ_GRADES.indexOf(gradeOf(hi))).toBeLessThanOrEqual(BTQ_GRADES.indexOf(gradeOf(lo)));
      }),
    );
  });

  it('refuses a score that is not a number', () => {
    expect(() => gradeOf(Number.NaN)).toThrow(RangeError);
  });
});

describe('cutoffsValid', () => {
  it('accepts the defaults and refuses equal, rising or out-of-range cut-offs', () => {
    expect(cutoffsValid(DEFAULT_BTQ_CUTOFFS)).toBe(true);
    expect(cutoffsValid({ MUMTAZ: 90, JAYYID_JIDDAN: 90, JAYYID: 70, MAQBUL: 60 })).toBe(false);
    expect(cutoffsValid({ MUMTAZ: 90, JAYYID_JIDDAN: 80, JAYYID: 85, MAQBUL: 60 })).toBe(false);
    expect(cutoffsValid({ MUMTAZ: 101, JAYYID_JIDDAN: 80, JAYYID: 70, MAQBUL: 60 })).toBe(false);
    expect(cutoffsValid({ MUMTAZ: 90, JAYYID_JIDDAN: 80, JAYYID: 70, MAQBUL: 0 })).toBe(false);
    expect(cutoffsValid({ MUMTAZ: 90, JAYYID_JIDDAN: 80, JAYYID: 70.5, MAQBUL: 60 })).toBe(false);
  });
});
