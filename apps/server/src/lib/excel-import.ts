/**
 * The one mechanism of every Excel import (students, employees, the calendar): the template to fill
 * (`importTemplate`) and the pipeline that reads an upload (`runImport`): the workbook read with the size and
 * bomb guards -> each filled row parsed against the column definitions -> every bad row collected with its row
 * number and Indonesian message -> all rows written in one transaction, or none -> the audit entry.
 * An import configures it with its columns and its write step; its routes come from `excel-import.routes.ts`.
 */
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import { importFieldKey } from '@mms/shared';
import type { Database, Executor } from '../db/client.ts';
import { audit, type AuditActor, type AuditEntryInput } from './audit.ts';
import { guarded } from './db-errors.ts';
import { badRequest } from './errors.ts';
import { assertSafeZip } from './zip-guard.ts';

/**
 * What one import may hold: a school's whole roll is a few thousand rows and a few megabytes of sheet;
 * anything past these is refused before it is parsed (decompression bombs included).
 */
export const IMPORT_LIMITS = { maxEntries: 200, maxTotalBytes: 16 * 1024 * 1024, maxRows: 5_000 };

/** One column of an import workbook: `key` is the contract field, a "*" after the header marks it required. */
export interface ImportColumn<K extends string = string> {
  readonly key: K;
  readonly header: string;
  readonly required: boolean;
}

const normalHeader = (h: string) => h.replace(/\*/g, '').replace(/\s+/g, ' ').trim().toLowerCase();

/** A cell as text: dates as YYYY-MM-DD, formulas by their result, rich text joined. */
export function cellText(value: ExcelJS.CellValue): string | undefined {
  if (value === null || value === undefined) return undefined;
  // an Excel date cell is the calendar day written at UTC midnight (no time zone), so its UTC date is that day
  // eslint-disable-next-line no-restricted-syntax
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    return undefined;
  }
  const text = String(value).trim();
  return text === '' ? undefined : text;
}

export interface TemplateOptions<K extends string> {
  /** a filled example row, shown on the instructions sheet (never on the data sheet, so it is never imported) */
  example?: Partial<Record<K, string>>;
  /** the allowed values of coded columns: each such column gets a dropdown that refuses other values */
  lists?: Partial<Record<K, readonly string[]>>;
  /** data rows already filled (an export that can be imported again) */
  rows?: readonly Partial<Record<K, string | number>>[];
}

const columnLetter = (n: number) => {
  let s = '';
  for (let i = n; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + ((i - 1) % 26)) + s;
  return s;
};

/**
 * The workbook to fill: one header row (required columns marked "*"), text columns formatted as text, a dropdown
 * on every coded column (its values on a hidden "Daftar" sheet), and an instructions sheet with an example row.
 */
