import { sql, type SQL } from 'drizzle-orm';
import type { Permission } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { seesAllUnits, seesOnlyOwnClasses, userCan } from '../../lib/scope.ts';
import { idIn, never, rowsOf, type RowRule } from '../access/row-rule.ts';
import { ownClassIds, ownStudent } from '../school/class-access.ts';
import { activeYearClassJoinSql } from '../school/school.service.ts';

/**
 * The row rules of discipline (issue 38, part 1): violations, achievements, sanctions and a student's point
 * ledger, applied by modules/access/access.service.ts for the single-row checks and the list queries alike.
 */

/** BPBK, the principal and ADMIN decide; YAYASAN reads every unit: they see all records of their scope. */
const seesWholeUnit = (actor: Actor) => userCan(actor, 'discipline.manage') || seesAllUnits(actor);

/** The student's own records: the signed-in student's (an SQL expression of the row's student). */
const isOwnStudent = (actor: Actor, student: SQL) => sql`${student} = ${ownStudent(actor)}`;

/**
 * "A teacher sees the student": the student's (an SQL expression) class of the active year, the same class the
 * lists show, is one the teacher teaches or leads (`ownClassIds`); null when the actor is not bound to classes.
 */
async function inOwnClass(exec: Executor, actor: Actor, student: SQL): Promise<SQL | null> {
  const own = await ownClassIds(exec, actor);
  if (own === null) return null;
  if (!own.length) return never;
  return sql`exists (select 1 from (select ${student} as id) ps ${activeYearClassJoinSql(sql`ps.id`, 'pc')}
     where ${idIn(sql`pc.id`, own)})`;
}

/** Only holders of the permission the deciding routes declare: the unit's rows, nobody else's. */
const holders = (actor: Actor, permission: Permission) => (userCan(actor, permission) ? null : never);

/** A student hears "not yours" for another unit's row too (for the reads a student makes). */
const studentHearsReach = (action: string, actor: Actor) =>
  action === 'read' && actor.division === 'STUDENT' ? 'reach' : 'unit';

/**
 * The violation rule. `read`: a student only their own verified violations; a teacher (bound to their classes)
 * only what they reported; everyone else the unit's. `change` (while it waits for verification): the reporter,
 * or one who decides (discipline.manage). `decide` (verify, reject): discipline.manage, the unit's.
 */
export const violationRule: RowRule<'read' | 'change' | 'decide'> = {
  noun: 'Pelanggaran',
  ...rowsOf('violations', 'v', { label: 'id::text' }),
  reach(_exec, actor, action) {
    if (action === 'decide') return Promise.resolve(holders(actor, 'discipline.manage'));
    const reporter = sql`v.reporter_user_id = ${actor.id}`;
    if (action === 'change') return Promise.resolve(userCan(actor, 'discipline.manage') ? null : reporter);
    if (actor.division === 'STUDENT') {
      return Promise.resolve(sql`(v.status = 'VERIFIED' and ${isOwnStudent(actor, sql`v.student_id`)})`);
    }
    return Promise.resolve(seesOnlyOwnClasses(actor) ? reporter : null);
  },
  denied: (action, _label, actor) =>
    action === 'change'
      ? 'Anda hanya dapat mengubah laporan pelanggaran yang Anda buat'
      : action === 'decide'
        ? 'Hanya guru BK dan kepala sekolah yang dapat memutuskan pelanggaran'
        : actor.division === 'STUDENT'
          ? 'Data ini bukan milik Anda'
          : 'Anda hanya dapat membuka laporan pelanggaran yang Anda buat',
  unitDenied: studentHearsReach,
};

/**
 * The achievement rule. `read`: a student only their own; everyone else the unit's. `change` (the record and its
 * evidence): counselling.manage, the unit's (the routes that change achievements declare it).
 */
export const achievementRule: RowRule<'read' | 'change'> = {
  noun: 'Prestasi',
  ...rowsOf('achievements', 'a', { label: 'title' }),
  reach(_exec, actor, action) {
    if (action === 'change') return Promise.resolve(holders(actor, 'counselling.manage'));
    return Promise.resolve(actor.division === 'STUDENT' ? isOwnStudent(actor, sql`a.student_id`) : null);
  },
  denied: (action) =>
    action === 'change' ? 'Hanya guru BK yang dapat mengubah prestasi' : 'Data ini bukan milik Anda',
  unitDenied: studentHearsReach,
};

/**
 * The sanction rule. `read`: who sees the whole unit (discipline.manage, YAYASAN) the unit's; a teacher those they
 * supervise and those of students of a class they teach or lead; others the unit's. `decide` (confirm, reject,
 * change): discipline.manage, the unit's.
 */
export const sanctionRule: RowRule<'read' | 'decide'> = {
  noun: 'Sanksi',
  ...rowsOf('sanctions', 'x', { label: 'title' }),
  async reach(exec, actor, action) {
    if (action === 'decide') return holders(actor, 'discipline.manage');
    if (seesWholeUnit(actor)) return null;
    const taught = await inOwnClass(exec, actor, sql`x.student_id`);
    if (taught === null || !actor.employeeId) return taught;
    return sql`(x.supervisor_employee_id = ${actor.employeeId} or ${taught})`;
  },
  denied: (action) =>
    action === 'decide'
      ? 'Hanya guru BK dan kepala sekolah yang dapat memutuskan sanksi'
      : 'Anda hanya dapat membuka sanksi siswa kelas yang Anda ajar atau walikan',
};

/**
 * The point-ledger rule, over students: who sees the whole unit the unit's students' ledgers; a teacher those of
 * the students of a class they teach or lead (`inOwnClass`); others the unit's.
 */
export const pointLedgerRule: RowRule<'read'> = {
  noun: 'Siswa',
  ...rowsOf('students', 's'),
  reach: (exec, actor) => (seesWholeUnit(actor) ? Promise.resolve(null) : inOwnClass(exec, actor, sql`s.id`)),
  denied: () => 'Anda hanya dapat membuka poin siswa kelas yang Anda ajar atau walikan',
};
