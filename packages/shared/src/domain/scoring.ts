import type { Difficulty, QuestionContent, QuestionResponse } from '../contracts/assessment.ts';

/**
 * Scoring and grades (issue 12): the pure rules. How one answer scores, how scores become a grade, and how a
 * test's items performed. Nothing here reads a database or the clock.
 *
 * Exact scores. A score is a `Fraction` of integers in lowest terms, never a float: partial credit is a share
 * (2 of 3 statements right on a 2-point question earns 4/3), and floats would make 1/3 + 1/3 + 1/3 differ from
 * 1 and let a regrade move a grade by 0.01. Fractions stay plain JSON (`{ num: 4, den: 3 }`); the arithmetic
 * runs on BigInt inside, so no intermediate product loses a digit, and only results that fit in safe integers
 * come out (a question bank's sums stay far below that).
 *
 * Grades. A grade is the one place a score is rounded: `gradeOf` takes the exact total of a test and rounds
 * ONCE, half up, to 2 decimals (`roundHalfUp`). Nothing rounds per question and then sums; a recap of several
 * grades (`weightedGrade`) works on the exact grades and rounds once at its end. There is no other rounding of
 * MMS grades.
 *
 * Item analysis (`itemAnalysis`) is statistics, not a grade: it works in floats and reports them unrounded.
 */

// ---------------------------------------------------------------------------------------------------------
// Exact fractions
// ---------------------------------------------------------------------------------------------------------

/** An exact score or grade: `num / den` in lowest terms, `den > 0`, both safe integers. */
export interface Fraction {
  readonly num: number;
  readonly den: number;
}

