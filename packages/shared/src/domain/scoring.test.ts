import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { QuestionContent, QuestionResponse } from '../contracts/assessment.ts';
import { knowsMessage, renderMessage } from '../i18n/render.ts';
import {
  compareFractions,
  exactGrade,
  fraction,
  gradeOf,
  itemAnalysis,
  markEssay,
  meanGrade,
  normalizeAnswerText,
  roundHalfUp,
  scoreResponse,
  shortAnswerMatches,
  sumFractions,
  toExactFraction,
  weightedGrade,
  type TestTaker,
} from './scoring.ts';

const part = (id: string) => ({ id, text: `Teks ${id}` });
const parts = (...ids: string[]) => ids.map(part);

const single: QuestionContent = { type: 'SINGLE', options: parts('a', 'b', 'c', 'd'), key: 'b' };
const multiple = (partial: 'ALL' | 'PARTIAL', key = ['a', 'c', 'd']): QuestionContent => ({
  type: 'MULTIPLE',
  options: parts('a', 'b', 'c', 'd', 'e'),
  key,
  partial,
});
const trueFalse = (partial: 'ALL' | 'PARTIAL'): QuestionContent => ({
  type: 'TRUE_FALSE',
  statements: parts('s1', 's2', 's3', 's4'),
  key: { s1: true, s2: false, s3: true, s4: false },
  partial,
});
const matching = (partial: 'ALL' | 'PARTIAL'): QuestionContent => ({
  type: 'MATCHING',
  left: parts('l1', 'l2', 'l3'),
  right: parts('r1', 'r2', 'r3', 'r4'), // r4 a distractor
  key: { l1: 'r1', l2: 'r2', l3: 'r3' },
  partial,
});
const short = (...accepted: ({ text: string } | { number: number; tolerance: number })[]): QuestionContent => ({
  type: 'SHORT',
  accepted,
});
const essay: QuestionContent = {
  type: 'ESSAY',
  rubric: [
    { criterion: 'Isi', points: 4 },
    { criterion: 'Bahasa', points: 2 },
  ],
};

const choose = (optionId: string | null): QuestionResponse => ({ type: 'SINGLE', optionId });
const chooseMany = (...optionIds: string[]): QuestionResponse => ({ type: 'MULTIPLE', optionIds });
const answerTF = (answers: Record<string, boolean>): QuestionResponse => ({ type: 'TRUE_FALSE', answers });
const pair = (pairs: Record<string, string>): QuestionResponse => ({ type: 'MATCHING', pairs });
const write = (text: string): QuestionResponse => ({ type: 'SHORT', text });

/** the earned points of a response, as [num, den] */
const earned = (content: QuestionContent, points: number, response: QuestionResponse | null) => {
  const { num, den } = scoreResponse(content, points, response).earned;
  return [num, den];
};

describe('scoreResponse: pilihan ganda (SINGLE)', () => {
  it('gives all points for the key and none otherwise', () => {
    expect(scoreResponse(single, 2, choose('b'))).toEqual({ earned: { num: 2, den: 1 }, max: 2, needsMarking: false });
    expect(earned(single, 2, choose('a'))).toEqual([0, 1]);
    expect(earned(single, 2, choose(null))).toEqual([0, 1]);
    expect(earned(single, 2, choose('zz'))).toEqual([0, 1]); // an option that does not exist
  });

  it('scores a missing response or one of another type 0', () => {
    expect(earned(single, 2, null)).toEqual([0, 1]);
    expect(earned(single, 2, write('b'))).toEqual([0, 1]);
    expect(scoreResponse(single, 2, undefined).needsMarking).toBe(false);
  });
});

