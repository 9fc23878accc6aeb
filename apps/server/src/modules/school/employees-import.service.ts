import {
  ALL_UNIT_DIVISIONS,
  EMPLOYEE_IMPORT_COLUMNS,
  EMPLOYEE_IMPORT_MAX_ROWS,
  EmployeeInput,
  type AuthUser,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { audit, type AuditActor } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import { hashPassword, passwordProblem } from '../../lib/passwords.ts';
import * as repo from './employees.repo.ts';
import { importProblems, importTemplate, readImportSheet } from './import-workbook.ts';
import { assertUnit } from '../../lib/scope.ts';
import { guarded } from '../../lib/db-errors.ts';
import { findUnit } from './structure.repo.ts';

type ColumnKey = (typeof EMPLOYEE_IMPORT_COLUMNS)[number]['key'];
const TEXT_COLUMNS: ColumnKey[] = ['nip', 'phone', 'password'];

export function createEmployeesImportService(db: Database) {
  const template = () =>
    importTemplate('Pegawai', EMPLOYEE_IMPORT_COLUMNS, TEXT_COLUMNS, [
      'Isi lembar "Pegawai" mulai baris 2; kolom bertanda * wajib.',
      'NIP unik dan menjadi nama pengguna (huruf kecil). L/P: L atau P. Tanggal ditulis YYYY-MM-DD.',
      'Divisi: TEACHER, TEACHERCASHIER, PRINCIPAL, WAKAKUR, BPBK atau TU (YAYASAN dan ADMIN hanya oleh ADMIN).',
      'Kata sandi awal 8-128 karakter dan bukan kata sandi umum.',
      'Seluruh berkas diperiksa dulu; bila ada baris yang salah, tidak ada yang disimpan.',
    ]);

  /** Checks every row first; creates all employees and their accounts in one transaction only when none is bad. */
  async function importEmployees(user: AuthUser, unitId: number, file: Buffer, actor: AuditActor) {
    assertUnit(user, unitId);
    if (!(await findUnit(db, unitId))) throw badRequest('Unit tidak ada', { unitId: 'Unit tidak ditemukan' });
    const sheet = await readImportSheet(file, EMPLOYEE_IMPORT_COLUMNS, 'Pakai template impor pegawai');
    const problems = importProblems(EMPLOYEE_IMPORT_COLUMNS);
    const { fail } = problems;
    const rows: { row: number; input: EmployeeInput }[] = [];
    // the NIP of every filled row, also of rows with other problems, so that all clashes are reported
    const nips: { row: number; nip: string }[] = [];
    for (const { row: r, raw } of sheet.rows) {
      if (nips.length + 1 > EMPLOYEE_IMPORT_MAX_ROWS) {
        fail(r, 'row', `Maksimal ${EMPLOYEE_IMPORT_MAX_ROWS} pegawai sekali impor`);
        break;
      }
      if (raw.nip) nips.push({ row: r, nip: raw.nip });
      // an empty required cell reads as "" so the contract says what is missing
      for (const c of EMPLOYEE_IMPORT_COLUMNS) if (c.required) raw[c.key] ??= '';
      if (raw.gender) raw.gender = raw.gender.toUpperCase();
      if (raw.division) raw.division = raw.division.toUpperCase().trim();
      const granted = (ALL_UNIT_DIVISIONS as readonly string[]).includes(raw.division ?? '');
      if (granted && user.division !== 'ADMIN') {
        fail(r, 'division', 'Hanya ADMIN yang dapat memberi divisi YAYASAN dan ADMIN');
      }
      const parsed = EmployeeInput.safeParse({ ...raw, unitId });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const key = issue.path[0] as ColumnKey;
          fail(r, sheet.hasColumn(key) ? key : 'row', issue.message);
        }
        continue;
      }
      const input = parsed.data;
      const problem = passwordProblem(input.password, input.nip.toLowerCase());
      if (problem) fail(r, 'password', problem);
      else if (!granted || user.division === 'ADMIN') rows.push({ row: r, input });
    }
    if (!rows.length && !problems.count) {
      throw badRequest('Berkas tidak berisi data pegawai', { file: 'Isi mulai baris 2' });
    }

    // duplicates inside the file (the username is the NIP lower-cased), then against the database
    const firstRowOf = new Map<string, number>();
    for (const { row, nip } of nips) {
      const first = firstRowOf.get(nip.toLowerCase());
      if (first) fail(row, 'nip', `NIP ${nip} sama dengan baris ${first}`);
      else firstRowOf.set(nip.toLowerCase(), row);
    }
    const usernames = [...firstRowOf.keys()];
    const rowOfNip = new Map(nips.map((n) => [n.nip, n.row]));
    if (usernames.length) {
      const [takenNip, takenUsername] = await Promise.all([
        repo.employeesWithNip(db, [...rowOfNip.keys()]),
        repo.usersWithUsername(db, usernames),
      ]);
      for (const t of takenNip) fail(rowOfNip.get(t.nip)!, 'nip', `NIP ${t.nip} sudah dipakai oleh ${t.name}`);
      for (const t of takenUsername) {
        fail(firstRowOf.get(t.username)!, 'nip', `Nama pengguna ${t.username} sudah dipakai oleh ${t.name}`);
      }
    }
    problems.throwIfAny();

    // argon2 is slow on purpose: hash before the transaction so that it stays short
    const hashes = await Promise.all(rows.map((r) => hashPassword(r.input.password)));
    await guarded(
      () =>
        db.transaction(async (tx) => {
          for (const [i, { input }] of rows.entries()) {
            const { password: _password, division, ...fields } = input;
            const userId = await repo.insertUser(tx, {
              username: input.nip.toLowerCase(),
              displayName: input.name,
              passwordHash: hashes[i]!,
              division,
              unitId,
            });
            await repo.insertEmployee(tx, { ...fields, unitId, userId });
          }
          await audit(tx, actor, {
            action: 'school.employee.import',
            entityType: 'unit',
            entityId: unitId,
            after: { count: rows.length, nip: rows.map((r) => r.input.nip) },
          });
        }),
      { unique: 'Ada NIP yang baru saja dipakai data lain; periksa ulang berkas' },
    );
    // A large import changes the table's shape: refresh the planner's statistics at once.
    if (rows.length >= 200) await repo.analyzeEmployees(db);
    return { imported: rows.length };
  }

  return { template, importEmployees };
}

export type EmployeesImportService = ReturnType<typeof createEmployeesImportService>;
