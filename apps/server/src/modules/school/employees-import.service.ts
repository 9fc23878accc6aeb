import {
  ALL_UNIT_DIVISIONS,
  EMPLOYEE_IMPORT_COLUMNS,
  EMPLOYEE_IMPORT_MAX_ROWS,
  EmployeeInput,
  type AuthUser,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import type { AuditActor } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import { hashPassword, passwordProblem } from '../../lib/passwords.ts';
import * as repo from './employees.repo.ts';
import { importTemplate, runImport } from '../../lib/excel-import.ts';
import { assertUnit } from '../../lib/scope.ts';
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
    const hashes = new Map<string, string>();
    return runImport<ColumnKey, EmployeeInput>(db, file, actor, {
      columns: EMPLOYEE_IMPORT_COLUMNS,
      limit: { rows: EMPLOYEE_IMPORT_MAX_ROWS, message: `Maksimal ${EMPLOYEE_IMPORT_MAX_ROWS} pegawai sekali impor` },
      messages: { template: 'Pakai template impor pegawai', empty: 'Berkas tidak berisi data pegawai' },
      parseRow(raw, { fail, parse }) {
        if (raw.gender) raw.gender = raw.gender.toUpperCase();
        if (raw.division) raw.division = raw.division.toUpperCase().trim();
        // YAYASAN and ADMIN see every unit: only ADMIN may give them
        const refused =
          (ALL_UNIT_DIVISIONS as readonly string[]).includes(raw.division ?? '') && user.division !== 'ADMIN';
        if (refused) fail('division', 'Hanya ADMIN yang dapat memberi divisi YAYASAN dan ADMIN');
        const input = parse(EmployeeInput, { ...raw, unitId });
        if (!input) return undefined;
        const problem = passwordProblem(input.password, input.nip.toLowerCase());
        if (problem) fail('password', problem);
        return problem || refused ? undefined : input;
      },
      // duplicates inside the file (the username is the NIP lower-cased; every filled row, also bad ones),
      // then against the database
      async check(tx, _rows, fail, filled) {
        const nips = filled.flatMap(({ row, raw }) => (raw.nip ? [{ row, nip: raw.nip }] : []));
        const firstRowOf = new Map<string, number>();
        for (const { row, nip } of nips) {
          const first = firstRowOf.get(nip.toLowerCase());
          if (first) fail(row, 'nip', `NIP ${nip} sama dengan baris ${first}`);
          else firstRowOf.set(nip.toLowerCase(), row);
        }
        if (!firstRowOf.size) return;
        const rowOfNip = new Map(nips.map((n) => [n.nip, n.row]));
        const [takenNip, takenUsername] = await Promise.all([
          repo.employeesWithNip(tx, [...rowOfNip.keys()]),
          repo.usersWithUsername(tx, [...firstRowOf.keys()]),
        ]);
        for (const t of takenNip) fail(rowOfNip.get(t.nip)!, 'nip', `NIP ${t.nip} sudah dipakai oleh ${t.name}`);
        for (const t of takenUsername) {
          fail(firstRowOf.get(t.username)!, 'nip', `Nama pengguna ${t.username} sudah dipakai oleh ${t.name}`);
        }
      },
      // argon2 is slow on purpose: hash before the transaction so that it stays short
      async prepare(rows) {
        const hashed = await Promise.all(rows.map((r) => hashPassword(r.input.password)));
        rows.forEach((r, i) => hashes.set(r.input.nip, hashed[i]!));
      },
      async write(tx, rows) {
        for (const { input } of rows) {
          const { password: _password, division, ...fields } = input;
          const userId = await repo.insertUser(tx, {
            username: input.nip.toLowerCase(),
            displayName: input.name,
            passwordHash: hashes.get(input.nip)!,
            division,
            unitId,
          });
          await repo.insertEmployee(tx, { ...fields, unitId, userId });
        }
        return {
          action: 'school.employee.import',
          entityType: 'unit',
          entityId: unitId,
          after: { count: rows.length, nip: rows.map((r) => r.input.nip) },
        };
      },
      unique: 'Ada NIP yang baru saja dipakai data lain; periksa ulang berkas',
      analyze: repo.analyzeEmployees,
    });
  }

  return { template, importEmployees };
}

export type EmployeesImportService = ReturnType<typeof createEmployeesImportService>;