describe('scoreResponse: pilihan ganda kompleks (MULTIPLE), key a c d, 3 points', () => {
  it('PARTIAL: (right - wrong) / keys of the points, never below 0', () => {
    expect(earned(multiple('PARTIAL'), 3, chooseMany('a', 'c', 'd'))).toEqual([3, 1]); // (3-0)/3 * 3 = 3
    expect(earned(multiple('PARTIAL'), 3, chooseMany('a', 'c'))).toEqual([2, 1]); // (2-0)/3 * 3 = 2
    expect(earned(multiple('PARTIAL'), 3, chooseMany('a', 'c', 'b'))).toEqual([1, 1]); // (2-1)/3 * 3 = 1
    expect(earned(multiple('PARTIAL'), 3, chooseMany('a', 'c', 'd', 'b'))).toEqual([2, 1]); // (3-1)/3 * 3 = 2
    expect(earned(multiple('PARTIAL'), 3, chooseMany('a', 'b', 'e'))).toEqual([0, 1]); // (1-2) -> 0
    expect(earned(multiple('PARTIAL'), 3, chooseMany())).toEqual([0, 1]);
  });

  it('PARTIAL stays exact: one key of three on a 2-point question earns 2/3', () => {
    expect(earned(multiple('PARTIAL'), 2, chooseMany('a'))).toEqual([2, 3]); // (1-0)/3 * 2
  });

  it('counts an option that does not exist as a wrong choice, and a repeated one once', () => {
    expect(earned(multiple('PARTIAL'), 3, chooseMany('a', 'c', 'zz'))).toEqual([1, 1]); // (2-1)/3 * 3
    expect(earned(multiple('PARTIAL'), 3, chooseMany('a', 'a'))).toEqual([1, 1]); // (1-0)/3 * 3
  });

  it('ALL: all or nothing', () => {
    expect(earned(multiple('ALL'), 3, chooseMany('d', 'a', 'c'))).toEqual([3, 1]);
    expect(earned(multiple('ALL'), 3, chooseMany('a', 'c'))).toEqual([0, 1]);
    expect(earned(multiple('ALL'), 3, chooseMany('a', 'c', 'd', 'b'))).toEqual([0, 1]);
  });
});

describe('scoreResponse: benar/salah (TRUE_FALSE), 4 statements, 2 points', () => {
  it('PARTIAL: the share of statements answered right, unanswered ones wrong', () => {
    // s1 right, s2 right, s3 wrong, s4 unanswered: 2/4 * 2 = 1
    expect(earned(trueFalse('PARTIAL'), 2, answerTF({ s1: true, s2: false, s3: false }))).toEqual([1, 1]);
    // three right: 3/4 * 2 = 3/2
    expect(earned(trueFalse('PARTIAL'), 2, answerTF({ s1: true, s2: false, s3: true, s4: true }))).toEqual([3, 2]);
    // an answer to a statement that does not exist changes nothing
    expect(earned(trueFalse('PARTIAL'), 2, answerTF({ s1: true, zz: true }))).toEqual([1, 2]); // 1/4 * 2
  });

  it('ALL: every statement right, or 0', () => {
    expect(earned(trueFalse('ALL'), 2, answerTF({ s1: true, s2: false, s3: true, s4: true }))).toEqual([0, 1]);
    expect(earned(trueFalse('ALL'), 2, answerTF({ s1: true, s2: false, s3: true, s4: false }))).toEqual([2, 1]);
  });
});

describe('scoreResponse: menjodohkan (MATCHING), 3 premises, 3 points', () => {
  it('PARTIAL: the share of premises paired right', () => {
    // l1 right, l2 wrong (r3), l3 right: 2/3 * 3 = 2
    expect(earned(matching('PARTIAL'), 3, pair({ l1: 'r1', l2: 'r3', l3: 'r3' }))).toEqual([2, 1]);
    // the distractor and an answer that does not exist are wrong: 1/3 * 3 = 1
    expect(earned(matching('PARTIAL'), 3, pair({ l1: 'r4', l2: 'r2', l3: 'rx' }))).toEqual([1, 1]);
    // on 2 points: 1/3 * 2 = 2/3
    expect(earned(matching('PARTIAL'), 2, pair({ l1: 'r1' }))).toEqual([2, 3]);
  });

  it('ALL: every premise right, or 0', () => {
    expect(earned(matching('ALL'), 3, pair({ l1: 'r1', l2: 'r2', l3: 'r3' }))).toEqual([3, 1]);
    expect(earned(matching('ALL'), 3, pair({ l1: 'r1', l2: 'r2' }))).toEqual([0, 1]);
  });
});

