import { studentDateProblems } from './students.service.ts';
import { STUDENT_IMPORT_COLUMNS, STUDENT_IMPORT_MAX_ROWS, StudentInput, type AuthUser } from '@mms/shared';
import type { Database } from '../../db/client.ts';
import * as repo from './students.repo.ts';
import type { AuditActor } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import { importTemplate, runImport } from '../../lib/excel-import.ts';
import { assertUnit } from '../../lib/scope.ts';
import { findUnit } from './structure.repo.ts';
import { activeYear } from './school.service.ts';

type ColumnKey = (typeof STUDENT_IMPORT_COLUMNS)[number]['key'];
const TEXT_COLUMNS: ColumnKey[] = ['nis', 'nisn', 'nik', 'phone', 'parentPhone'];
const headerOf = (key: ColumnKey) => STUDENT_IMPORT_COLUMNS.find((c) => c.key === key)!.header;

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

  /** Checks every row first; saves all of them (and their classes) in one transaction only when none is bad. */
  async function importStudents(user: AuthUser, unitId: number, file: Buffer, actor: AuditActor) {
    assertUnit(user, unitId);
    if (!(await findUnit(db, unitId))) throw badRequest('Unit tidak ada', { unitId: 'Unit tidak ditemukan' });
    const { year, classes } = await classesOfUnit(unitId);
    const classByName = new Map(classes.map((c) => [c.name.trim().toLowerCase(), c.id]));
    return runImport<ColumnKey, { student: StudentInput; classGroupId: number | null }>(db, file, actor, {
      columns: STUDENT_IMPORT_COLUMNS,
      limit: { rows: STUDENT_IMPORT_MAX_ROWS, message: `Maksimal ${STUDENT_IMPORT_MAX_ROWS} siswa sekali impor` },
      messages: { template: 'Pakai template impor siswa', empty: 'Berkas tidak berisi data siswa' },
      parseRow(raw, { fail, parse }) {
        const boarding = raw.boarding?.toUpperCase().replace(/[\s-]+/g, '_');
        const student = parse(StudentInput, { ...raw, gender: raw.gender?.toUpperCase(), boarding, unitId });
        if (!student) return undefined;
        const dates = studentDateProblems(student);
        if (dates) {
          for (const [key, message] of Object.entries(dates)) fail(key as ColumnKey, message);
          return undefined;
        }
        if (!raw.className) return { student, classGroupId: null };
        const classGroupId = classByName.get(raw.className.trim().toLowerCase());
        if (classGroupId !== undefined) return { student, classGroupId };
        fail(
          'className',
          year
            ? `Kelas ${raw.className} tidak ada di tahun pelajaran ${year.name} unit ini`
            : 'Belum ada tahun pelajaran aktif; kosongkan kolom Kelas',
        );
        return undefined;
      },
      // duplicates inside the file (of every filled row, also bad ones), then against the database
      async check(tx, _rows, fail, filled) {
        const firstRowOf = { nis: new Map<string, number>(), nisn: new Map<string, number>() };
        for (const { row, raw } of filled) {
          for (const key of ['nis', 'nisn'] as const) {
            const value = raw[key];
            if (!value) continue;
            const first = firstRowOf[key].get(value);
            if (first) fail(row, key, `${headerOf(key)} ${value} sama dengan baris ${first}`);
            else firstRowOf[key].set(value, row);
          }
        }
        const [takenNis, takenNisn] = await Promise.all([
          repo.studentsWithNis(tx, unitId, [...firstRowOf.nis.keys()]),
          repo.studentsWithNisn(tx, [...firstRowOf.nisn.keys()]),
        ]);
        for (const t of takenNis) fail(firstRowOf.nis.get(t.nis)!, 'nis', `NIS ${t.nis} sudah dipakai oleh ${t.name}`);
        for (const t of takenNisn) {
          fail(firstRowOf.nisn.get(t.nisn!)!, 'nisn', `NISN ${t.nisn} sudah dipakai oleh ${t.name}`);
        }
      },
      async write(tx, rows) {
        const saved = await repo.insertStudents(
          tx,
          rows.map((r) => r.input.student),
        );
        // the students given a class join it in the same transaction (all or nothing)
        const idOfNis = new Map(saved.map((s) => [s.nis, s.id]));
        const enrolled = rows.filter((r) => r.input.classGroupId !== null);
        await repo.insertEnrollmentRows(
          tx,
          enrolled.map(({ input }) => ({
            studentId: idOfNis.get(input.student.nis)!,
            classGroupId: input.classGroupId!,
            academicYearId: year!.id,
          })),
        );
        return {
          action: 'school.student.import',
          entityType: 'unit',
          entityId: unitId,
          after: { count: rows.length, nis: rows.map((r) => r.input.student.nis), enrolled: enrolled.length },
        };
      },
      unique: 'Ada NIS atau NISN yang baru saja dipakai data lain; periksa ulang berkas',
      analyze: repo.analyzeStudents,
    });
  }

  return { template, importStudents };
}

export type StudentsImportService = ReturnType<typeof createStudentsImportService>;