/** The inside form: BigInt, so that sums and products of fractions are exact whatever their size. */
interface Ratio {
  n: bigint;
  d: bigint;
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const ZERO: Ratio = { n: 0n, d: 1n };
const ONE: Ratio = { n: 1n, d: 1n };

const abs = (x: bigint) => (x < 0n ? -x : x);
function gcd(a: bigint, b: bigint): bigint {
  a = abs(a);
  b = abs(b);
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

function ratio(n: bigint, d: bigint): Ratio {
  if (d === 0n) throw new RangeError('Pembagi skor tidak boleh nol');
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d);
  return g > 1n ? { n: n / g, d: d / g } : { n, d };
}

const add = (a: Ratio, b: Ratio) => ratio(a.n * b.d + b.n * a.d, a.d * b.d);
const sub = (a: Ratio, b: Ratio) => ratio(a.n * b.d - b.n * a.d, a.d * b.d);
const mul = (a: Ratio, b: Ratio) => ratio(a.n * b.n, a.d * b.d);
const div = (a: Ratio, b: Ratio) => ratio(a.n * b.d, a.d * b.n);
const cmp = (a: Ratio, b: Ratio) => {
  const l = a.n * b.d;
  const r = b.n * a.d;
  return l < r ? -1 : l > r ? 1 : 0;
};
const clamp = (x: Ratio, lo: Ratio, hi: Ratio) => (cmp(x, lo) < 0 ? lo : cmp(x, hi) > 0 ? hi : x);

function toFraction(x: Ratio): Fraction {
  if (abs(x.n) > MAX_SAFE || x.d > MAX_SAFE) throw new RangeError('Skor terlalu besar untuk dihitung tepat');
  // `Number(-0n)` is 0, never -0
  return { num: Number(x.n), den: Number(x.d) };
}

/**
 * A decimal text (`12`, `-3.5`, `1e-7`) as an exact ratio, or null when it is not one. This is how a number
 * becomes exact here: a number counts as the decimal it prints (`0.1` is 1/10, not the binary float near it).
 */
function decimalRatio(text: string): Ratio | null {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(text);
  if (!m) return null;
  const [, sign = '', whole = '', part = '', exponent = '0'] = m;
  if (whole === '' && part === '') return null;
  const shift = Number(exponent) - part.length;
  if (Math.abs(shift) > 400) return null;
  let n = BigInt(whole + part);
  let d = 1n;
  if (shift >= 0) n *= 10n ** BigInt(shift);
  else d = 10n ** BigInt(-shift);
  return ratio(sign === '-' ? -n : n, d);
}

/** A finite number or a Fraction as an exact ratio; a number counts as the decimal it prints. */
function exact(x: number | Fraction): Ratio {
  if (typeof x !== 'number') {
    if (!Number.isSafeInteger(x.num) || !Number.isSafeInteger(x.den) || x.den === 0)
      throw new RangeError('Skor pecahan harus bilangan bulat dengan penyebut bukan nol');
    return ratio(BigInt(x.num), BigInt(x.den));
  }
  if (!Number.isFinite(x)) throw new RangeError('Angka tidak valid');
  return decimalRatio(String(x))!;
}

/** `num / den` in lowest terms (den 1 by default): `fraction(4, 6)` is `{ num: 2, den: 3 }`. */
export function fraction(num: number, den = 1): Fraction {
  return toFraction(exact({ num, den }));
}

/** A number as the exact decimal it prints: `toExactFraction(0.125)` is 1/8, `toExactFraction(66.67)` 6667/100. */
export function toExactFraction(x: number | Fraction): Fraction {
  return toFraction(exact(x));
}

/** The exact sum: the total of a test is the sum of its questions' earned fractions, unrounded. */
export function sumFractions(values: readonly (number | Fraction)[]): Fraction {
  return toFraction(values.reduce<Ratio>((sum, v) => add(sum, exact(v)), ZERO));
}

/** -1, 0 or 1 as `a` is below, equal to or above `b`, exactly. */
export function compareFractions(a: number | Fraction, b: number | Fraction): -1 | 0 | 1 {
  return cmp(exact(a), exact(b));
}

/** The nearest float, for display and statistics only: never round or sum this for a grade. */
export function fractionToNumber(f: Fraction): number {
  return f.num / f.den;
}

// ---------------------------------------------------------------------------------------------------------
// Scoring one response
// ---------------------------------------------------------------------------------------------------------

/** What one response earned, exactly, out of the question's points. */
export interface ResponseScore {
  earned: Fraction;
  /** the question's points, as given */
  max: number;
  /** an essay whose answer is waiting for its teacher: `earned` is 0 until marked */
  needsMarking: boolean;
}

type EssayContent = Extract<QuestionContent, { type: 'ESSAY' }>;
/** a criterion of an essay's rubric (its `points` the most it gives) */
type RubricCriterion = EssayContent['rubric'][number];

/**
 * The text of a short answer as it is compared: Unicode NFC (so the same letters typed with a different order of
 * combining marks compare equal: shadda then fatha equals fatha then shadda), trimmed, every run of white space
 * one space, lower case. Nothing else is dropped: Arabic harakat (and any other mark) must match, so `بِسْمِ`
 * differs from `بسم`; the key's writer adds a second accepted answer for a bare spelling they accept.
 */
export function normalizeAnswerText(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase().normalize('NFC');
}

/** Arabic-Indic digits (٠..٩, and the Persian ۰..۹) as ASCII digits; the Unicode minus as a hyphen. */
function westernDigits(text: string): string {
  return text
    .replace(/[\u0660-\u0669]/g, (c) => String(c.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (c) => String(c.charCodeAt(0) - 0x06f0))
    .replace(/\u2212/g, '-');
}

/**
 * A student's number, exactly: optional sign, digits, and at most one decimal separator that is either a comma
 * or a dot (`3,5` = `3.5` = 3.5; `,5` and `5,` are read too). No thousands separators: `1.000` is one, and a
 * text with two separators (`1.000,5`) or anything else around the digits is not a number, so it is wrong.
 */
function studentNumber(text: string): Ratio | null {
  const m = /^([+-]?)(\d*)(?:[.,](\d*))?$/.exec(westernDigits(text.normalize('NFC').trim()));
  if (!m) return null;
  const [, sign = '', whole = '', part = ''] = m;
  return decimalRatio(`${sign}${whole}.${part}`.replace(/\.$/, ''));
}

/**
 * Whether a short answer is one of the accepted answers: a text equal after `normalizeAnswerText`, or a number
 * within the tolerance, `|x - number| <= tolerance`, compared exactly (a student exactly at the tolerance is
 * right; floats would put 0.4 - 0.3 above 0.1).
 */
export function shortAnswerMatches(
  accepted: readonly ({ text: string } | { number: number; tolerance?: number })[],
  text: string,
): boolean {
  const asText = normalizeAnswerText(text);
  const asNumber = studentNumber(text);
  return accepted.some((a) => {
    if ('text' in a) return normalizeAnswerText(a.text) === asText && asText !== '';
    if (asNumber === null) return false;
    const gap = sub(asNumber, exact(a.number));
    return cmp({ n: abs(gap.n), d: gap.d }, exact(a.tolerance ?? 0)) <= 0;
  });
}

const share = (right: number, of: number): Ratio => (of <= 0 ? ZERO : ratio(BigInt(Math.max(0, right)), BigInt(of)));
const allOrShare = (rule: 'ALL' | 'PARTIAL', right: number, of: number): Ratio =>
  rule === 'ALL' ? (right === of && of > 0 ? ONE : ZERO) : share(right, of);

const own = <T>(record: Record<string, T>, key: string): T | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined;

/** The share of the points (0..1) an objective response earns; essays are marked by hand (`markEssay`). */
function shareOf(content: QuestionContent, response: QuestionResponse): Ratio {
  switch (content.type) {
    case 'SINGLE':
      return response.type === 'SINGLE' && response.optionId === content.key ? ONE : ZERO;
    case 'MULTIPLE': {
      if (response.type !== 'MULTIPLE') return ZERO;
      const keys = new Set(content.key);
      const chosen = new Set(response.optionIds);
      const right = [...chosen].filter((id) => keys.has(id)).length;
      // a chosen id that is no key, an option that does not exist included, is a wrong choice
      const wrong = chosen.size - right;
      if (content.partial === 'ALL') return right === keys.size && wrong === 0 ? ONE : ZERO;
      return share(right - wrong, keys.size);
    }
    case 'TRUE_FALSE': {
      if (response.type !== 'TRUE_FALSE') return ZERO;
      const right = content.statements.filter((s) => {
        const answer = own(response.answers, s.id);
        return typeof answer === 'boolean' && answer === own(content.key, s.id);
      }).length;
      return allOrShare(content.partial, right, content.statements.length);
    }
    case 'MATCHING': {
      if (response.type !== 'MATCHING') return ZERO;
      const right = content.left.filter((l) => {
        const paired = own(response.pairs, l.id);
        return paired !== undefined && paired === own(content.key, l.id);
      }).length;
      return allOrShare(content.partial, right, content.left.length);
    }
    case 'SHORT':
      return response.type === 'SHORT' && shortAnswerMatches(content.accepted, response.text) ? ONE : ZERO;
    case 'ESSAY':
      return ZERO;
  }
}

/**
 * The score of one response, exactly, out of `points`:
 * - SINGLE: all points for the key, none otherwise.
 * - MULTIPLE: ALL, all points only for exactly the keys; PARTIAL, (right choices - wrong choices) / keys of the
 *   points, never below 0. Naming an option twice counts once; an option that does not exist is a wrong choice.
 * - TRUE_FALSE: ALL, all points when every statement is right; PARTIAL, the share of statements answered right
 *   (an unanswered statement is wrong).
 * - MATCHING: the same with the premises (left) paired with their key.
 * - SHORT: all points when the answer matches an accepted answer (`shortAnswerMatches`).
 * - ESSAY: 0 until marked. With `essayMarks` (one whole score per rubric criterion, or with no rubric a single
 *   score of 0..points) it earns `points * marks / rubric total`. Without, an answer with text needs marking
 *   (`needsMarking`); a blank or missing one has nothing to mark and stays 0.
 * A missing response or one of another type scores 0 (and needs no marking).
 */
export function scoreResponse(
  content: QuestionContent,
  points: number,
  response: QuestionResponse | null | undefined,
  essayMarks?: readonly number[] | null,
): ResponseScore {
  const max = exact(points);
  if (max.n < 0n) throw new RangeError('Skor soal tidak boleh negatif');
  const score = (part: Ratio, needsMarking = false): ResponseScore => ({
    earned: toFraction(mul(max, part)),
    max: points,
    needsMarking,
  });
  if (content.type === 'ESSAY') {
    if (essayMarks) return { earned: essayScore(content.rubric, points, essayMarks), max: points, needsMarking: false };
    return score(ZERO, response?.type === 'ESSAY' && response.text.trim() !== '');
  }
  if (!response || response.type !== content.type) return score(ZERO);
  return score(shareOf(content, response));
}

/**
 * The marks of an essay against its rubric: one whole score per criterion, in the rubric's order, each from 0 to
 * that criterion's points. Returns their sum; a mark out of range, not whole, or a count that differs from the
 * rubric's is refused (Indonesian message, English in the catalog).
 */
export function markEssay(rubric: readonly RubricCriterion[], criterionScores: readonly number[]): number {
  if (criterionScores.length !== rubric.length)
    throw new RangeError('Jumlah skor tidak sama dengan jumlah kriteria rubrik');
  return rubric.reduce((sum, c, i) => {
    const s = criterionScores[i]!;
    if (!Number.isInteger(s) || s < 0 || s > c.points)
      throw new RangeError(`Skor kriteria ${c.criterion} harus bilangan bulat 0 sampai ${c.points}`);
    return sum + s;
  }, 0);
}

/** A marked essay's earned points: its rubric marks scaled to the question's points, or with no rubric one mark. */
function essayScore(rubric: readonly RubricCriterion[], points: number, marks: readonly number[]): Fraction {
  if (rubric.length === 0) {
    const s = marks[0];
    if (marks.length !== 1 || s === undefined || !Number.isInteger(s) || s < 0 || s > points)
      throw new RangeError(`Skor uraian harus bilangan bulat 0 sampai ${points}`);
    return fraction(s);
  }
  const total = rubric.reduce((sum, c) => sum + c.points, 0);
  return toFraction(div(mul(exact(points), exact(markEssay(rubric, marks))), exact(total)));
}

// ---------------------------------------------------------------------------------------------------------
// Grades: the one rounding
// ---------------------------------------------------------------------------------------------------------

/** Decimals of an MMS grade. */
export const GRADE_DECIMALS = 2;

/**
 * THE rounding of MMS grades: `value` rounded half up to `decimals` places (a half goes away from zero:
 * 0.125 -> 0.13, 2/3 -> 0.67, -0.125 -> -0.13), computed on the exact value. A number counts as the decimal it
 * prints, so `roundHalfUp(1.005, 2)` is 1.01 (where `Math.round(1.005 * 100) / 100` gives 1). The result is
 * the float nearest that decimal (as if typed: 66.67).
 */
export function roundHalfUp(value: number | Fraction, decimals: number = GRADE_DECIMALS): number {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 15)
    throw new RangeError('Jumlah angka desimal harus 0 sampai 15');
  const x = exact(value);
  const scale = 10n ** BigInt(decimals);
  // floor(|x| * scale + 1/2), on integers
  const units = (2n * abs(x.n) * scale + x.d) / (2n * x.d);
  if (units === 0n) return 0;
  const result = Number(units) / Number(scale);
  return x.n < 0n ? -result : result;
}

/**
 * The exact grade of a total, 100 * earned / max on 0..100, unrounded (for a recap that rounds at its end).
 * A test with no points (max 0) grades 0; an earned total outside 0..max is held to the range.
 */
export function exactGrade(earnedTotal: number | Fraction, maxTotal: number | Fraction): Fraction {
  const max = exact(maxTotal);
  if (max.n < 0n) throw new RangeError('Skor maksimal tidak boleh negatif');
  if (max.n === 0n) return fraction(0);
  return toFraction(clamp(div(mul(exact(earnedTotal), exact(100)), max), ZERO, exact(100)));
}

/**
 * The grade of a test: 100 * earnedTotal / maxTotal on 0..100, from the EXACT total (the `sumFractions` of the
 * questions' earned points), rounded once, half up, to 2 decimals. 2 of 3 -> 66.67; 1 of 8 -> 12.5.
 */
export function gradeOf(earnedTotal: number | Fraction, maxTotal: number | Fraction): number {
  return roundHalfUp(exactGrade(earnedTotal, maxTotal), GRADE_DECIMALS);
}

/** The exact mean of grades (numbers count as the decimals they print), or null for none. */
export function meanGrade(grades: readonly (number | Fraction)[]): Fraction | null {
  if (grades.length === 0) return null;
  return toFraction(div(exact(sumFractions(grades)), exact(grades.length)));
}

/** A grade (0..100; a number, or an exact Fraction such as `exactGrade` or `meanGrade` gives) and its weight. */
export interface WeightedPart {
  grade: number | Fraction;
  weight: number;
}

/**
 * A recap grade: sum(grade * weight) / sum(weight), e.g. daily 40 and summative 60, computed exactly and rounded
 * ONCE at the end, half up to 2 decimals. Pass exact grades (`exactGrade`, `meanGrade`) for kinds with several
 * grades so nothing is rounded before this. Null when there is nothing to weigh (no parts, or weights all 0).
 */
export function weightedGrade(parts: readonly WeightedPart[]): number | null {
  const exactValue = exactWeightedGrade(parts);
  return exactValue === null ? null : roundHalfUp(exactValue, GRADE_DECIMALS);
}

/** `weightedGrade` before its rounding: the exact weighted mean (for a class mean of recap grades), or null. */
export function exactWeightedGrade(parts: readonly WeightedPart[]): Fraction | null {
  let sum = ZERO;
  let weights = ZERO;
  for (const p of parts) {
    const w = exact(p.weight);
    if (w.n < 0n) throw new RangeError('Bobot nilai tidak boleh negatif');
    sum = add(sum, mul(exact(p.grade), w));
    weights = add(weights, w);
  }
  if (weights.n === 0n) return null;
  return toFraction(div(sum, weights));
}

// ---------------------------------------------------------------------------------------------------------
// Item analysis (analisis butir soal)
// ---------------------------------------------------------------------------------------------------------

/** One taker's result on one item. A missing entry (null) is an item left unanswered: 0 earned. */
export interface ItemResult {
  earned: number | Fraction;
  max: number;
  /** false for an item left blank (default true) */
  answered?: boolean;
  /** for choice items: the option (SINGLE) or options (MULTIPLE) chosen */
  choice?: string | readonly string[] | null;
}

export interface TestTaker {
  /** the test total; by default the sum of `items`' earned */
  total?: number | Fraction;
  /** by the items' order in the test */
  items: readonly (ItemResult | null | undefined)[];
}

/**
 * - TOO_EASY: p > 0.90; TOO_HARD: p < 0.10 (the ends of the mudah and sukar ranges, worth a look even in a
 *   test that wants easy and hard items);
 * - LOW_DISCRIMINATION: 0 <= D < 0.20 (daya pembeda jelek: revise or drop);
 * - NEGATIVE_DISCRIMINATION: D < 0 (weaker takers did better: check the key);
 * - NEGATIVE_CORRELATION: point-biserial < 0 (the same warning from all takers);
 * - NOBODY_ANSWERED: no taker answered it (its other statistics are null).
 */
export type ItemFlag =
  | 'TOO_EASY'
  | 'TOO_HARD'
  | 'LOW_DISCRIMINATION'
  | 'NEGATIVE_DISCRIMINATION'
  | 'NEGATIVE_CORRELATION'
  | 'NOBODY_ANSWERED';

export interface ItemStatistics {
  /** position of the item in `items` */
  index: number;
  /** the item's points (the largest `max` given for it; 0 when none) */
  max: number;
  answered: number;
  /** tingkat kesukaran p: mean of earned / max over all takers; null for max 0 or nobody answered */
  difficulty: number | null;
  /** p 0.00-0.30 SUKAR, above 0.30 to 0.70 SEDANG, above 0.70 MUDAH (the usual Indonesian bands) */
  difficultyLevel: Difficulty | null;
  /** daya pembeda D: mean earned / max of the upper group minus that of the lower group (27% each) */
  discrimination: number | null;
  /** Pearson correlation of the item's score with the total (point-biserial for a right/wrong item) */
  pointBiserial: number | null;
  /** how many takers chose each option (choice items) */
  choices: Record<string, number>;
  flags: ItemFlag[];
}

export interface TestStatistics {
  takers: number;
  /** takers in each of the upper and lower groups */
  groupSize: number;
  items: ItemStatistics[];
  /** KR-20, when every item (with points) is right/wrong for every taker; null otherwise or when undefined */
  kr20: number | null;
  /** Cronbach's alpha on the points earned; null when undefined (fewer than 2 takers or items, no variance) */
  alpha: number | null;
}

/** Share of the takers in each of the upper and lower groups of D. */
export const DISCRIMINATION_GROUP_SHARE = 0.27;

/** Float noise off (0.7 - 0.5 is 0.19999999999999996): statistics are kept to 12 decimals. */
const tidy = (x: number) => {
  const r = Math.round(x * 1e12) / 1e12;
  return r === 0 ? 0 : r;
};
const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
/** population variance (divided by N, as Indonesian textbooks write KR-20 and alpha); 0 for equal values */
const variance = (xs: readonly number[]) => {
  if (xs.every((x) => x === xs[0])) return 0;
  const m = mean(xs);
  return mean(xs.map((x) => (x - m) ** 2));
};
const toFloat = (x: number | Fraction) => (typeof x === 'number' ? x : fractionToNumber(x));

function pearson(xs: readonly number[], ys: readonly number[]): number | null {
  if (xs.length < 2 || variance(xs) === 0 || variance(ys) === 0) return null;
  const mx = mean(xs);
  const my = mean(ys);
  const cov = mean(xs.map((x, i) => (x - mx) * (ys[i]! - my)));
  return tidy(cov / Math.sqrt(variance(xs) * variance(ys)));
}

/** k/(k-1) * (1 - sum of item variances / variance of the totals), or null when undefined. */
function reliability(columns: readonly (readonly number[])[]): number | null {
  const k = columns.length;
  const n = columns[0]?.length ?? 0;
  if (k < 2 || n < 2) return null;
  const totals = Array.from({ length: n }, (_, t) => columns.reduce((s, col) => s + col[t]!, 0));
  const total = variance(totals);
  if (total === 0) return null;
  const items = columns.reduce((s, col) => s + variance(col), 0);
  return tidy((k / (k - 1)) * (1 - items / total));
}

function difficultyLevel(p: number): Difficulty {
  return p <= 0.3 ? 'SUKAR' : p <= 0.7 ? 'SEDANG' : 'MUDAH';
}

/**
 * Analisis butir soal of one test from its takers' results.
 *
 * - p (difficulty): mean of earned / max over all takers, an unanswered item counting 0.
 * - D (discrimination): takers ranked by total, the upper and lower 27% each (rounded, at least 1 taker; with
 *   fewer than 2 takers D is null). Ties at a group's edge go by the order the takers were given (the first
 *   given ranks higher), so the same input always gives the same D; the groups are not widened for ties.
 * - point-biserial: correlation of earned with the total (the total includes the item); null when either has no
 *   variance.
 * - KR-20 counts each item 1 (full points) or 0 whatever its points, and only when every item is so scored;
 *   alpha uses the points earned. Both use population variances and the items with points (max 0 left out);
 *   with equal points on right/wrong items they agree. Either may be negative on a poor test.
 * Edge cases give nulls, never NaN: no takers (no items), one taker, equal totals, max 0, an unanswered item.
 */
export function itemAnalysis(takers: readonly TestTaker[]): TestStatistics {
  const n = takers.length;
  const itemCount = Math.max(0, ...takers.map((t) => t.items.length));
  const totals = takers.map((t) =>
    t.total === undefined ? toFloat(sumFractions(t.items.map((r) => r?.earned ?? 0))) : toFloat(t.total),
  );
  const groupSize = n < 2 ? 0 : Math.max(1, Math.round(n * DISCRIMINATION_GROUP_SHARE));
  const ranked = takers.map((_, i) => i).sort((a, b) => totals[b]! - totals[a]! || a - b);
  const upper = ranked.slice(0, groupSize);
  const lower = ranked.slice(n - groupSize);

  const earnedColumns: number[][] = [];
  const rightColumns: number[][] = [];
  let dichotomous = true;

  const items = Array.from({ length: itemCount }, (_, index): ItemStatistics => {
    const results = takers.map((t) => t.items[index] ?? null);
    const max = Math.max(0, ...results.map((r) => r?.max ?? 0));
    const answeredBy = results.filter((r): r is ItemResult => r !== null && r.answered !== false);
    const choices: Record<string, number> = {};
    for (const r of answeredBy)
      for (const c of r.choice == null ? [] : typeof r.choice === 'string' ? [r.choice] : r.choice)
        choices[c] = (choices[c] ?? 0) + 1;
    const earned = results.map((r) => (r === null ? 0 : toFloat(r.earned)));
    const stats = { index, max, answered: answeredBy.length, choices };
    if (max > 0) {
      earnedColumns.push(earned);
      rightColumns.push(earned.map((e) => (e === max ? 1 : 0)));
      dichotomous &&= earned.every((e) => e === 0 || e === max);
    }
    if (answeredBy.length === 0 || max === 0) {
      const flags: ItemFlag[] = answeredBy.length === 0 && n > 0 ? ['NOBODY_ANSWERED'] : [];
      return { ...stats, difficulty: null, difficultyLevel: null, discrimination: null, pointBiserial: null, flags };
    }
    const shares = earned.map((e) => e / max);
    const difficulty = tidy(mean(shares));
    const groupMean = (group: number[]) => mean(group.map((i) => shares[i]!));
    const discrimination = groupSize > 0 ? tidy(groupMean(upper) - groupMean(lower)) : null;
    const pointBiserial = pearson(earned, totals);
    const flags: ItemFlag[] = [];
    if (difficulty > 0.9) flags.push('TOO_EASY');
    if (difficulty < 0.1) flags.push('TOO_HARD');
    if (discrimination !== null && discrimination < 0) flags.push('NEGATIVE_DISCRIMINATION');
    else if (discrimination !== null && discrimination < 0.2) flags.push('LOW_DISCRIMINATION');
    if (pointBiserial !== null && pointBiserial < 0) flags.push('NEGATIVE_CORRELATION');
    return {
      ...stats,
      difficulty,
      difficultyLevel: difficultyLevel(difficulty),
      discrimination,
      pointBiserial,
      flags,
    };
  });

  return {
    takers: n,
    groupSize,
    items,
    kr20: dichotomous ? reliability(rightColumns) : null,
    alpha: reliability(earnedColumns),
  };
}

/** An answer of the type with nothing chosen or written (a flag set before answering, a correction of a blank). */
export function emptyResponse(type: QuestionContent['type']): QuestionResponse {
  switch (type) {
    case 'SINGLE':
      return { type, optionId: null };
    case 'MULTIPLE':
      return { type, optionIds: [] };
    case 'TRUE_FALSE':
      return { type, answers: {} };
    case 'MATCHING':
      return { type, pairs: {} };
    default:
      return { type, text: '' };
  }
}
