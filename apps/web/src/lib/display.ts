import {
  DIVISION_LABELS,
  DIVISIONS,
  formatDate,
  formatDateRange,
  jakartaDate,
  looksLikeIsoDate,
  type Division,
} from '@mms/shared';
import i18next from 'i18next';
import type { ReactNode } from 'react';

/**
 * How values read on every screen: dates as `25 November 2026` or `25/11/2026` (never ISO), codes as their
 * labels. Each function reads the chosen language at render time.
 */
export const displayLanguage = (): 'id' | 'en' => (i18next.language === 'en' ? 'en' : 'id');

/** The school day (Jakarta) of an ISO instant; a `YYYY-MM-DD` stays as it is. */
const dayOf = (date: string): string => {
  if (date.length <= 10) return date;
  const instant = new Date(date);
  return Number.isNaN(instant.getTime()) ? date : jakartaDate(instant);
};

/** A date (`YYYY-MM-DD` or an ISO instant) as `25 November 2026` (long) or `25/11/2026` (short). */
export const dateText = (date: string | null | undefined, style: 'long' | 'short' | 'weekday' = 'long'): string =>
  date ? formatDate(dayOf(date), displayLanguage(), style) : '';

// made on first use: building a formatter with a time zone loads the zone's data, ~30 ms of a phone's CPU that a
// screen without times (most lists) should not pay when this module loads
let timeFormat: Intl.DateTimeFormat | undefined;
const time = (at: Date) =>
  (timeFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Jakarta',
    hour: '2-digit',
    minute: '2-digit',
  })).format(at);

/** An instant as the school reads it, in Jakarta time: `25/11/2026 07.30` (`07:30` in English). */
export function dateTimeText(iso: string | null | undefined, language: 'id' | 'en' = 'id'): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const hm = time(at);
  return `${dateText(jakartaDate(at), 'short')} ${language === 'en' ? hm : hm.replace(':', '.')}`;
}

/** A range of dates: one date when both ends are the same day. */
export const dateRangeText = (from: string, to: string | null | undefined): string =>
  formatDateRange(from, to ?? from, displayLanguage());

/** L/P as the school writes it (L/P) in Indonesian, M/F in English; `long`: Laki-laki / Male. */
export function genderText(gender: string | null | undefined, style: 'short' | 'long' = 'short'): string {
  if (gender !== 'L' && gender !== 'P') return '–';
  if (style === 'long') return i18next.t(`school.genders.${gender}`);
  return displayLanguage() === 'en' ? (gender === 'L' ? 'M' : 'F') : gender;
}

const isDivision = (value: string): value is Division => (DIVISIONS as readonly string[]).includes(value);

/** A division code as its label; a position (jabatan) that holds a division code shows that label too. */
export const divisionText = (value: string | null | undefined): string =>
  !value ? '–' : isDivision(value) ? DIVISION_LABELS[value][displayLanguage()] : value;

/** A table cell without a render of its own: an ISO date becomes a date, anything else stays. */
export function cellText(value: unknown): ReactNode {
  if (typeof value === 'string' && looksLikeIsoDate(value)) return dateText(value, 'short');
  return value as ReactNode;
}

type DisplayColumn<T> = { accessor: unknown; render?: (row: T, index: number) => ReactNode };

/** Columns of a table with the default cell rendering (dates never ISO) for those without a render. */
export function withDisplayCells<T, C extends DisplayColumn<T> = DisplayColumn<T>>(columns: C[]): C[] {
  return columns.map((c) =>
    c.render ? c : { ...c, render: (row: T) => cellText((row as Record<string, unknown>)[String(c.accessor)]) },
  );
}
