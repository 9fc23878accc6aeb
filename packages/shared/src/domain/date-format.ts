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
/** An instant: a date, a time and its offset (`Z` or `+07:00`), as the API and JSON write timestamps. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/i;
const JAKARTA_OFFSET_MS = 7 * 60 * 60_000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
// PostgreSQL's text form `2026-12-01 22:42:00+00` as JavaScript reads it
const instantOf = (text: string) => new Date(text.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));

/**
 * The school day (the Jakarta calendar date, WIB = UTC+7 all year) of a timestamp: an instant `Date`, or a text
 * with an offset (`2026-12-01T22:42:00Z` is `2026-12-02`, 05:42 WIB). A `YYYY-MM-DD`, and a date and time
 * without an offset (already the school's wall clock), keep the date written. Never the UTC date of
 * `toISOString()`. Anything else is returned unchanged ('' for null, undefined and an invalid `Date`).
 */
export function jakartaDay(value: Date | string | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') {
    if (!ISO_INSTANT.test(value)) return ISO_DATE.exec(value)?.[0] ?? value;
    value = instantOf(value);
  }
  const ms = value.getTime();
  if (Number.isNaN(ms)) return '';
  const wall = new Date(ms + JAKARTA_OFFSET_MS);
  return `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
}

/**
 * A `YYYY-MM-DD` or a timestamp (its Jakarta date, see `jakartaDay`) as `25 November 2026` (`long`),
 * `Rabu, 25 November 2026` (`weekday`) or `25/11/2026` (`short`). Anything else is returned unchanged;
 * null and undefined become ''.
 */
export function formatDate(
  value: string | Date | null | undefined,
  language: DateLanguage = 'id',
  style: 'long' | 'short' | 'weekday' = 'long',
): string {
  if (!value) return '';
  const date = jakartaDay(value);
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

/**
 * A timestamp as the school reads it, in Jakarta time: `02/12/2026 05.42` (`05:42` in English); '' for what is no
 * timestamp with an offset.
 */
export function formatDateTime(value: Date | string | null | undefined, language: DateLanguage = 'id'): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && !ISO_INSTANT.test(value)) return '';
  const at = typeof value === 'string' ? instantOf(value) : value;
  if (Number.isNaN(at.getTime())) return '';
  const wall = new Date(at.getTime() + JAKARTA_OFFSET_MS);
  const hm = `${pad(wall.getUTCHours())}${language === 'en' ? ':' : '.'}${pad(wall.getUTCMinutes())}`;
  return `${formatDate(at, language, 'short')} ${hm}`;
}

/** A month `YYYY-MM` (or a date's month) as `Juli 2026` / `July 2026`: how a bill's period reads, never `2026-07`. */
export function formatMonth(month: string | null | undefined, language: DateLanguage = 'id'): string {
  if (!month) return '';
  const m = /^(\d{4})-(\d{2})(?:-\d{2})?$/.exec(month);
  const index = m ? Number(m[2]) - 1 : -1;
  return m && index >= 0 && index < 12 ? `${MONTHS[language][index]} ${m[1]}` : month;
}

const ONCE: Record<DateLanguage, string> = { id: 'Sekali', en: 'Once' };

/**
 * A bill's period as a person reads it: a month `2026-07` as `Juli 2026` / `July 2026`, a school year `2026/2027`
 * as it is, a one-off (`ONCE`) as `Sekali` / `Once`; given its instalment, a later one (or a one-off's) adds its
 * number: `#2`.
 */
export function formatPeriod(bill: { period: string; instalment?: number }, language: DateLanguage = 'id'): string {
  const text = bill.period === 'ONCE' ? ONCE[language] : formatMonth(bill.period, language);
  const n = bill.instalment;
  return n !== undefined && (n > 1 || bill.period === 'ONCE') ? `${text} #${n}` : text;
}

/** A `YYYY-MM-DD`..`YYYY-MM-DD` range as `1–7 Desember 2026` style text: `1 Desember 2026 – 7 Desember 2026`. */
export const formatDateRange = (from: string, to: string, language: DateLanguage = 'id'): string =>
  from === to ? formatDate(from, language) : `${formatDate(from, language)} – ${formatDate(to, language)}`;

/** Is this text a timestamp with its offset (`2026-12-01T22:42:00Z`), the other form a person must never see? */
export const looksLikeInstant = (text: string): boolean => ISO_INSTANT.test(text);

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
