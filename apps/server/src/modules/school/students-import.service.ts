import { studentDateProblems } from './students.service.ts';
import { STUDENT_IMPORT_COLUMNS, STUDENT_IMPORT_MAX_ROWS, StudentInput, type AuthUser } from '@mms/shared';
import type { Database } from '../../db/client.ts';
import * as repo from './students.repo.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import { importProblems, importTemplate, readImportSheet } from './import-workbook.ts';
import { assertUnit } from '../../lib/scope.ts';
import { guarded } from '../../lib/db-errors.ts';
import { findUnit } from './structure.repo.ts';

type ColumnKey = (typeof STUDENT_IMPORT_COLUMNS)[number]['key'];
const TEXT_COLUMNS: ColumnKey[] = ['nis', 'nisn', 'nik', 'phone', 'parentPhone'];

export function createStudentsImportService(db: Database) {
  /** The empty workbook to fill: one header row, number-like columns formatted as text. */
  const template = () =>
    importTemplate('Siswa', STUDENT_IMPORT_COLUMNS, TEXT_COLUMNS, [
      'Isi lembar "Siswa" mulai baris 2; kolom bertanda * wajib.',
      'NIS unik per unit, NISN 10 angka dan unik, NIK 16 angka.',
      'Tanggal ditulis YYYY-MM-DD. JK: L atau P. Mukim: MUKIM atau NON_MUKIM.',
      'Seluruh berkas diperiksa dulu; bila ada baris yang salah, tidak ada yang disimpan.',
    ]);

  /** Checks every row first; saves all of them in one transaction only when none is bad. */
  async function importStudents(user: AuthUser, unitId: number, file: Buffer, actor: AuditActor) {
    assertUnit(user, unitId);
    if (!(await findUnit(db, unitId))) throw badRequest('Unit tidak ada', { unitId: 'Unit tidak ditemukan' });
    const sheet = await readImportSheet(file, STUDENT_IMPORT_COLUMNS, 'Pakai template impor siswa');
    const problems = importProblems(STUDENT_IMPORT_COLUMNS);
    const { fail, headerOf } = problems;
    const rows: { row: number; input: StudentInput }[] = [];
    // the numbers of every filled row, also of rows with other problems, so that all clashes are reported
    const numbers: { row: number; nis?: string | undefined; nisn?: string | undefined }[] = [];
    for (const { row: r, raw } of sheet.rows) {
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
          fail(r, sheet.hasColumn(key) || key === 'nis' || key === 'name' ? key : 'row', issue.message);
        }
        continue;
      }
      const dates = studentDateProblems(parsed.data);
      if (dates) {
        for (const [key, message] of Object.entries(dates)) fail(r, key as ColumnKey, message);
        continue;
      }
      rows.push({ row: r, input: parsed.data });
    }
    if (!rows.length && !problems.count) {
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
      repo.studentsWithNis(db, unitId, nisList),
      repo.studentsWithNisn(db, nisnList),
    ]);
    for (const t of takenNis) fail(firstRowOf.nis.get(t.nis)!, 'nis', `NIS ${t.nis} sudah dipakai oleh ${t.name}`);
    for (const t of takenNisn) {
      fail(firstRowOf.nisn.get(t.nisn!)!, 'nisn', `NISN ${t.nisn} sudah dipakai oleh ${t.name}`);
    }

    problems.throwIfAny();
    await guarded(
      () =>
        db.transaction(async (tx) => {
          await repo.insertStudents(
            tx,
            rows.map((r) => r.input),
          );
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
    if (rows.length >= 200) await repo.analyzeStudents(db);
    return { imported: rows.length };
  }

  return { template, importStudents };
}

export type StudentsImportService = ReturnType<typeof createStudentsImportService>;
