/**
 * The scoring of a counselling instrument (tes minat & kepribadian): pure rules, no side effects, shared by the
 * server (which scores a submitted attempt) and the web (which checks the editor's definition before saving).
 */

export const INSTRUMENT_KINDS = [
  'multiple-intelligence',
  'interest-exploration',
  'job-interest',
  'education-job',
  'life-values',
  'self-understanding',
] as const;
export type InstrumentKind = (typeof INSTRUMENT_KINDS)[number];

/** LIKERT5: 1 (sangat tidak setuju) to 5 (sangat setuju); YES_NO: 0 or 1; CHOICE: the index of an option. */
export const INSTRUMENT_ITEM_TYPES = ['LIKERT5', 'YES_NO', 'CHOICE'] as const;
export type InstrumentItemType = (typeof INSTRUMENT_ITEM_TYPES)[number];

/** How a scale's points become its score: the sum, the mean per item, or the percent of the most possible. */
export const SCALE_SCORINGS = ['SUM', 'MEAN', 'PERCENT'] as const;
export type ScaleScoring = (typeof SCALE_SCORINGS)[number];

export interface ScaleBand {
  from: number;
  to: number;
  label: string;
  interpretation: string;
}

export interface ScoringScale {
  code: string;
  name: string;
  scoring: ScaleScoring;
  bands: readonly ScaleBand[];
}

export interface ChoiceOption {
  label: string;
  scaleCode: string;
}

export interface ScoringItem {
  id: number;
  type: InstrumentItemType;
  /** the scale a Likert or yes/no item counts for (null for a choice item: each option names its scale) */
  scaleCode: string | null;
  reversed: boolean;
  weight: number;
  options: readonly ChoiceOption[];
}

export interface ScaleScore {
  code: string;
  name: string;
  /** the points gathered */
  raw: number;
  /** the most points the answered items could give */
  max: number;
  /** the score by the scale's scoring (two decimals for a mean) */
  score: number;
  band: { label: string; interpretation: string } | null;
}

export interface InstrumentProfile {
  scales: ScaleScore[];
  /** the codes of the strongest scales (by share of their maximum), at most three */
  top: string[];
}

/** Whether `value` is a possible answer of the item. */
export function isValidAnswer(item: Pick<ScoringItem, 'type' | 'options'>, value: number): boolean {
  if (!Number.isInteger(value)) return false;
  if (item.type === 'LIKERT5') return value >= 1 && value <= 5;
  if (item.type === 'YES_NO') return value === 0 || value === 1;
  return value >= 0 && value < item.options.length;
}

