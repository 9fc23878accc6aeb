import { type AuthUser } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import { actorOfUser } from '../../lib/actor.ts';
import { badRequest } from '../../lib/errors.ts';
import { access } from '../access/access.service.ts';
import * as school from '../school/school.service.ts';

/**
 * The students named by a record, each one the writer may see the counselling of (the student rule's
 * `readCounselling`: for a counsellor, a student of their unit), with their class of the active year (kept on
 * the record: lists and the report count by the class the student was in then).
 */
export async function studentsForWrite(exec: Executor, user: AuthUser, ids: number[], field = 'studentIds') {
  const allowed = await access.allowed(exec, actorOfUser(user), 'readCounselling', 'student', ids);
  if (allowed.size !== ids.length) {
    throw badRequest('Siswa tidak ditemukan di unit Anda', { [field]: 'Siswa tidak ditemukan di unit Anda' });
  }
  const rows: { studentId: number; classGroupId: number | null }[] = [];
  for (const id of ids) {
    // one after another: inside a transaction the queries share one connection
    const cls = await school.classOfStudent(exec, id);
    rows.push({ studentId: id, classGroupId: cls?.id ?? null });
  }
  return rows;
}
