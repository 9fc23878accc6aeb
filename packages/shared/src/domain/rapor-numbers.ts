import type { Lang } from './dates.ts';

/** How many decimals the rapor prints its scores with: a unit's grade rules choose it per year (issue 40 §2). */
export const RAPOR_DECIMALS = [0, 1, 2] as const;
export type RaporDecimals = (typeof RAPOR_DECIMALS)[number];
export const DEFAULT_RAPOR_DECIMALS: RaporDecimals = 0;

/**
 * A score (or a percentage) as the rapor prints it: rounded half up to the unit's number of decimals, with the
 * decimal comma in Indonesian (87,5) and the point in English (87.5); '-' when there is none. Whole numbers unless
 * the school chose decimals (issue 40 §2). The PDF and the preview screen both print through this.
 */
export function raporScoreText(n: number | null | undefined, decimals: number, lang: Lang): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '-';
  const d = Math.min(2, Math.max(0, Math.trunc(decimals)));
  // shifting by the exponent in text keeps 87.45 exactly 874.5 (87.45 * 10 in floating point is 874.4999...)
  // (a number JavaScript writes with an exponent, 1e-7, shifts by multiplication)
  const a = Math.abs(n);
  const shifted = Math.round(String(a).includes('e') ? a * 10 ** d : Number(`${a}e${d}`));
  const text = (Math.sign(n) * Number(`${shifted}e-${d}`)).toFixed(d);
  return lang === 'id' ? text.replace('.', ',') : text;
}
