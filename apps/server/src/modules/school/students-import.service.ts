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
import { activeYear } from './school.service.ts';

type ColumnKey = (typeof STUDENT_IMPORT_COLUMNS)[number]['key'];
const TEXT_COLUMNS: ColumnKey[] = ['nis', 'nisn', 'nik', 'phone', 'parentPhone'];

export function createStudentsImportService(db: Database) {
  /** The classes of the unit in the active year: the Kelas column's choices. */
  async function classesOfUnit(unitId: number) {
    const year = await activeYear(db);
    return year ? { year, classes: await repo.classesByName(db, unitId, year.id) } : { year, classes: [] };
  }

  /**
   * The workbook to fill: one header row, number-like columns formatted as text, dropdowns for JK, Mukim and
   * (for a unit) Kelas, and an example row on the instructions sheet.
   */
  async function template(user: AuthUser, unitId: number | undefined) {
    if (unitId !== undefined) assertUnit(user, unitId);
    const { classes } = unitId === undefined ? { classes: [] } : await classesOfUnit(unitId);
    return importTemplate(
      'Siswa',
      STUDENT_IMPORT_COLUMNS,
      TEXT_COLUMNS,
      [
        'Isi lembar "Siswa" mulai baris 2; kolom bertanda * wajib.',
        'NIS unik per unit, NISN 10 angka dan unik, NIK 16 angka.',
        'Kelas: nama kelas tahun pelajaran aktif di unit yang dipilih saat impor (pilih dari daftar); kosongkan bila belum ada kelas.',
        'Tanggal ditulis YYYY-MM-DD. JK: L atau P. Mukim: MUKIM atau NON_MUKIM.',
        'Seluruh berkas diperiksa dulu; bila ada baris yang salah, tidak ada yang disimpan.',
      ],
      {
        example: {
          nis: '2026001',
          nisn: '0123456789',
          name: 'Ahmad Fauzan',
          className: classes[0]?.name ?? '7A',
          gender: 'L',
          birthPlace: 'Bogor',
          birthDate: '2014-05-17',
          religion: 'Islam',
          fatherName: 'Budi Santoso',
          motherName: 'Siti Aminah',
          parentPhone: '081234567890',
          boarding: 'MUKIM',
          entryDate: '2026-07-13',
        },
        lists: {
          gender: ['L', 'P'],
          boarding: ['MUKIM', 'NON_MUKIM'],
          ...(classes.length ? { className: classes.map((c) => c.name) } : {}),
        },
      },
    );
  }

  /** Checks every row first; saves all of them in one transaction only when none is bad. */
  async function importStudents(user: AuthUser, unitId: number, file: Buffer, actor: AuditActor) {
    assertUnit(user, unitId);
    if (!(await findUnit(db, unitId))) throw badRequest('Unit tidak ada', { unitId: 'Unit tidak ditemukan' });
    const sheet = await readImportSheet(file, STUDENT_IMPORT_COLUMNS, 'Pakai template impor siswa');
    const problems = importProblems(STUDENT_IMPORT_COLUMNS);
    const { fail, headerOf } = problems;
    const { year, classes } = await classesOfUnit(unitId);
    const classByName = new Map(classes.map((c) => [c.name.trim().toLowerCase(), c.id]));
    const rows: { row: number; input: StudentInput; classGroupId: number | null }[] = [];
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
      let classGroupId: number | null = null;
      if (raw.className) {
        classGroupId = classByName.get(raw.className.trim().toLowerCase()) ?? null;
        if (classGroupId === null) {
          fail(
            r,
            'className',
            year
              ? `Kelas ${raw.className} tidak ada di tahun pelajaran ${year.name} unit ini`
              : 'Belum ada tahun pelajaran aktif; kosongkan kolom Kelas',
          );
          continue;
        }
      }
      rows.push({ row: r, input: parsed.data, classGroupId });
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
          const saved = await repo.insertStudents(
            tx,
            rows.map((r) => r.input),
          );
          // the students given a class join it in the same transaction (all or nothing)
          const idOfNis = new Map(saved.map((s) => [s.nis, s.id]));
          await repo.insertEnrollmentRows(
            tx,
            rows
              .filter((r) => r.classGroupId !== null)
              .map((r) => ({
                studentId: idOfNis.get(r.input.nis)!,
                classGroupId: r.classGroupId!,
                academicYearId: year!.id,
              })),
          );
          await audit(tx, actor, {
            action: 'school.student.import',
            entityType: 'unit',
            entityId: unitId,
            after: {
              count: rows.length,
              nis: rows.map((r) => r.input.nis),
              enrolled: rows.filter((r) => r.classGroupId !== null).length,
            },
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
