import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { forbidden } from '../../lib/errors.ts';
import { seesOnlyOwnClasses } from '../../lib/scope.ts';
import * as school from '../school/school.service.ts';
import { never, rowsOf, type RowRule } from '../access/row-rule.ts';

/**
 * The rapor rule, over a class (issue 40 §2-3). `read` (the rapor, the completeness board, reminders): the class's
 * homeroom teacher (wali kelas) and the leaders with `rapor.read` (principal, WAKAKUR, ADMIN) of the unit; a
 * subject teacher who is not the homeroom does not; a student only their own class of the active year once one of
 * its semesters is published (the service then checks the semester and opens only the student's own rapor).
 * `note` (the homeroom's notes): the class's homeroom teacher alone. `lock` (lock, reopen, publish): the unit's
 * leaders with `rapor.lock` (the permission narrows the divisions; the unit is the whole rule).
 */
export const raporClassRule: RowRule<'read' | 'note' | 'lock'> = {
  noun: 'Kelas',
  ...rowsOf('class_groups', 'cg'),
  async reach(exec, actor, action) {
    if (action === 'lock') return null;
    if (action === 'note') return actor.employeeId ? sql`cg.homeroom_employee_id = ${actor.employeeId}` : never;
    if (actor.division === 'STUDENT') {
      const cls = actor.studentId ? await school.classOfStudent(exec, actor.studentId) : undefined;
      return cls
        ? sql`(cg.id = ${cls.id} and exists (select 1 from rapor_states rs
            where rs.class_group_id = cg.id and rs.status = 'PUBLISHED'))`
        : never;
    }
    if (!seesOnlyOwnClasses(actor)) return null;
    return actor.employeeId ? sql`cg.homeroom_employee_id = ${actor.employeeId}` : never;
  },
  denied: (action, name) =>
    action === 'lock'
      ? `Hanya kepala sekolah atau wakakur unit ini yang dapat mengunci rapor ${name}`
      : action === 'note'
        ? `Hanya wali kelas ${name} yang dapat menulis catatan rapor kelas ini`
        : `Hanya wali kelas ${name} yang dapat membuka rapor kelas ini`,
};

/**
 * A subject teacher submits only a subject they teach in the class this year (their teaching assignment or a
 * timetable period: the school's one rule), decided from the signed-in employee and the database.
 */
export async function requireTeachesSubject(exec: Executor, actor: Actor, classGroupId: number, subjectId: number) {
  const teaches = actor.employeeId
    ? await school.teachesSubjectInClass(exec, actor.employeeId, classGroupId, subjectId)
    : false;
  if (!teaches) throw forbidden('Hanya guru mapel ini di kelas ini yang dapat menyerahkan nilainya untuk rapor');
}
