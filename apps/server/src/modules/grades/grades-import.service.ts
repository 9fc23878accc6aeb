import ExcelJS from 'exceljs';
import { importFieldKey, SCORE_KIND_LABELS, ScoreValue, type AuthUser, type ScoreSheetQuery } from '@mms/shared';
import type { Database } from '../../db/client.ts';
import type { AuditActor } from '../../lib/audit.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import { cellText } from '../../lib/excel-import.ts';
import { assertSafeZip } from '../../lib/zip-guard.ts';
import { createGradesService } from './grades.service.ts';

/**
 * What one score sheet may hold: a class is at most a few dozen students and a semester a few dozen columns; the
 * unpacked workbook is bounded before it is parsed (zip bombs: assertSafeZip), the upload by the multipart limit.
 */
export const SCORE_IMPORT_LIMITS = { maxEntries: 100, maxTotalBytes: 8 * 1024 * 1024, maxRows: 500, maxColumns: 120 };

/** The rows above the header a sheet may have: the grade book's export writes 4 (title, filters, date, blank). */
const HEADER_SEARCH_ROWS = 10;

const normal = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/** The header of a column as the grade book's Excel export writes it: "Ulangan 1 (SLM)". */
export const columnHeader = (c: { title: string; kind: keyof typeof SCORE_KIND_LABELS }) =>
  `${c.title} (${SCORE_KIND_LABELS[c.kind].short})`;

/** A score cell: a number, or text with a decimal comma ("85,5"); undefined when empty. */
function scoreOf(value: ExcelJS.CellValue): number | string | undefined {
  if (typeof value === 'number') return value;
  const text = cellText(value);
  if (text === undefined) return undefined;
  const n = Number(text.replace(',', '.'));
  return Number.isFinite(n) && text.trim() !== '' ? n : text;
}

/**
 * Excel import of a class's sheet of a subject (issue 40 §5), for teachers who work offline: the grade book's own
 * export filled in (a header row with NIS and a column per score column, "Judul (JENIS)", found in the first rows;
 * the name column is only read to name the student). All or nothing: every problem is reported by row, student and
 * column, and nothing is saved unless every row is good; then the cells are saved by the sheet's own save (the
 * sheet's edit rule, the roster, the audit). An empty cell leaves the score as it is; a column an online exam fills
 * is read but refused where its value differs from the exam's.
 */
