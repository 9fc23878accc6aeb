import { type AuthUser } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import * as school from '../school/school.service.ts';
import { findStudents } from './counselling.repo.ts';
import { userCan } from '../../lib/scope.ts';

/**
 * Who writes counselling records: the signed-in BPBK employee of a unit, i.e. a holder of both
 * `counselling.manage` and `counselling.confidential`. ADMIN manages the platform but never reads the
 * content, so it writes none either (the form would show what it wrote).
 */
export function assertCounsellor(user: AuthUser): { unitId: number; employeeId: number } {
  if (!userCan(user, 'counselling.confidential') || !userCan(user, 'counselling.manage')) {
    throw forbidden('Hanya guru BK yang dapat menulis catatan konseling dan hasil tes psikologi');
  }
  if (!user.unit || !user.employeeId) throw forbidden('Akun Anda belum terhubung ke unit sekolah');
  return { unitId: user.unit.id, employeeId: user.employeeId };
}

/**
 * The students named by a record, each of the counsellor's unit, with their class of the active year
 * (kept on the record: lists and the report count by the class the student was in then).
 */
export async function studentsForWrite(exec: Executor, unitId: number, ids: number[], field = 'studentIds') {
  const found = await findStudents(exec, ids);
  if (found.length !== ids.length || found.some((s) => s.unitId !== unitId)) {
    throw badRequest('Siswa tidak ditemukan di unit Anda', { [field]: 'Siswa tidak ditemukan di unit Anda' });
  }
  const rows: { studentId: number; classGroupId: number | null }[] = [];
  for (const s of found) {
    // one after another: inside a transaction the queries share one connection
    const cls = await school.classOfStudent(exec, s.id);
    rows.push({ studentId: s.id, classGroupId: cls?.id ?? null });
  }
  return rows;
}
