import {
  DIVISION_LABELS,
  DIVISIONS,
  formatDate,
  formatDateTime,
  formatDateRange,
  formatMonth,
  formatPeriod,
  looksLikeInstant,
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

/**
 * A date (`YYYY-MM-DD`) or a timestamp as `25 November 2026` (long) or `25/11/2026` (short); a timestamp reads
 * its Jakarta day (shared `jakartaDay`), never the UTC date: pass the timestamp itself, never `.slice(0, 10)`.
 */
export const dateText = (date: string | null | undefined, style: 'long' | 'short' | 'weekday' = 'long'): string =>
  date ? formatDate(date, displayLanguage(), style) : '';

/** An instant as the school reads it, in Jakarta time: `25/11/2026 07.30` (`07:30` in English). */
export const dateTimeText = (iso: string | null | undefined, language: 'id' | 'en' = 'id'): string =>
  formatDateTime(iso, language);

/** A month `YYYY-MM` as `Juli 2026` (`July 2026` in English), never `2026-07`. */
export const monthText = (month: string | null | undefined): string => formatMonth(month, displayLanguage());

/** A bill's period as `Juli 2026`, `Juli 2026 #2` (an instalment), `2026/2027` or `Sekali #1`. */
export const periodText = (bill: { period: string; instalment?: number }): string =>
  formatPeriod(bill, displayLanguage());

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

/** A table cell without a render of its own: an ISO date becomes a date, a timestamp its Jakarta date and time. */
export function cellText(value: unknown): ReactNode {
  if (typeof value === 'string' && looksLikeIsoDate(value)) return dateText(value, 'short');
  if (typeof value === 'string' && looksLikeInstant(value)) return dateTimeText(value, displayLanguage());
  return value as ReactNode;
}

type DisplayColumn<T> = { accessor: unknown; render?: (row: T, index: number) => ReactNode };

/** Columns of a table with the default cell rendering (dates never ISO) for those without a render. */
export function withDisplayCells<T, C extends DisplayColumn<T> = DisplayColumn<T>>(columns: C[]): C[] {
  return columns.map((c) =>
    c.render ? c : { ...c, render: (row: T) => cellText((row as Record<string, unknown>)[String(c.accessor)]) },
  );
}