export function createGradesImportService(db: Database) {
  const grades = createGradesService(db);

  async function run(user: AuthUser, q: ScoreSheetQuery, file: Buffer, actor: AuditActor) {
    // the access check first: the sheet's read rule, then its edit rule
    const sheet = await grades.sheet(user, q);
    if (!sheet.canEdit) {
      throw forbidden('Hanya guru mapel kelas ini atau wakakur yang dapat mengisi nilai');
    }
    assertSafeZip(file, SCORE_IMPORT_LIMITS);
    const book = new ExcelJS.Workbook();
    try {
      await book.xlsx.load(file as unknown as ArrayBuffer);
    } catch {
      throw badRequest('Berkas bukan Excel (.xlsx) yang valid', {
        file: 'Unggah berkas .xlsx dari ekspor lembar nilai',
      });
    }
    const ws = book.worksheets[0];
    if (!ws) throw badRequest('Berkas Excel tidak berisi lembar kerja', { file: 'Lembar kosong' });
    if (ws.rowCount > SCORE_IMPORT_LIMITS.maxRows || ws.columnCount > SCORE_IMPORT_LIMITS.maxColumns) {
      throw badRequest('Lembar nilai terlalu besar untuk satu kelas', { file: 'Terlalu banyak baris atau kolom' });
    }

    // the header row: the first of the top rows with a NIS cell
    let headerRow = 0;
    let nisCol = 0;
    for (let r = 1; r <= Math.min(HEADER_SEARCH_ROWS, ws.rowCount) && !headerRow; r++) {
      ws.getRow(r).eachCell((cell, col) => {
        if (!headerRow && normal(cellText(cell.value) ?? '') === 'nis') {
          headerRow = r;
          nisCol = col;
        }
      });
    }
    if (!headerRow) {
      throw badRequest('Kolom NIS tidak ditemukan; pakai ekspor Excel lembar nilai ini', {
        file: 'Pakai ekspor lembar nilai',
      });
    }
    const byHeader = new Map(sheet.columns.map((c) => [normal(columnHeader(c)), c]));
    const columnAt = new Map<number, (typeof sheet.columns)[number]>();
    const unknown: string[] = [];
    ws.getRow(headerRow).eachCell((cell, col) => {
      if (col === nisCol) return;
      const text = cellText(cell.value);
      if (!text) return;
      const column = byHeader.get(normal(text));
      if (column) columnAt.set(col, column);
      else if (/\([A-Z]+\)$/.test(text.trim())) unknown.push(text.trim());
    });
    if (unknown.length) {
      throw badRequest(
        'Ada kolom nilai yang tidak ada di lembar nilai ini; tidak ada data yang disimpan',
        Object.fromEntries(
          unknown.map((h) => [importFieldKey(headerRow, h), 'Kolom tidak ada di lembar nilai kelas ini']),
        ),
      );
    }
    if (!columnAt.size) {
      throw badRequest('Berkas tidak berisi kolom nilai lembar ini', { file: 'Pakai ekspor lembar nilai' });
    }

    const studentOf = new Map(sheet.students.map((s) => [normal(s.nis ?? ''), s]));
    const stored = new Map(sheet.cells.map((c) => [`${c.columnId}:${c.studentId}`, c.score]));
    const seen = new Set<number>();
    const cells: { columnId: number; studentId: number; score: number }[] = [];
    const errors: Record<string, string> = {};
    const at = (row: number, student: string, column: string) => importFieldKey(row, `${student}, ${column}`);
    for (let r = headerRow + 1; r <= ws.rowCount; r++) {
      const excelRow = ws.getRow(r);
      const nis = cellText(excelRow.getCell(nisCol).value);
      const values = [...columnAt].map(([col, column]) => ({ column, value: scoreOf(excelRow.getCell(col).value) }));
      if (nis === undefined) {
        if (values.some((v) => v.value !== undefined)) errors[importFieldKey(r, 'NIS')] ??= 'NIS wajib diisi';
        continue;
      }
      const student = studentOf.get(normal(nis));
      if (!student) {
        errors[importFieldKey(r, `NIS ${nis}`)] ??= 'Siswa dengan NIS ini bukan anggota kelas ini';
        continue;
      }
      const who = `${student.name} (NIS ${nis})`;
      if (seen.has(student.id)) {
        errors[importFieldKey(r, who)] ??= 'Siswa ini sudah tercantum di baris lain';
        continue;
      }
      seen.add(student.id);
      for (const { column, value } of values) {
        if (value === undefined) continue;
        const header = columnHeader(column);
        const parsed = ScoreValue.safeParse(value);
        if (!parsed.success) {
          errors[at(r, who, header)] ??=
            typeof value === 'string' ? 'Nilai harus berupa angka' : parsed.error.issues[0]!.message;
          continue;
        }
        if (column.assessmentId !== null) {
          if (stored.get(`${column.id}:${student.id}`) !== parsed.data) {
            errors[at(r, who, header)] ??=
              'Kolom ini diisi otomatis dari ujian online; nilainya tidak dapat diubah lewat impor';
          }
          continue;
        }
        cells.push({ columnId: column.id, studentId: student.id, score: parsed.data });
      }
    }
    const problems = Object.keys(errors).length;
    if (problems) {
      const rows = new Set(Object.keys(errors).map((k) => k.split(':')[0]!)).size;
      throw badRequest(`${problems} masalah di ${rows} baris; tidak ada data yang disimpan`, errors);
    }
    if (!cells.length) throw badRequest('Berkas tidak berisi nilai untuk disimpan', { file: 'Tidak ada nilai' });
    const saved = await grades.saveCells(user, { cells }, actor);
    return { imported: cells.length, saved: saved.saved };
  }

  return { run };
}