describe('scoreResponse: isian singkat (SHORT)', () => {
  const capital = short({ text: 'DKI Jakarta' });

  it('compares text whatever its case and spaces', () => {
    expect(earned(capital, 1, write('dki jakarta'))).toEqual([1, 1]);
    expect(earned(capital, 1, write('  DKI \t  JAKARTA \n'))).toEqual([1, 1]);
    expect(earned(capital, 1, write('DKIJakarta'))).toEqual([0, 1]);
    expect(earned(capital, 1, write(''))).toEqual([0, 1]);
  });

  it('reads a comma or a dot as the decimal separator', () => {
    const half = short({ number: 3.5, tolerance: 0 });
    for (const text of ['3,5', '3.5', ' 3,50 ', '+3.5', '٣,٥'])
      expect(earned(half, 2, write(text)), text).toEqual([2, 1]);
    for (const text of ['3', '7/2', '3,5,0', '1.000,5', 'tiga koma lima', '3 ,5', ''])
      expect(earned(half, 2, write(text)), text).toEqual([0, 1]);
    expect(earned(short({ number: 0.5, tolerance: 0 }), 1, write(',5'))).toEqual([1, 1]);
    expect(earned(short({ number: -2, tolerance: 0 }), 1, write('−2'))).toEqual([1, 1]); // Unicode minus
  });

  it('accepts |x - number| <= tolerance exactly, the edge included', () => {
    // key 0.3 ± 0.1: in floats 0.4 - 0.3 = 0.10000000000000003 > 0.1; exactly it is 0.1
    const third = short({ number: 0.3, tolerance: 0.1 });
    expect(earned(third, 1, write('0,4'))).toEqual([1, 1]);
    expect(earned(third, 1, write('0.2'))).toEqual([1, 1]);
    expect(earned(third, 1, write('0.4000000000000001'))).toEqual([0, 1]);
    expect(earned(third, 1, write('0,19'))).toEqual([0, 1]);
    expect(earned(third, 1, write('0.41'))).toEqual([0, 1]);
  });

  it('takes any of several accepted answers', () => {
    const q = short({ text: 'sebelas' }, { number: 11, tolerance: 0 });
    expect(earned(q, 1, write('Sebelas'))).toEqual([1, 1]);
    expect(earned(q, 1, write('11'))).toEqual([1, 1]);
    expect(earned(q, 1, write('12'))).toEqual([0, 1]);
  });

  describe('Arabic: harakat must match', () => {
    // بِسْمِ اللَّهِ with lam, shadda, fatha
    const withHarakat = 'ب\u0650س\u0652م\u0650 ا\u0644\u0644\u0651\u064E\u0647\u0650';
    const basmalah = short({ text: withHarakat });

    it('equals itself with extra spaces', () => {
      expect(earned(basmalah, 1, write(withHarakat))).toEqual([1, 1]);
      expect(earned(basmalah, 1, write(`  ${withHarakat.replace(' ', '   ')} `))).toEqual([1, 1]);
    });

    it('equals itself with its marks typed in another order (NFC): fatha then shadda', () => {
      const reordered = 'ب\u0650س\u0652م\u0650 ا\u0644\u0644\u064E\u0651\u0647\u0650';
      expect(reordered).not.toBe(withHarakat);
      expect(earned(basmalah, 1, write(reordered))).toEqual([1, 1]);
    });

    it('differs from the text without harakat, or with other harakat', () => {
      expect(earned(basmalah, 1, write('بسم الله'))).toEqual([0, 1]);
      expect(earned(basmalah, 1, write(withHarakat.replace('\u064E', '\u0650')))).toEqual([0, 1]);
    });
  });
});

describe('scoreResponse and markEssay: uraian (ESSAY), rubric Isi 4 + Bahasa 2, 10 points', () => {
  it('needs marking while an answer waits, and earns 0 until marked', () => {
    expect(scoreResponse(essay, 10, { type: 'ESSAY', text: 'Jawaban siswa' })).toEqual({
      earned: { num: 0, den: 1 },
      max: 10,
      needsMarking: true,
    });
    // nothing to mark
    expect(scoreResponse(essay, 10, { type: 'ESSAY', text: '   ' }).needsMarking).toBe(false);
    expect(scoreResponse(essay, 10, null).needsMarking).toBe(false);
  });

  it('sums the rubric marks and scales them to the points', () => {
    expect(markEssay(essay.type === 'ESSAY' ? essay.rubric : [], [3, 2])).toBe(5);
    // 10 * 5 / 6 = 25/3
    const marked = scoreResponse(essay, 10, { type: 'ESSAY', text: 'Jawaban' }, [3, 2]);
    expect(marked).toEqual({ earned: { num: 25, den: 3 }, max: 10, needsMarking: false });
  });

  it('refuses a mark out of range, not whole, or of the wrong count', () => {
    const rubric = essay.type === 'ESSAY' ? essay.rubric : [];
    expect(() => markEssay(rubric, [5, 0])).toThrow('Skor kriteria Isi harus bilangan bulat 0 sampai 4');
    expect(() => markEssay(rubric, [1.5, 0])).toThrow('Skor kriteria Isi harus bilangan bulat 0 sampai 4');
    expect(() => markEssay(rubric, [0, -1])).toThrow('Skor kriteria Bahasa harus bilangan bulat 0 sampai 2');
    expect(() => markEssay(rubric, [1])).toThrow('Jumlah skor tidak sama dengan jumlah kriteria rubrik');
  });

  it('marks an essay with no rubric with one score of 0..points', () => {
    const bare: QuestionContent = { type: 'ESSAY', rubric: [] };
    expect(scoreResponse(bare, 10, null, [7]).earned).toEqual({ num: 7, den: 1 });
    expect(() => scoreResponse(bare, 10, null, [11])).toThrow('Skor uraian harus bilangan bulat 0 sampai 10');
  });
});

