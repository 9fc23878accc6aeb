import { sql } from 'drizzle-orm';
import { type AuthUser } from '@mms/shared';
import { forbidden } from '../../lib/errors.ts';
import { userCan } from '../../lib/scope.ts';
import { never, type RowRule } from '../access/row-rule.ts';

/**
 * Who writes counselling records: the signed-in BPBK employee of a unit, i.e. a holder of both
 * `counselling.manage` and `counselling.confidential`. ADMIN manages the platform but never reads the
 * content, so it writes none either (the form would show what it wrote).
 */
const holdsWriterPermissions = (user: AuthUser) =>
  userCan(user, 'counselling.confidential') && userCan(user, 'counselling.manage');

/** Why `user` may not write counselling records, or null when they may (of their unit, as its employee). */
function writerRefusal(user: AuthUser): string | null {
  if (!holdsWriterPermissions(user))
    return 'Hanya guru BK yang dapat menulis catatan konseling dan hasil tes psikologi';
  if (!user.unit || !user.employeeId) return 'Akun Anda belum terhubung ke unit sekolah';
  return null;
}

/** The counsellor's unit and employee, for a new record (an existing one is checked by its rule's `write`). */
export function assertCounsellor(user: AuthUser): { unitId: number; employeeId: number } {
  const refusal = writerRefusal(user);
  if (refusal) throw forbidden(refusal);
  return { unitId: user.unit!.id, employeeId: user.employeeId! };
}

/**
 * The rule of a confidential counselling record (a note, a psychological test), live rows only (a deleted one
 * is not found). `read` (the content): holders of counselling.confidential (BPBK, the principal) of its unit.
 * `write`: a counsellor (`assertCounsellor`) of its unit.
 */
function confidentialRule(table: string, alias: string, noun: string): RowRule<'read' | 'write'> {
  return {
    noun,
    from: sql.raw(`(select * from ${table} where deleted_at is null) ${alias}`),
    id: sql.raw(`${alias}.id`),
    unit: sql.raw(`${alias}.unit_id`),
    label: sql.raw(`${alias}.id::text`),
    reach(_exec, actor, action) {
      const may = action === 'read' ? userCan(actor, 'counselling.confidential') : writerRefusal(actor) === null;
      return Promise.resolve(may ? null : never);
    },
    denied: (action, _label, actor) =>
      action === 'read'
        ? 'Isi catatan konseling hanya untuk guru BK dan kepala sekolah'
        : (writerRefusal(actor) ?? 'Data ini milik unit lain'),
    // one who may not write at all hears why, whichever unit the record is of
    unitDenied: (action, actor) => (action === 'write' && writerRefusal(actor) !== null ? 'reach' : 'unit'),
  };
}

/** The counselling case rule: a counselling note (catatan konseling) and the students it names. */
export const counsellingCaseRule = confidentialRule('counselling_notes', 'n', 'Catatan konseling');

/** The psychological test rule (hasil tes psikologi): confidential like the notes. */
export const psychotestRule = confidentialRule('psychotests', 'pt', 'Hasil tes psikologi');
