import ExcelJS from 'exceljs';
import type { AuthUser, ScoreSheetQuery, Semester } from '@mms/shared';
import type { Database, Executor } from '../../db/client.ts';
import { actorOfUser } from '../../lib/actor.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { unitScope } from '../../lib/scope.ts';
import { access } from '../access/access.service.ts';
import { savedDescriptionsOfClass } from '../descriptions/descriptions.service.ts';
import { createGradesService } from '../grades/grades.service.ts';
import * as school from '../school/school.service.ts';

/** The columns of the Dapodik sheet of students, in the order a school pastes them (docs/ministry-exports.md). */
export const DAPODIK_STUDENT_COLUMNS = [
  'No',
  'NISN',
  'NIK',
  'NIS',
  'Nama',
  'Tempat Lahir',
  'Tanggal Lahir',
  'Jenis Kelamin',
  'Tingkat',
  'Rombel',
] as const;
/** The columns of the Dapodik sheet of rombel (study groups). */
export const DAPODIK_ROMBEL_COLUMNS = ['No', 'Nama Rombel', 'Tingkat', 'Wali Kelas', 'Jumlah Siswa'] as const;
/** The columns of the e-Rapor sheet of a class and subject. */
export const ERAPOR_COLUMNS = ['No', 'NISN', 'NIS', 'Nama Peserta Didik', 'Nilai Akhir', 'Deskripsi'] as const;

/**
 * The descriptions of a subject's final scores on the rapor for the e-Rapor sheet, by student: the subject
 * teacher's saved texts (modules/descriptions) of the whole class in one read; '' until one is saved.
 */
export async function eraporDescriptionsOf(
  exec: Executor,
  q: { classGroupId: number; subjectId: number; semester: Semester },
): Promise<Map<number, string>> {
  const saved = await savedDescriptionsOfClass(exec, q.classGroupId, q.semester);
  return new Map(
    [...saved].flatMap(([studentId, m]) => (m.has(q.subjectId) ? [[studentId, m.get(q.subjectId)!]] : [])),
  );
}

/** A sheet whose every cell is text (NISN and NIK keep their leading zeros, dates stay as the ministry writes them). */
async function textBook(name: string, headers: readonly string[], rows: (string | number)[][]) {
  const book = new ExcelJS.Workbook();
  book.creator = 'MMS';
  const ws = book.addWorksheet(name);
  ws.columns = headers.map((h) => ({ header: h, width: Math.max(8, h.length + 4), style: { numFmt: '@' } }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * Out to the ministry's systems (issue 40 §5): the Excel sheets a school pastes into Dapodik (its students and
 * rombel of the active year) and into e-Rapor (final scores and descriptions of a class and subject).
 * Who: Dapodik the unit's WAKAKUR, principal and TU (ministry.dapodik, the unit rule); e-Rapor the rapor rule of
 * the class (raporClass in the access service: its homeroom, the unit's principal, WAKAKUR and ADMIN).
 */
export function createMinistryService(db: Database) {
  const grades = createGradesService(db);

  async function activeYear() {
    const year = await school.activeYear(db);
    if (!year) throw badRequest('Belum ada tahun pelajaran aktif', { academicYearId: 'Tidak ada' });
    return year;
  }

  async function dapodikStudents(user: AuthUser, unitId: number | undefined) {
    const unit = unitScope(user, unitId);
    if (unit === null) throw badRequest('Pilih unit sekolah', { unitId: 'Wajib dipilih' });
    const year = await activeYear();
    const rows = await school.dapodikStudentRows(db, unit, year.id);
    return textBook(
      'Peserta Didik',
      DAPODIK_STUDENT_COLUMNS,
      rows.map((r, i) => [
        i + 1,
        r.nisn ?? '',
        r.nik ?? '',
        r.nis ?? '',
        r.name,
        r.birth_place ?? '',
        r.birth_date ?? '',
        r.gender ?? '',
        r.level ?? '',
        r.class_name ?? '',
      ]),
    );
  }

  async function dapodikRombel(user: AuthUser, unitId: number | undefined) {
    const unit = unitScope(user, unitId);
    if (unit === null) throw badRequest('Pilih unit sekolah', { unitId: 'Wajib dipilih' });
    const year = await activeYear();
    const rows = await school.dapodikRombelRows(db, unit, year.id);
    return textBook(
      'Rombel',
      DAPODIK_ROMBEL_COLUMNS,
      rows.map((r, i) => [i + 1, r.name, r.level, r.homeroom ?? '', r.students]),
    );
  }

  async function erapor(user: AuthUser, q: ScoreSheetQuery) {
    const cls = await school.findClass(db, q.classGroupId);
    if (!cls) throw notFound('Kelas');
    // the row rule first: the rapor's rule of the class
    await access.require(db, actorOfUser(user), 'read', 'raporClass', cls.id);
    const recap = await grades.recap(user, q);
    const ids = recap.rows.map((r) => r.studentId);
    const nisnOf = await school.nisnOfStudents(db, ids);
    // the class's saved descriptions in one read, not one per student
    const descriptions = await eraporDescriptionsOf(db, {
      classGroupId: cls.id,
      subjectId: q.subjectId,
      semester: q.semester,
    });
    const rows: (string | number)[][] = recap.rows.map((r, i) => [
      i + 1,
      nisnOf.get(r.studentId) ?? '',
      r.nis,
      r.name,
      r.final ?? '',
      descriptions.get(r.studentId) ?? '',
    ]);
    return {
      name: `erapor-${recap.classGroup.name}-${recap.subject.name}`,
      body: await textBook('Nilai', ERAPOR_COLUMNS, rows),
    };
  }

  return { dapodikStudents, dapodikRombel, erapor };
}
