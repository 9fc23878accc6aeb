import { describe, expect, it } from 'vitest';
import {
  ayatRangeProblem,
  btqGradeOfRows,
  JUZ_STARTS,
  juzOf,
  nextPageFrom,
  pageRangeProblem,
  reachedLastPage,
  SURAH_AYAT,
} from './btq-progress.ts';

describe('the surah table', () => {
  it('has 114 surahs whose ayat sum to 6236', () => {
    expect(SURAH_AYAT).toHaveLength(114);
    expect(SURAH_AYAT.reduce((a, b) => a + b, 0)).toBe(6236);
    expect(SURAH_AYAT[0]).toBe(7);
    expect(SURAH_AYAT[1]).toBe(286);
    expect(SURAH_AYAT[113]).toBe(6);
  });
});

describe('btqGradeOfRows', () => {
  it('uses the default scale when the unit has none', () => {
    expect([100, 90, 89, 80, 79, 70, 69, 60, 59, 0].map((s) => btqGradeOfRows(s))).toEqual([
      'MUMTAZ',
      'MUMTAZ',
      'JAYYID_JIDDAN',
      'JAYYID_JIDDAN',
      'JAYYID',
      'JAYYID',
      'MAQBUL',
      'MAQBUL',
      'RASIB',
      'RASIB',
    ]);
  });
  it("uses the unit's own cut-offs", () => {
    const scale = [
      { grade: 'MUMTAZ', minScore: 95 },
      { grade: 'JAYYID_JIDDAN', minScore: 85 },
      { grade: 'JAYYID', minScore: 75 },
      { grade: 'MAQBUL', minScore: 65 },
      { grade: 'RASIB', minScore: 0 },
    ] as const;
    expect(btqGradeOfRows(94, scale)).toBe('JAYYID_JIDDAN');
    expect(btqGradeOfRows(95, scale)).toBe('MUMTAZ');
    expect(btqGradeOfRows(74, scale)).toBe('MAQBUL');
    expect(btqGradeOfRows(64, scale)).toBe('RASIB');
    // a grade the unit has not set keeps its default
    expect(btqGradeOfRows(82, [{ grade: 'MUMTAZ', minScore: 95 }])).toBe('JAYYID_JIDDAN');
  });
});

describe('ranges', () => {
  it('checks pages against the level', () => {
    expect(pageRangeProblem(40, 1, 40)).toBeNull();
    expect(pageRangeProblem(40, 39, 41)).toMatch(/melebihi/);
    expect(pageRangeProblem(40, 5, 4)).toMatch(/sebelum/);
    expect(pageRangeProblem(null, 500, 600)).toBeNull();
  });
  it('checks ayat against the surah', () => {
    expect(ayatRangeProblem(1, 1, 7)).toBeNull();
    expect(ayatRangeProblem(1, 1, 8)).toBe('Ayat melebihi jumlah ayat surah 1 (7)');
    expect(ayatRangeProblem(115, 1, 1)).toMatch(/114/);
    expect(ayatRangeProblem(2, 10, 9)).toMatch(/sebelum/);
  });
  it('pre-fills the next page and sees the end of a level', () => {
    expect(nextPageFrom(null, 40)).toBe(1);
    expect(nextPageFrom(12, 40)).toBe(13);
    expect(nextPageFrom(40, 40)).toBe(40);
    expect(reachedLastPage(40, 40)).toBe(true);
    expect(reachedLastPage(39, 40)).toBe(false);
    expect(reachedLastPage(10, null)).toBe(false);
  });
});

describe('juzOf', () => {
  it('gives the juz of an ayat on the Madani boundaries', () => {
    expect(juzOf(1, 1)).toBe(1);
    expect(juzOf(2, 141)).toBe(1);
    expect(juzOf(2, 142)).toBe(2);
    expect(juzOf(2, 286)).toBe(3);
    expect(juzOf(18, 74)).toBe(15);
    expect(juzOf(18, 75)).toBe(16);
    expect(juzOf(77, 50)).toBe(29);
    expect(juzOf(78, 1)).toBe(30);
    expect(juzOf(114, 6)).toBe(30);
  });

  it('starts each juz at its own boundary and ends it just before the next', () => {
    JUZ_STARTS.forEach(([surah, ayat], i) => {
      expect(juzOf(surah, ayat)).toBe(i + 1);
      if (i > 0) {
        const before = ayat > 1 ? juzOf(surah, ayat - 1) : juzOf(surah - 1, SURAH_AYAT[surah - 2]!);
        expect(before).toBe(i);
      }
    });
  });

  it('is null for a surah or ayat that does not exist', () => {
    expect(juzOf(0, 1)).toBeNull();
    expect(juzOf(115, 1)).toBeNull();
    expect(juzOf(1, 0)).toBeNull();
    expect(juzOf(1, 8)).toBeNull();
    expect(juzOf(2.5, 1)).toBeNull();
  });
});