export async function importTemplate<K extends string>(
  sheetName: string,
  columns: readonly ImportColumn<K>[],
  textColumns: readonly K[],
  notes: string[],
  options: TemplateOptions<K> = {},
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'MMS';
  const sheet = book.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    header: c.required ? `${c.header}*` : c.header,
    key: c.key,
    width: Math.max(14, c.header.length + 3),
    style: textColumns.includes(c.key) ? { numFmt: '@' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of options.rows ?? []) sheet.addRow(columns.map((c) => row[c.key] ?? null));
  const guide = book.addWorksheet('Petunjuk');
  guide.addRows(notes.map((n) => [n]));
  if (options.example) {
    guide.addRow([]);
    guide.addRow(['Contoh pengisian (salin ke lembar pertama mulai baris 2):']).font = { bold: true };
    guide.addRow(columns.map((c) => (c.required ? `${c.header}*` : c.header))).font = { bold: true };
    guide.addRow(columns.map((c) => options.example?.[c.key] ?? ''));
  }
  const lists = Object.entries(options.lists ?? {}) as [K, readonly string[]][];
  if (lists.length) {
    const values = book.addWorksheet('Daftar', { state: 'hidden' });
    lists.forEach(([key, items], i) => {
      const letter = columnLetter(i + 1);
      items.forEach((item, r) => (values.getCell(`${letter}${r + 1}`).value = item));
      const at = columns.findIndex((c) => c.key === key) + 1;
      if (at === 0 || !items.length) return;
      const target = columnLetter(at);
      const header = columns[at - 1]!.header;
      // the dataValidations collection takes a range (one rule for the column, not one per cell)
      (
        sheet as unknown as { dataValidations: { add: (range: string, rule: ExcelJS.DataValidation) => void } }
      ).dataValidations.add(`${target}2:${target}${IMPORT_LIMITS.maxRows + 1}`, {
        type: 'list',
        allowBlank: true,
        formulae: [`Daftar!$${letter}$1:$${letter}$${items.length}`],
        showErrorMessage: true,
        errorTitle: header,
        error: `Pilih salah satu isian ${header} dari daftar`,
      });
    });
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * Reads the first sheet of an uploaded workbook: matches the header row against `columns`
 * (refusing a file without a required column) and returns every filled row as text by column key.
 */
export async function readImportSheet<K extends string>(
  file: Buffer,
  columns: readonly ImportColumn<K>[],
  templateHint: string,
) {
  assertSafeZip(file, IMPORT_LIMITS);
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw badRequest('Berkas bukan Excel (.xlsx) yang valid', { file: 'Unggah berkas .xlsx dari template' });
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw badRequest('Berkas Excel tidak berisi lembar kerja', { file: 'Lembar kosong' });
  if (sheet.rowCount > IMPORT_LIMITS.maxRows + 1) {
    throw badRequest(`Paling banyak ${IMPORT_LIMITS.maxRows} baris data per berkas; bagi menjadi beberapa berkas`, {
      file: 'Terlalu banyak baris',
    });
  }

  const columnOf = new Map<K, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    const header = normalHeader(cellText(cell.value) ?? '');
    const match = columns.find(
      (c) => normalHeader(c.header) === header || normalHeader(c.header).split(' (')[0] === header,
    );
    if (match) columnOf.set(match.key, col);
  });
  const missing = columns.filter((c) => c.required && !columnOf.has(c.key));
  if (missing.length) {
    throw badRequest(`Kolom wajib tidak ada: ${missing.map((c) => c.header).join(', ')}`, { file: templateHint });
  }
  const rows: { row: number; raw: Partial<Record<K, string>> }[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const excelRow = sheet.getRow(r);
    const raw: Partial<Record<K, string>> = {};
    for (const [key, col] of columnOf) {
      const text = cellText(excelRow.getCell(col).value);
      if (text !== undefined) raw[key] = text;
    }
    if (Object.keys(raw).length) rows.push({ row: r, raw });
  }
  return { rows, hasColumn: (key: K) => columnOf.has(key) };
}

/**
 * Collects problems keyed "baris <row>: <column>" (the first per cell) and throws them all as one 400.
 * `fieldKey` names the place otherwise (the question import says "soal <n>: <field>").
 */
export function importProblems<K extends string>(
  columns: readonly ImportColumn<K>[],
  fieldKey: (row: number, column: string) => string = importFieldKey,
) {
  const errors: Record<string, string> = {};
  const headerOf = (key: K) => columns.find((c) => c.key === key)!.header;
  return {
    headerOf,
    fail(row: number, key: K | 'row', reason: string) {
      errors[fieldKey(row, key === 'row' ? 'Baris' : headerOf(key))] ??= reason;
    },
    get count() {
      return Object.keys(errors).length;
    },
    throwIfAny() {
      const problems = Object.keys(errors).length;
      if (!problems) return;
      const places = Object.keys(errors).map((k) => k.split(':')[0]!);
      const unit = places[0]?.split(' ')[0] ?? 'baris';
      throw badRequest(`${problems} masalah di ${new Set(places).size} ${unit}; tidak ada data yang disimpan`, errors);
    },
  };
}

/** A filled row of the sheet: its Excel row number and its cells as text by column key. */
export interface SheetRow<K extends string> {
  row: number;
  raw: Partial<Record<K, string>>;
}

/** A row that parsed: its Excel row number and the input it becomes. */
export interface ParsedRow<T> {
  row: number;
  input: T;
}

/** Reports a problem of a row: at a column, or at the row as a whole ("Baris"). The first per cell is kept. */
export type FailRow<K extends string> = (row: number, key: K | 'row', reason: string) => void;

/** What `parseRow` is given besides the row's cells. */
export interface RowContext<K extends string> {
  row: number;
  fail: (key: K | 'row', reason: string) => void;
  /** Parses `value` with a contract schema; each issue is reported at its column (or the row) and undefined returned. */
  parse: <S extends z.ZodType>(schema: S, value: unknown) => z.infer<S> | undefined;
}

