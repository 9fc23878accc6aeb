import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { Page } from '@mms/shared';
import { AppError } from './errors.ts';
import { clock } from './clock.ts';

export interface XlsxColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | null | undefined;
  width?: number;
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

export async function toXlsx<T>(sheetName: string, columns: XlsxColumn<T>[], rows: T[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'MMS';
  book.created = clock.now();
  const sheet = book.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({
    header: c.header,
    key: String(i),
    width: c.width ?? Math.max(12, c.header.length + 2),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((c) => c.value(row) ?? null));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  return Buffer.from(await book.xlsx.writeBuffer());
}

export function sendXlsx(reply: FastifyReply, filenameBase: string, body: Buffer) {
  const stamp = clock.today();
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${filenameBase}-${stamp}.xlsx"`)
    .header('cache-control', 'no-store')
    .send(body);
}