describe('grades: one rounding, half up, 2 decimals, from the exact total', () => {
  it('rounds the exact grade once', () => {
    expect(gradeOf(2, 3)).toBe(66.67); // 200/3 = 66.666...
    expect(gradeOf(1, 8)).toBe(12.5); // 12.5 exactly
    expect(gradeOf(1, 6)).toBe(16.67); // 16.666...
    expect(gradeOf(fraction(665, 8), 100)).toBe(83.13); // 83.125 -> half up
    expect(gradeOf(fraction(83_124_999, 1_000_000), 100)).toBe(83.12); // 83.124999 -> down
    expect(gradeOf(7, 7)).toBe(100);
    expect(gradeOf(0, 7)).toBe(0);
  });

  it('sums the questions exactly before rounding (never per question)', () => {
    // three questions of 1 point each earning 1/3: exactly 1 of 3 = 33.33;
    // rounding each to 0.33 first would give 0.99 of 3 = 33
    const total = sumFractions([fraction(1, 3), fraction(1, 3), fraction(1, 3)]);
    expect(total).toEqual({ num: 1, den: 1 });
    expect(gradeOf(total, 3)).toBe(33.33);
  });

  it('rounds half up at .xx5, on the decimal a number prints', () => {
    expect(roundHalfUp(0.125, 2)).toBe(0.13);
    expect(roundHalfUp(fraction(1, 8), 2)).toBe(0.13);
    expect(roundHalfUp(1.005, 2)).toBe(1.01); // Math.round(1.005 * 100) / 100 gives 1
    expect(roundHalfUp(2.675, 2)).toBe(2.68); // (2.675).toFixed(2) gives 2.67
    expect(roundHalfUp(fraction(2, 3), 2)).toBe(0.67);
    expect(roundHalfUp(-0.125, 2)).toBe(-0.13); // a half goes away from zero
    expect(Object.is(roundHalfUp(-0.004, 2), 0)).toBe(true); // never -0
    expect(roundHalfUp(fraction(5, 2), 0)).toBe(3);
  });

  it('grades a test with no points 0 and holds a grade to 0..100', () => {
    expect(gradeOf(0, 0)).toBe(0);
    expect(gradeOf(5, 4)).toBe(100);
    expect(gradeOf(-1, 4)).toBe(0);
    expect(() => gradeOf(1, -4)).toThrow('Skor maksimal tidak boleh negatif');
  });

  it('keeps exact values exact', () => {
    expect(exactGrade(2, 3)).toEqual({ num: 200, den: 3 });
    expect(toExactFraction(66.67)).toEqual({ num: 6667, den: 100 });
    expect(meanGrade([80, 85, 90.5])).toEqual({ num: 511, den: 6 }); // 255.5 / 3
    expect(meanGrade([])).toBeNull();
    expect(compareFractions(fraction(1, 3), 0.33)).toBe(1);
  });
});

describe('weightedGrade: the recap, rounded once at the end', () => {
  it('weighs the kinds (daily 40, summative 60)', () => {
    // (80 * 40 + 90 * 60) / 100 = (3200 + 5400) / 100 = 86
    expect(
      weightedGrade([
        { grade: 80, weight: 40 },
        { grade: 90, weight: 60 },
      ]),
    ).toBe(86);
    // daily grades 80, 85 and 90.5 averaged exactly (511/6 = 85.1666...), summative 77.77:
    // (511/6 * 40 + 77.77 * 60) / 100 = (3406.666... + 4666.2) / 100 = 80.72866... -> 80.73
    expect(
      weightedGrade([
        { grade: meanGrade([80, 85, 90.5])!, weight: 40 },
        { grade: 77.77, weight: 60 },
      ]),
    ).toBe(80.73);
  });

  it('rounds only at the end: an exact 2/3 differs from a 66.67 rounded before', () => {
    // exact: (200/3 * 40 + 80.03 * 60) / 100 = (2666.666... + 4801.8) / 100 = 74.684666... -> 74.68
    expect(
      weightedGrade([
        { grade: exactGrade(2, 3), weight: 40 },
        { grade: 80.03, weight: 60 },
      ]),
    ).toBe(74.68);
    // rounded first: (66.67 * 40 + 80.03 * 60) / 100 = (2666.8 + 4801.8) / 100 = 74.686 -> 74.69
    expect(
      weightedGrade([
        { grade: 66.67, weight: 40 },
        { grade: 80.03, weight: 60 },
      ]),
    ).toBe(74.69);
  });

  it('has no grade without weights, and refuses a negative weight', () => {
    expect(weightedGrade([])).toBeNull();
    expect(weightedGrade([{ grade: 80, weight: 0 }])).toBeNull();
    expect(() => weightedGrade([{ grade: 80, weight: -1 }])).toThrow('Bobot nilai tidak boleh negatif');
  });
});