/** One import: its columns and messages, how a row becomes an input, its checks and its write step. */
export interface ExcelImport<K extends string, T> {
  columns: readonly ImportColumn<K>[];
  /** the most filled rows one file may hold, and what the first row past them is told */
  limit: { rows: number; message: string };
  /**
   * what a file without a required column is told ("Pakai template impor siswa"), and a file without data rows
   * ("Berkas tidak berisi data siswa")
   */
  messages: { template: string; empty: string };
  /** One filled row (an empty required cell reads as "") to its input; undefined when it has problems. */
  parseRow(raw: Partial<Record<K, string>>, row: RowContext<K>): T | undefined;
  /**
   * Checks across rows and against the database, in the writing transaction before anything is written.
   * `filled` holds every filled row read, also the bad ones, so that every clash is reported.
   */
  check?(tx: Executor, rows: ParsedRow<T>[], fail: FailRow<K>, filled: SheetRow<K>[]): Promise<void>;
  /** Slow work on the rows (password hashes) before the transaction, so that it stays short; only when no row is bad. */
  prepare?(rows: ParsedRow<T>[]): Promise<void>;
  /** Writes every row; answers what the audit log records of the import. */
  write(tx: Executor, rows: ParsedRow<T>[]): Promise<AuditEntryInput>;
  /** what a unique clash at writing (a row saved meanwhile by someone else) is told */
  unique?: string;
  /** After a large import: refresh the planner's statistics of the table written. */
  analyze?(db: Database): Promise<void>;
  /** how a problem's place is keyed (default `importFieldKey`: "baris <row>: <column>") */
  fieldKey?: (row: number, column: string) => string;
}

/** From this many rows an import refreshes the planner's statistics at once (the table's shape changed). */
const ANALYZE_FROM_ROWS = 200;

/**
 * Runs an import: every row is checked first; all are saved in one transaction (with the audit entry) only
 * when none is bad, else one 400 lists every problem keyed "baris <row>: <column>" and nothing is saved.
 */
export async function runImport<K extends string, T>(
  db: Database,
  file: Buffer,
  actor: AuditActor,
  spec: ExcelImport<K, T>,
): Promise<{ imported: number }> {
  return runImportRows(db, await readImportSheet(file, spec.columns, spec.messages.template), actor, spec);
}

/**
 * The pipeline after the reading: the same for rows read from a sheet and for entries read from another
 * format (the questions of a Word document), each with its number and its cells as text by column key.
 */
export async function runImportRows<K extends string, T>(
  db: Database,
  sheet: { rows: SheetRow<K>[]; hasColumn: (key: K) => boolean },
  actor: AuditActor,
  spec: ExcelImport<K, T>,
): Promise<{ imported: number }> {
  const problems = importProblems(spec.columns, spec.fieldKey);
  const { fail } = problems;
  const rows: ParsedRow<T>[] = [];
  const filled: SheetRow<K>[] = [];
  for (const { row, raw } of sheet.rows) {
    if (filled.length >= spec.limit.rows) {
      fail(row, 'row', spec.limit.message);
      break;
    }
    filled.push({ row, raw });
    // an empty required cell reads as "" so the contract says what is missing
    for (const c of spec.columns) if (c.required) raw[c.key] ??= '';
    const context: RowContext<K> = {
      row,
      fail: (key, reason) => fail(row, key, reason),
      parse: (schema, value) => {
        const parsed = schema.safeParse(value);
        if (parsed.success) return parsed.data;
        for (const issue of parsed.error.issues) {
          const key = issue.path[0] as K;
          fail(row, sheet.hasColumn(key) ? key : 'row', issue.message);
        }
        return undefined;
      },
    };
    const input = spec.parseRow(raw, context);
    if (input !== undefined) rows.push({ row, input });
  }
  if (!rows.length && !problems.count) throw badRequest(spec.messages.empty, { file: 'Isi mulai baris 2' });
  if (!problems.count) await spec.prepare?.(rows);
  await guarded(
    () =>
      db.transaction(async (tx) => {
        await spec.check?.(tx, rows, fail, filled);
        problems.throwIfAny();
        await audit(tx, actor, await spec.write(tx, rows));
      }),
    spec.unique ? { unique: spec.unique } : undefined,
  );
  if (rows.length >= ANALYZE_FROM_ROWS) await spec.analyze?.(db);
  return { imported: rows.length };
}
