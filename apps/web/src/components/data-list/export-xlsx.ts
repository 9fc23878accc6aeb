import i18next from 'i18next';
import { formatDate, longDate, looksLikeInstant, looksLikeIsoDate, type Lang } from '@mms/shared';
import { isValidElement, type ReactNode } from 'react';
import { serverToday } from '../../lib/clock.ts';
import '../../i18n/list/index.ts';

export interface ExportColumn<T> {
  title: string;
  value: (row: T) => string | number | null | undefined;
}

/**
 * A value as an export cell writes it: numbers stay numbers, an ISO date or a timestamp reads 25/11/2026 (a
 * timestamp's Jakarta day), nothing is ''.
 */
export function exportCell(value: unknown): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value;
  const text = String(value);
  return looksLikeIsoDate(text) || looksLikeInstant(text) ? formatDate(text, readerLang(), 'short') : text;
}

/**
 * The text a rendered cell shows, read from its elements (a Badge's label, a fragment's strings); null when a
 * part is a component of its own whose text cannot be known without rendering it.
 */
export function textOf(node: ReactNode): string | number | null {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'number') return node;
  if (typeof node === 'string') return exportCell(node);
  if (Array.isArray(node)) {
    const parts = node.map(textOf);
    return parts.includes(null) ? null : parts.join('');
  }
  if (isValidElement<{ children?: ReactNode }>(node)) {
    if (typeof node.type === 'function' && !isMantineComponent(node.type)) return null;
    return textOf(node.props.children);
  }
  return null;
}

/** Mantine's components (Badge, Text, Group...) show their children; a component of the app may show anything. */
const isMantineComponent = (type: unknown): boolean =>
  typeof type === 'function' && typeof (type as { extend?: unknown }).extend === 'function';

/** What an export says above its table: its title and the filters it was made with (label, value), translated. */
export interface ExportHeading {
  title: string;
  filters?: readonly (readonly [label: string, value: string])[];
}

/** The language the person reads MMS in (Indonesian unless they chose English). */
export const readerLang = (): Lang => (i18next.language === 'en' ? 'en' : 'id');

/**
 * The lines above an export's table, the same as the server's exports write: the title; "Filter: Kelas: 7A;
 * Pencarian: budi" (or "Filter: tanpa filter"); "Dicetak: 25 November 2026" on the school's date.
 */
export function exportHeadingLines(heading: ExportHeading, lang: Lang, today: string): string[] {
  const t = i18next.getFixedT(lang);
  const filters = heading.filters?.length
    ? heading.filters
        .map(([label, value]) => `${label}: ${looksLikeIsoDate(value) ? formatDate(value, lang) : value}`)
        .join('; ')
    : t('list.exportNoFilters');
  return [
    heading.title,
    `${t('list.exportFilters')}: ${filters}`,
    `${t('list.exportPrinted')}: ${longDate(today, lang)}`,
  ];
}

/** Rows before the table's header row: the three heading lines and a blank one. */
export const HEADING_ROWS = 4;

/** A sheet name Excel accepts: at most 31 characters, none of : \ / ? * [ ]. */
export const sheetName = (title: string) => title.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Data';

function save(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Downloads the server's Excel export of a list (`GET <list url>/export?<filters>`); the server writes the
 * heading and the headers in the language asked for, which is the language chosen in MMS (not the browser's).
 */
export async function downloadServerExport(
  path: string,
  query: Record<string, string | number>,
  fileName: string,
  endpoint = 'export',
): Promise<void> {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await fetch(`/api/v1${path}/${endpoint}?${params}`, {
    credentials: 'same-origin',
    headers: { 'accept-language': readerLang() },
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  save(await res.blob(), fileName);
}

/** The workbook of a browser-built export: the heading lines, the header row, the rows. */
export async function buildClientWorkbook<T>(heading: ExportHeading, columns: ExportColumn<T>[], rows: T[]) {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet(sheetName(heading.title), { views: [{ state: 'frozen', ySplit: HEADING_ROWS + 1 }] });
  const [title, filters, printed] = exportHeadingLines(heading, readerLang(), serverToday());
  ws.addRow([title]).font = { bold: true, size: 14 };
  ws.addRow([filters]);
  ws.addRow([printed]);
  ws.addRow([]);
  ws.addRow(columns.map((c) => c.title)).font = { bold: true };
  for (const row of rows) ws.addRow(columns.map((c) => exportCell(c.value(row))));
  columns.forEach((c, i) => {
    ws.getColumn(i + 1).width = Math.min(50, Math.max(10, c.title.length + 2));
  });
  return book;
}

/** Builds the .xlsx in the browser; exceljs is loaded only when someone exports. */
export async function downloadClientXlsx<T>(
  heading: ExportHeading,
  columns: ExportColumn<T>[],
  rows: T[],
  fileName: string,
): Promise<void> {
  const book = await buildClientWorkbook(heading, columns, rows);
  const buffer = await book.xlsx.writeBuffer();
  save(new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), fileName);
}