describe('regrade: the same responses against a changed key', () => {
  it('gives the new score', () => {
    const test = (singleKey: string, multipleKey: string[]) => [
      { content: { ...single, key: singleKey } as QuestionContent, points: 2, response: choose('c') },
      { content: multiple('PARTIAL', multipleKey), points: 3, response: chooseMany('a', 'c', 'b') },
      { content: trueFalse('PARTIAL'), points: 2, response: answerTF({ s1: true, s2: false, s3: true, s4: true }) },
    ];
    const total = (questions: ReturnType<typeof test>) =>
      sumFractions(questions.map((q) => scoreResponse(q.content, q.points, q.response).earned));
    // before: 0 (c is not b) + (2-1)/3 * 3 = 1 + 3/4 * 2 = 3/2 -> 5/2 of 7 = 35.714... -> 35.71
    const before = total(test('b', ['a', 'c', 'd']));
    expect(before).toEqual({ num: 5, den: 2 });
    expect(gradeOf(before, 7)).toBe(35.71);
    // after the key of 1 becomes c and of 2 becomes a c: 2 + (2-1)/2 * 3 = 3/2 + 3/2 -> 5 of 7 = 71.428... -> 71.43
    const after = total(test('c', ['a', 'c']));
    expect(after).toEqual({ num: 5, den: 1 });
    expect(gradeOf(after, 7)).toBe(71.43);
  });
});

// ---------------------------------------------------------------------------------------------------------

const right = (choice?: string) => ({ earned: 1, max: 1, choice });
const wrong = (choice?: string) => ({ earned: 0, max: 1, choice });

