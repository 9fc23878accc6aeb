import ExcelJS from 'exceljs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  importFieldKey,
  STUDENT_IMPORT_COLUMNS,
  STUDENT_IMPORT_MAX_ROWS,
  StudentInput,
  type AuthUser,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { students } from '../../db/schema/index.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import { assertUnit, guarded } from './scope.ts';
import { findUnit } from './structure.repo.ts';

type ColumnKey = (typeof STUDENT_IMPORT_COLUMNS)[number]['key'];
const TEXT_COLUMNS: ColumnKey[] = ['nis', 'nisn', 'nik', 'phone', 'parentPhone'];
const normalHeader = (h: string) => h.replace(/\*/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
const headerOf = (key: ColumnKey) => STUDENT_IMPORT_COLUMNS.find((c) => c.key === key)!.header;

/** A cell as text: dates as YYYY-MM-DD, formulas by their result, rich text joined. */
function cellText(value: ExcelJS.CellValue): string | undefined {
  if (value === null || value === undefined) return undefined;
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

export function createStudentsImportService(db: Database) {
  /** The empty workbook to fill: one header row, number-like columns formatted as text. */
  async function template(): Promise<Buffer> {
    const book = new ExcelJS.Workbook();
    book.creator = 'MMS';
    const sheet = book.addWorksheet('Siswa', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = STUDENT_IMPORT_COLUMNS.map((c) => ({
      header: c.required ? `${c.header}*` : c.header,
      key: c.key,
      width: Math.max(14, c.header.length + 3),
      style: TEXT_COLUMNS.includes(c.key) ? { numFmt: '@' } : {},
    }));
    sheet.getRow(1).font = { bold: true };
    const notes = book.addWorksheet('Petunjuk');
    notes.addRows([
      ['Isi lembar "Siswa" mulai baris 2; kolom bertanda * wajib.'],
      ['NIS unik per unit, NISN 10 angka dan unik, NIK 16 angka.'],
      ['Tanggal ditulis YYYY-MM-DD. JK: L atau P. Mukim: MUKIM atau NON_MUKIM.'],
      ['Seluruh berkas diperiksa dulu; bila ada baris yang salah, tidak ada yang disimpan.'],
    ]);
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  /** Checks every row first; saves all of them in one transaction only when none is bad. */
  async function importStudents(user: AuthUser, unitId: number, file: Buffer, actor: AuditActor) {
    assertUnit(user, unitId);
    if (!(await findUnit(db, unitId))) throw badRequest('Unit tidak ada', { unitId: 'Unit tidak ditemukan' });
    const book = new ExcelJS.Workbook();
    try {
      await book.xlsx.load(file as unknown as ArrayBuffer);
    } catch {
      throw badRequest('Berkas bukan Excel (.xlsx) yang valid', { file: 'Unggah berkas .xlsx dari template' });
    }
    const sheet = book.worksheets[0];
    if (!sheet) throw badRequest('Berkas Excel tidak berisi lembar kerja', { file: 'Lembar kosong' });

    const columnOf = new Map<ColumnKey, number>();
    sheet.getRow(1).eachCell((cell, col) => {
      const header = normalHeader(cellText(cell.value) ?? '');
      const match = STUDENT_IMPORT_COLUMNS.find(
        (c) => normalHeader(c.header) === header || normalHeader(c.header).split(' (')[0] === header,
      );
      if (match) columnOf.set(match.key, col);
    });
    const missing = STUDENT_IMPORT_COLUMNS.filter((c) => c.required && !columnOf.has(c.key));
    if (missing.length) {
      throw badRequest(`Kolom wajib tidak ada: ${missing.map((c) => c.header).join(', ')}`, {
        file: 'Pakai template impor siswa',
      });
    }

    const errors: Record<string, string> = {};
    const fail = (row: number, key: ColumnKey | 'row', reason: string) => {
      errors[importFieldKey(row, key === 'row' ? 'Baris' : headerOf(key))] ??= reason;
    };
    const rows: { row: number; input: StudentInput }[] = [];
    // the numbers of every filled row, also of rows with other problems, so that all clashes are reported
    const numbers: { row: number; nis?: string | undefined; nisn?: string | undefined }[] = [];
    for (let r = 2; r <= sheet.rowCount; r++) {
      const excelRow = sheet.getRow(r);
      const raw: Record<string, string | undefined> = {};
      for (const [key, col] of columnOf) raw[key] = cellText(excelRow.getCell(col).value);
      if (Object.values(raw).every((v) => v === undefined)) continue;
      if (rows.length + 1 > STUDENT_IMPORT_MAX_ROWS) {
        fail(r, 'row', `Maksimal ${STUDENT_IMPORT_MAX_ROWS} siswa sekali impor`);
        break;
      }
      numbers.push({ row: r, nis: raw.nis, nisn: raw.nisn });
      // an empty required cell reads as "" so the contract says "wajib diisi"
      for (const c of STUDENT_IMPORT_COLUMNS) if (c.required) raw[c.key] ??= '';
      if (raw.gender) raw.gender = raw.gender.toUpperCase();
      if (raw.boarding) raw.boarding = raw.boarding.toUpperCase().replace(/[\s-]+/g, '_');
      const parsed = StudentInput.safeParse({ ...raw, unitId });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const key = issue.path[0] as ColumnKey;
          fail(r, columnOf.has(key) || key === 'nis' || key === 'name' ? key : 'row', issue.message);
        }
        continue;
      }
      rows.push({ row: r, input: parsed.data });
    }
    if (!rows.length && !Object.keys(errors).length) {
      throw badRequest('Berkas tidak berisi data siswa', { file: 'Isi mulai baris 2' });
    }

    // duplicates inside the file, then against the database
    const firstRowOf = { nis: new Map<string, number>(), nisn: new Map<string, number>() };
    for (const entry of numbers) {
      const row = entry.row;
      for (const key of ['nis', 'nisn'] as const) {
        const value = entry[key];
        if (!value) continue;
        const first = firstRowOf[key].get(value);
        if (first) fail(row, key, `${headerOf(key)} ${value} sama dengan baris ${first}`);
        else firstRowOf[key].set(value, row);
      }
    }
    const nisList = [...firstRowOf.nis.keys()];
    const nisnList = [...firstRowOf.nisn.keys()];
    const [takenNis, takenNisn] = await Promise.all([
      nisList.length
        ? db
            .select({ nis: students.nis, name: students.name })
            .from(students)
            .where(and(eq(students.unitId, unitId), inArray(students.nis, nisList)))
        : [],
      nisnList.length
        ? db.select({ nisn: students.nisn, name: students.name }).from(students).where(inArray(students.nisn, nisnList))
        : [],
    ]);
    for (const t of takenNis) fail(firstRowOf.nis.get(t.nis)!, 'nis', `NIS ${t.nis} sudah dipakai oleh ${t.name}`);
    for (const t of takenNisn) {
      fail(firstRowOf.nisn.get(t.nisn!)!, 'nisn', `NISN ${t.nisn} sudah dipakai oleh ${t.name}`);
    }

    const problems = Object.keys(errors).length;
    if (problems) {
      const badRows = new Set(Object.keys(errors).map((k) => k.split(':')[0])).size;
      throw badRequest(`${problems} masalah di ${badRows} baris; tidak ada data yang disimpan`, errors);
    }
    await guarded(
      () =>
        db.transaction(async (tx) => {
          for (let i = 0; i < rows.length; i += 1000) {
            await tx.insert(students).values(rows.slice(i, i + 1000).map((r) => r.input));
          }
          await audit(tx, actor, {
            action: 'school.student.import',
            entityType: 'unit',
            entityId: unitId,
            after: { count: rows.length, nis: rows.map((r) => r.input.nis) },
          });
        }),
      { unique: 'Ada NIS atau NISN yang baru saja dipakai data lain; periksa ulang berkas' },
    );
    // A large import changes the table's shape: refresh the planner's statistics at once.
    if (rows.length >= 200) await db.execute(sql`analyze students`);
    return { imported: rows.length };
  }

  return { template, importStudents };
}

export type StudentsImportService = ReturnType<typeof createStudentsImportService>;