/** What one answer adds to which scale, and the most it could have added. */
function contributions(item: ScoringItem, value: number | undefined) {
  if (item.type === 'CHOICE') {
    const codes = [...new Set(item.options.map((o) => o.scaleCode))];
    return codes.map((code) => ({
      code,
      points: value !== undefined && item.options[value]?.scaleCode === code ? item.weight : 0,
      max: item.weight,
    }));
  }
  if (!item.scaleCode) return [];
  if (item.type === 'LIKERT5') {
    const points = value === undefined ? 0 : (item.reversed ? 6 - value : value) * item.weight;
    return [{ code: item.scaleCode, points, max: 5 * item.weight }];
  }
  const points = value === undefined ? 0 : (item.reversed ? 1 - value : value) * item.weight;
  return [{ code: item.scaleCode, points, max: item.weight }];
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The band whose from-to holds the score (inclusive), or null. */
export function bandOf(bands: readonly ScaleBand[], score: number): ScaleBand | null {
  return bands.find((b) => score >= b.from && score <= b.to) ?? null;
}

/**
 * A student's profile from their answers (item id -> value). Unanswered items count nothing; invalid answers
 * are the caller's to refuse before (`isValidAnswer`).
 */
export function scoreProfile(
  scales: readonly ScoringScale[],
  items: readonly ScoringItem[],
  answers: ReadonlyMap<number, number>,
): InstrumentProfile {
  const sums = new Map(scales.map((s) => [s.code, { raw: 0, max: 0, count: 0 }]));
  for (const item of items) {
    const value = answers.get(item.id);
    for (const c of contributions(item, value)) {
      const sum = sums.get(c.code);
      if (!sum) continue;
      sum.raw += c.points;
      if (value !== undefined) {
        sum.max += c.max;
        sum.count += c.max > 0 ? item.weight : 0;
      }
    }
  }
  const result = scales.map((s) => {
    const { raw, max, count } = sums.get(s.code)!;
    const score =
      s.scoring === 'SUM'
        ? raw
        : s.scoring === 'MEAN'
          ? count
            ? round2(raw / count)
            : 0
          : max
            ? Math.round((raw / max) * 100)
            : 0;
    const band = bandOf(s.bands, score);
    return {
      code: s.code,
      name: s.name,
      raw,
      max,
      score,
      band: band ? { label: band.label, interpretation: band.interpretation } : null,
    };
  });
  return { scales: result, top: topScales(result) };
}

/** The strongest scales by share of their maximum (ties keep the instrument's order), at most `n`. */
export function topScales(scores: readonly Pick<ScaleScore, 'code' | 'raw' | 'max'>[], n = 3): string[] {
  return scores
    .map((s, i) => ({ code: s.code, share: s.max ? s.raw / s.max : 0, i }))
    .filter((s) => s.share > 0)
    .sort((a, b) => b.share - a.share || a.i - b.i)
    .slice(0, n)
    .map((s) => s.code);
}

export interface DefinitionScale {
  code: string;
  name: string;
  scoring: ScaleScoring;
  bands: readonly ScaleBand[];
}

export interface DefinitionItem {
  text: string;
  type: InstrumentItemType;
  scaleCode?: string | null;
  reversed: boolean;
  weight: number;
  options: readonly ChoiceOption[];
}

/**
 * What is wrong with an instrument's scales and items, keyed by field path ("items.3.scaleCode"), in Indonesian:
 * the one check of the editor (web) and of the save (contract). Empty when the definition can be saved.
 */
export function definitionProblems(def: {
  scales: readonly DefinitionScale[];
  items: readonly DefinitionItem[];
}): Record<string, string> {
  const problems: Record<string, string> = {};
  const codes = new Set<string>();
  def.scales.forEach((s, i) => {
    if (codes.has(s.code)) problems[`scales.${i}.code`] = 'Kode skala sudah dipakai skala lain';
    codes.add(s.code);
    const bands = [...s.bands].map((b, j) => ({ ...b, j })).sort((a, b) => a.from - b.from);
    for (const b of s.bands) {
      if (b.from > b.to) problems[`scales.${i}.bands`] = 'Batas bawah rentang lebih besar dari batas atas';
    }
    for (let k = 1; k < bands.length; k++) {
      if (bands[k]!.from <= bands[k - 1]!.to) problems[`scales.${i}.bands`] = 'Rentang kategori saling tumpang tindih';
    }
  });
  def.items.forEach((item, i) => {
    if (item.type === 'CHOICE') {
      if (item.options.length < 2) problems[`items.${i}.options`] = 'Butir pilihan memerlukan minimal 2 opsi';
      else if (item.options.some((o) => !codes.has(o.scaleCode))) {
        problems[`items.${i}.options`] = 'Setiap opsi harus menunjuk skala yang ada';
      }
    } else if (!item.scaleCode || !codes.has(item.scaleCode)) {
      problems[`items.${i}.scaleCode`] = 'Pilih skala yang ada untuk butir ini';
    }
  });
  if (def.scales.length && def.items.length) {
    const used = new Set(
      def.items.flatMap((it) => (it.type === 'CHOICE' ? it.options.map((o) => o.scaleCode) : [it.scaleCode ?? ''])),
    );
    def.scales.forEach((s, i) => {
      if (!used.has(s.code)) problems[`scales.${i}.code`] ??= 'Skala ini belum punya butir';
    });
  }
  return problems;
}