describe('itemAnalysis', () => {
  it('computes p, D, point-biserial, KR-20 and alpha of a small test by hand', () => {
    //        i1  i2  i3   total
    //   T1    1   1   1   3
    //   T2    1   1   0   2
    //   T3    1   0   1   2
    //   T4    0   1   0   1
    //   T5    0   0   -   0   (T5 left i3 blank)
    const takers: TestTaker[] = [
      { items: [right('a'), right('c'), right('d')] },
      { items: [right('a'), right('c'), wrong('a')] },
      { items: [right('a'), wrong('b'), right('d')] },
      { items: [wrong('b'), right('c'), wrong('b')] },
      { items: [wrong('c'), wrong('a'), null] },
    ];
    const stats = itemAnalysis(takers);
    // p = 3/5, 3/5, 2/5: all sedang (0.30 < p <= 0.70)
    expect(stats.items.map((i) => i.difficulty)).toEqual([0.6, 0.6, 0.4]);
    expect(stats.items.map((i) => i.difficultyLevel)).toEqual(['SEDANG', 'SEDANG', 'SEDANG']);
    // groups: round(27% of 5) = round(1.35) = 1 taker each: upper T1 (3), lower T5 (0); D = 1 - 0 on each item
    expect(stats.groupSize).toBe(1);
    expect(stats.items.map((i) => i.discrimination)).toEqual([1, 1, 1]);
    // totals 3 2 2 1 0: mean 1.6, variance (9+4+4+1+0)/5 - 1.6^2 = 3.6 - 2.56 = 1.04
    // i1 scores 1 1 1 0 0: mean 0.6, variance 0.24, covariance (3+2+2)/5 - 0.6*1.6 = 1.4 - 0.96 = 0.44
    //   r = 0.44 / sqrt(0.24 * 1.04); i2: (3+2+1)/5 - 0.96 = 0.24; i3: (3+2)/5 - 0.64 = 0.36 (mean 0.4)
    expect(stats.items[0]!.pointBiserial).toBeCloseTo(0.44 / Math.sqrt(0.24 * 1.04), 10); // 0.8807
    expect(stats.items[1]!.pointBiserial).toBeCloseTo(0.24 / Math.sqrt(0.24 * 1.04), 10); // 0.4804
    expect(stats.items[2]!.pointBiserial).toBeCloseTo(0.36 / Math.sqrt(0.24 * 1.04), 10); // 0.7206
    // KR-20 = k/(k-1) * (1 - sum pq / variance) = 3/2 * (1 - (0.24+0.24+0.24)/1.04) = 3/2 * 0.32/1.04 = 6/13
    expect(stats.kr20).toBeCloseTo(6 / 13, 10); // 0.4615
    // alpha on right/wrong items of 1 point: the item variances are pq, so alpha = KR-20
    expect(stats.alpha).toBeCloseTo(6 / 13, 10);
    // options: i1 a a a b c; i3 d a d b and one blank
    expect(stats.items[0]!.choices).toEqual({ a: 3, b: 1, c: 1 });
    expect(stats.items[2]!.choices).toEqual({ d: 2, a: 1, b: 1 });
    expect(stats.items.map((i) => i.answered)).toEqual([5, 5, 4]);
    expect(stats.items.map((i) => i.flags)).toEqual([[], [], []]);
  });

  it('flags a bad key, an item everybody knew, one nobody answered, and leaves a 0-point item alone', () => {
    // totals given (the test has more items): 10 8 5 2; groups of round(1.08) = 1: upper T1, lower T4
    //        i1  i2  i3 (blank)  i4 (0 points)
    //   T1    0   1   -          0/0
    //   T2    0   1   -          0/0
    //   T3    1   1   -          0/0
    //   T4    1   1   -          0/0
    const zero = { earned: 0, max: 0 };
    const takers: TestTaker[] = [
      { total: 10, items: [wrong(), right(), null, zero] },
      { total: 8, items: [wrong(), right(), null, zero] },
      { total: 5, items: [right(), right(), null, zero] },
      { total: 2, items: [right(), right(), null, zero] },
    ];
    const [i1, i2, i3, i4] = itemAnalysis(takers).items;
    // i1: p 0.5, D = 0 - 1 = -1; r: cov = (5+2)/4 - 0.5*6.25 = -1.375, sd 0.5 and sqrt(48.25 - 39.0625)
    expect(i1).toMatchObject({ difficulty: 0.5, discrimination: -1 });
    expect(i1!.pointBiserial).toBeCloseTo(-1.375 / (0.5 * Math.sqrt(9.1875)), 10); // -0.9073
    expect(i1!.flags).toEqual(['NEGATIVE_DISCRIMINATION', 'NEGATIVE_CORRELATION']);
    // i2: p 1 (mudah), D 0, no variance so no correlation
    expect(i2).toMatchObject({ difficulty: 1, difficultyLevel: 'MUDAH', discrimination: 0, pointBiserial: null });
    expect(i2!.flags).toEqual(['TOO_EASY', 'LOW_DISCRIMINATION']);
    expect(i3).toMatchObject({ answered: 0, difficulty: null, discrimination: null, flags: ['NOBODY_ANSWERED'] });
    expect(i4).toMatchObject({ max: 0, answered: 4, difficulty: null, discrimination: null, flags: [] });
  });

  it('computes alpha on points when an item gives partial credit (and no KR-20)', () => {
    //        i1 (1)  i2 (4)  total
    //   T1    1       4       5
    //   T2    1       2       3
    //   T3    0       1       1
    // variances: i1 2/3 - 4/9 = 2/9; i2 (16+4+1)/3 - (7/3)^2 = 7 - 49/9 = 14/9; totals (4+0+4)/3 = 8/3
    // alpha = 2/1 * (1 - (16/9) / (8/3)) = 2 * (1 - 2/3) = 2/3
    const essayOf = (earned: number) => ({ earned, max: 4 });
    const stats = itemAnalysis([
      { items: [right(), essayOf(4)] },
      { items: [right(), essayOf(2)] },
      { items: [wrong(), essayOf(1)] },
    ]);
    expect(stats.kr20).toBeNull();
    expect(stats.alpha).toBeCloseTo(2 / 3, 10);
    // i2: p = (4/4 + 2/4 + 1/4) / 3 = 0.58333 (sedang); groups of round(0.81) = 1: D = 4/4 - 1/4 = 0.75
    expect(stats.items[1]!.difficulty).toBeCloseTo(1.75 / 3, 10);
    expect(stats.items[1]!.difficultyLevel).toBe('SEDANG');
    expect(stats.items[1]!.discrimination).toBe(0.75);
  });

  it('breaks ties at a group edge by the order the takers were given', () => {
    // all totals 5: upper group is T1 (first given), lower T4 (last given)
    const stats = itemAnalysis([
      { total: 5, items: [right()] },
      { total: 5, items: [wrong()] },
      { total: 5, items: [right()] },
      { total: 5, items: [wrong()] },
    ]);
    expect(stats.items[0]!.discrimination).toBe(1);
    // equal totals: no correlation and no reliability, but no NaN
    expect(stats.items[0]!.pointBiserial).toBeNull();
    expect(stats.alpha).toBeNull();
  });

  it('handles no takers and one taker without NaN', () => {
    expect(itemAnalysis([])).toEqual({ takers: 0, groupSize: 0, items: [], kr20: null, alpha: null });
    const one = itemAnalysis([{ items: [right(), wrong()] }]);
    expect(one.groupSize).toBe(0);
    expect(one.items.map((i) => [i.difficulty, i.discrimination, i.pointBiserial])).toEqual([
      [1, null, null],
      [0, null, null],
    ]);
    expect([one.kr20, one.alpha]).toEqual([null, null]);
    expect(one.items[1]!.flags).toEqual(['TOO_HARD']);
  });

  it('reads difficulty bands at their edges: 0.30 sukar, 0.70 sedang', () => {
    const takersWith = (rights: number) =>
      Array.from({ length: 10 }, (_, i): TestTaker => ({ items: [i < rights ? right() : wrong()] }));
    expect(itemAnalysis(takersWith(3)).items[0]!.difficultyLevel).toBe('SUKAR');
    expect(itemAnalysis(takersWith(4)).items[0]!.difficultyLevel).toBe('SEDANG');
    expect(itemAnalysis(takersWith(7)).items[0]!.difficultyLevel).toBe('SEDANG');
    expect(itemAnalysis(takersWith(8)).items[0]!.difficultyLevel).toBe('MUDAH');
  });
});

