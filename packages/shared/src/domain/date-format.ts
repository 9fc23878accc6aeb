/**
 * How a date reads on every screen and in every message: `25 November 2026` (long) or `25/11/2026` (short),
 * never the ISO form. No dayjs here: the sign-in bundle imports it.
 */
export type DateLanguage = 'id' | 'en';

/** The months' names in both languages (one list for every paper and screen). */
export const MONTHS: Record<DateLanguage, readonly string[]> = {
  id: [
    'Januari',
    'Februari',
    'Maret',
    'April',
    'Mei',
    'Juni',
    'Juli',
    'Agustus',
    'September',
    'Oktober',
    'November',
    'Desember',
  ],
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
};
const WEEKDAYS: Record<DateLanguage, readonly string[]> = {
  id: ['Minggu', 'Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu'],
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
};

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * A `YYYY-MM-DD` (or the date part of an ISO instant, as written) as `25 November 2026` (`long`),
 * `Rabu, 25 November 2026` (`weekday`) or `25/11/2026` (`short`). Anything else is returned unchanged;
 * null and undefined become ''.
 */
export function formatDate(
  date: string | null | undefined,
  language: DateLanguage = 'id',
  style: 'long' | 'short' | 'weekday' = 'long',
): string {
  if (!date) return '';
  const m = ISO_DATE.exec(date);
  if (!m) return date;
  const [, y, mo, d] = m;
  const month = Number(mo);
  if (month < 1 || month > 12) return date;
  if (style === 'short') return `${d}/${mo}/${y}`;
  const long = `${Number(d)} ${MONTHS[language][month - 1]} ${y}`;
  if (style === 'long') return long;
  const weekday = new Date(Date.UTC(Number(y), month - 1, Number(d))).getUTCDay();
  return `${WEEKDAYS[language][weekday]}, ${long}`;
}

/** A `YYYY-MM-DD`..`YYYY-MM-DD` range as `1–7 Desember 2026` style text: `1 Desember 2026 – 7 Desember 2026`. */
export const formatDateRange = (from: string, to: string, language: DateLanguage = 'id'): string =>
  from === to ? formatDate(from, language) : `${formatDate(from, language)} – ${formatDate(to, language)}`;

/** Is this text an ISO date (the form a person must never see)? */
export const looksLikeIsoDate = (text: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(text);

/**
 * What a person types in a date field, as `YYYY-MM-DD`: `25/11/2026`, `25-11-2026`, `25.11.2026`, `5/1/2027`
 * (day first, the Indonesian order) or the ISO form itself. Null when it is not a real day (no 30/02).
 */
export function parseDateText(text: string): string | null {
  const t = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  const parts = iso ? [iso[1], iso[2], iso[3]] : dmy ? [dmy[3], dmy[2], dmy[1]] : null;
  if (!parts) return null;
  const [y, m, d] = parts.map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
