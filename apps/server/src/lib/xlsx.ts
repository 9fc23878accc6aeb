import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import {
  formatDate,
  formatDateTime,
  longDate,
  looksLikeInstant,
  looksLikeIsoDate,
  type Lang,
  type Page,
} from '@mms/shared';
import { AppError } from './errors.ts';
import { clock } from './clock.ts';
import type { Bilingual } from './lang.ts';

export interface XlsxColumn<T> {
  header: Bilingual;
  /** a date (`YYYY-MM-DD`) or a timestamp is written as the school reads it (`xlsxCell`) */
  value: (row: T, lang: Lang) => CellValue;
  width?: number;
}

/** What a paper says above its table: the title, the filters used (label and value), in the reader's language. */
export interface XlsxHeading {
  lang: Lang;
  sheet: Bilingual;
  title: Bilingual;
  /** the filters the list was asked with, already in the reader's language; empty = none */
  filters: readonly (readonly [label: string, value: string])[];
}

/** The most rows one export may hold; a larger one asks the user to narrow the filters. */
export const EXPORT_MAX_ROWS = 20_000;
const PAGE = 200;

/**
 * Collects every row of a paged list through the same function (and so the same access rules
 * and filters) the screen uses.
 */
export async function collectAll<T>(fetchPage: (page: number, pageSize: number) => Promise<Page<T>>): Promise<T[]> {
  const first = await fetchPage(1, PAGE);
  if (first.total > EXPORT_MAX_ROWS) {
    throw new AppError(
      'UNPROCESSABLE',
      `Data terlalu banyak untuk diekspor (${first.total} baris, maksimal ${EXPORT_MAX_ROWS}); persempit filter`,
    );
  }
  const rows = [...first.items];
  for (let page = 2; rows.length < first.total; page++) {
    const next = await fetchPage(page, PAGE);
    if (next.items.length === 0) break;
    rows.push(...next.items);
  }
  return rows;
}

const WORDS = {
  id: { filters: 'Filter', none: 'tanpa filter', printed: 'Dicetak' },
  en: { filters: 'Filters', none: 'none', printed: 'Printed' },
} as const;

/** A filter's value as the heading writes it: a date asked (`from=2026-11-01`) as `1 November 2026`. */
const filterValue = (value: string, lang: Lang) => (looksLikeIsoDate(value) ? formatDate(value, lang) : value);

/**
 * The lines above an export's table, the same in the server's and the browser's exports:
 * title; "Filter: Unit: SMP; Status: Aktif"; "Dicetak: 25 November 2026" (the school's date).
 */
export function headingLines(heading: Omit<XlsxHeading, 'sheet'>, today: string): string[] {
  const w = WORDS[heading.lang];
  const filters = heading.filters.length
    ? heading.filters.map(([label, value]) => `${label}: ${filterValue(value, heading.lang)}`).join('; ')
    : w.none;
  return [heading.title[heading.lang], `${w.filters}: ${filters}`, `${w.printed}: ${longDate(today, heading.lang)}`];
}

/** Rows of the heading before the table (title, filters, printed, a blank line). */
export const HEADING_ROWS = 4;

type CellValue = string | number | boolean | null | undefined;

/**
 * A value as an export's cell writes it, the same as the browser's exports: a `YYYY-MM-DD` reads `02/12/2026`, a
 * timestamp its Jakarta date and time (`02/12/2026 05.42`), never the ISO (UTC) text; anything else as it is.
 */
export function xlsxCell(value: CellValue, lang: Lang): string | number | boolean | null {
  if (typeof value !== 'string') return value ?? null;
  if (looksLikeIsoDate(value)) return formatDate(value, lang, 'short');
  if (looksLikeInstant(value)) return formatDateTime(value, lang);
  return value;
}

/** One sheet of a workbook: its heading, columns and rows (`toXlsxBook`). */
export interface XlsxSheet {
  heading: XlsxHeading;
  write: (book: ExcelJS.Workbook) => void;
}

/** A sheet with the heading above its table, the header row frozen and filtered. */
export function xlsxSheet<T>(heading: XlsxHeading, columns: XlsxColumn<T>[], rows: T[]): XlsxSheet {
  const write = (book: ExcelJS.Workbook) => {
    const { lang } = heading;
    const headerRow = HEADING_ROWS + 1;
    const sheet = book.addWorksheet(heading.sheet[lang].slice(0, 31), {
      views: [{ state: 'frozen', ySplit: headerRow }],
    });
    const [title, filters, printed] = headingLines(heading, clock.today());
    sheet.addRow([title]).font = { bold: true, size: 14 };
    sheet.addRow([filters]);
    sheet.addRow([printed]);
    sheet.addRow([]);
    sheet.addRow(columns.map((c) => c.header[lang])).font = { bold: true };
    columns.forEach((c, i) => {
      sheet.getColumn(i + 1).width = c.width ?? Math.max(12, c.header[lang].length + 2);
    });
    for (const row of rows) sheet.addRow(columns.map((c) => xlsxCell(c.value(row, lang), lang)));
    sheet.autoFilter = { from: { row: headerRow, column: 1 }, to: { row: headerRow, column: columns.length } };
  };
  return { heading, write };
}

/** A workbook of several sheets, each with its own heading (a paper of more than one table). */
export async function toXlsxBook(sheets: readonly XlsxSheet[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'MMS';
  book.created = clock.now();
  for (const s of sheets) s.write(book);
  return Buffer.from(await book.xlsx.writeBuffer());
}

export async function toXlsx<T>(heading: XlsxHeading, columns: XlsxColumn<T>[], rows: T[]): Promise<Buffer> {
  return toXlsxBook([xlsxSheet(heading, columns, rows)]);
}

export function sendXlsx(reply: FastifyReply, filenameBase: string, body: Buffer) {
  const stamp = clock.today();
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${filenameBase}-${stamp}.xlsx"`)
    .header('cache-control', 'no-store')
    .header('vary', 'Accept-Language')
    .send(body);
}