// ---------------------------------------------------------------------------------------------------------
// properties

const IDS = ['a', 'b', 'c', 'd', 'e', 'f'];
const ids = (min: number) => fc.uniqueArray(fc.constantFrom(...IDS), { minLength: min, maxLength: IDS.length });
const rule = fc.constantFrom<'ALL' | 'PARTIAL'>('ALL', 'PARTIAL');
const someOf = (list: string[]) => fc.subarray([...list, 'zz']);

/** a valid question of each objective type with a response that may be anything of its type */
const questionAndResponse: fc.Arbitrary<{ content: QuestionContent; response: QuestionResponse }> = fc.oneof(
  ids(2).chain((options) =>
    fc.record({
      content: fc
        .constantFrom(...options)
        .map((key): QuestionContent => ({ type: 'SINGLE', options: parts(...options), key })),
      response: fc.option(fc.constantFrom(...options, 'zz')).map(choose),
    }),
  ),
  ids(2).chain((options) =>
    fc.record({
      content: fc
        .tuple(fc.subarray(options, { minLength: 1 }), rule)
        .map(([key, partial]): QuestionContent => ({ type: 'MULTIPLE', options: parts(...options), key, partial })),
      response: someOf(options).map((chosen) => chooseMany(...chosen)),
    }),
  ),
  ids(1).chain((statements) =>
    fc.record({
      content: fc
        .tuple(fc.array(fc.boolean(), { minLength: statements.length, maxLength: statements.length }), rule)
        .map(([keys, partial]): QuestionContent => ({
          type: 'TRUE_FALSE',
          statements: parts(...statements),
          key: Object.fromEntries(statements.map((s, i) => [s, keys[i]!])),
          partial,
        })),
      response: fc.dictionary(fc.constantFrom(...statements, 'zz'), fc.boolean()).map(answerTF),
    }),
  ),
  fc.tuple(ids(2), ids(2)).chain(([left, rightIds]) =>
    fc.record({
      content: fc
        .tuple(fc.array(fc.constantFrom(...rightIds), { minLength: left.length, maxLength: left.length }), rule)
        .map(([answers, partial]): QuestionContent => ({
          type: 'MATCHING',
          left: parts(...left),
          right: parts(...rightIds),
          key: Object.fromEntries(left.map((l, i) => [l, answers[i]!])),
          partial,
        })),
      response: fc.dictionary(fc.constantFrom(...left), fc.constantFrom(...rightIds, 'zz')).map(pair),
    }),
  ),
  fc.record({
    content: fc
      .array(
        fc.oneof(
          fc
            .string({ minLength: 1 })
            .filter((text) => text.trim() !== '')
            .map((text) => ({ text: text.trim() })),
          fc.record({
            // a key as a teacher writes it: up to 3 decimals (a student does not type 5e-324)
            number: fc.integer({ min: -1e8, max: 1e8 }).map((n) => n / 1000),
            tolerance: fc.constantFrom(0, 0.1, 1),
          }),
        ),
        { minLength: 1, maxLength: 3 },
      )
      .map((accepted): QuestionContent => ({ type: 'SHORT', accepted })),
    response: fc.oneof(fc.string(), fc.double({ noNaN: true, noDefaultInfinity: true }).map(String)).map(write),
  }),
);

/** the response a student who knows the key gives */
function keyResponse(content: QuestionContent): QuestionResponse {
  switch (content.type) {
    case 'SINGLE':
      return choose(content.key);
    case 'MULTIPLE':
      return chooseMany(...content.key);
    case 'TRUE_FALSE':
      return answerTF(content.key);
    case 'MATCHING':
      return pair(content.key);
    case 'SHORT': {
      const first = content.accepted[0]!;
      return write('text' in first ? first.text : String(first.number));
    }
    case 'ESSAY':
      return { type: 'ESSAY', text: '' };
  }
}

const points = fc.integer({ min: 0, max: 100 });

describe('properties', () => {
  it('a score is always within 0..max', () => {
    fc.assert(
      fc.property(questionAndResponse, points, ({ content, response }, max) => {
        const { earned } = scoreResponse(content, max, response);
        return compareFractions(earned, 0) >= 0 && compareFractions(earned, max) <= 0;
      }),
    );
  });

  it('ALL never scores above PARTIAL for the same response', () => {
    fc.assert(
      fc.property(questionAndResponse, points, ({ content, response }, max) => {
        if (!('partial' in content)) return true;
        const all = scoreResponse({ ...content, partial: 'ALL' }, max, response).earned;
        const partial = scoreResponse({ ...content, partial: 'PARTIAL' }, max, response).earned;
        return compareFractions(all, partial) <= 0;
      }),
    );
  });

  it('a response equal to the key scores max', () => {
    fc.assert(
      fc.property(questionAndResponse, points, ({ content }, max) => {
        expect(scoreResponse(content, max, keyResponse(content)).earned).toEqual(fraction(max));
      }),
    );
  });

  it('a grade is within 0..100 and within half a hundredth of the exact grade', () => {
    fc.assert(
      fc.property(
        fc.nat(10_000),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 12 }),
        (n, max, den) => {
          const earned = fraction(Math.min(n, max * den), den);
          const grade = gradeOf(earned, max);
          const exactValue = (100 * earned.num) / earned.den / max;
          return grade >= 0 && grade <= 100 && Math.abs(grade - exactValue) <= 0.005 + 1e-9;
        },
      ),
    );
  });

  it('a whole number answer matches exactly when |x - key| <= tolerance', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -50, max: 50 }),
        fc.integer({ min: -50, max: 50 }),
        fc.nat(5),
        (x, key, tolerance) => {
          const matches = shortAnswerMatches([{ number: key, tolerance }], String(x));
          return matches === Math.abs(x - key) <= tolerance;
        },
      ),
    );
  });

  it('normalising an answer twice changes nothing', () => {
    fc.assert(
      fc.property(fc.string(), (text) => normalizeAnswerText(normalizeAnswerText(text)) === normalizeAnswerText(text)),
    );
  });

  it('item analysis gives numbers in range or null, never NaN', () => {
    const result = fc.option(
      fc.record({ earned: fc.integer({ min: 0, max: 3 }), max: fc.constant(3), choice: fc.constantFrom('a', 'b') }),
    );
    fc.assert(
      fc.property(fc.array(fc.array(result, { maxLength: 4 }), { maxLength: 12 }), (rows) => {
        const stats = itemAnalysis(rows.map((items) => ({ items })));
        const inRange = (x: number | null, lo: number, hi: number) => x === null || (x >= lo && x <= hi);
        for (const i of stats.items) {
          expect(inRange(i.difficulty, 0, 1)).toBe(true);
          expect(inRange(i.discrimination, -1, 1)).toBe(true);
          expect(inRange(i.pointBiserial, -1, 1)).toBe(true);
        }
        expect(JSON.stringify(stats)).not.toMatch(/NaN|Infinity/);
        for (const r of [stats.kr20, stats.alpha]) expect(r === null || Number.isFinite(r)).toBe(true);
      }),
    );
  });
});

describe('messages', () => {
  it('has English for every message scoring can throw', () => {
    const source = readFileSync(new URL('./scoring.ts', import.meta.url), 'utf8');
    const thrown = [...source.matchAll(/new RangeError\((['`])(.*?)\1\)/g)].map((m) =>
      m[2]!.replace(/\$\{[^}]*\}/g, '{}'),
    );
    expect(thrown.length).toBeGreaterThan(5);
    expect(thrown.filter((text) => !knowsMessage(text))).toEqual([]);
  });

  it('renders a refused mark in English', () => {
    const rubric = essay.type === 'ESSAY' ? essay.rubric : [];
    expect(() => markEssay(rubric, [9, 0])).toThrow(RangeError);
    try {
      markEssay(rubric, [9, 0]);
    } catch (e) {
      expect(renderMessage((e as Error).message, 'en')).toBe(
        'The score for criterion Isi must be a whole number from 0 to 4',
      );
    }
  });
});
