import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { forbidden } from '../../lib/errors.ts';
import { assertUnit, seesOnlyOwnClasses } from '../../lib/scope.ts';
import { never, reachesNewRow, type RowRule } from '../access/row-rule.ts';
import { taughtPairSql } from '../assessment/assessment.access.ts';
import { sitsInGrade, unitOfSubject } from '../school/class-access.ts';

type MaterialAction = 'read' | 'manage';

/**
 * The material rule (a subject's material for one grade, of the subject's unit). `read`: the unit's material, for
 * a student only the material of the grade of their own class of the active year (`sitsInClass`, the same
 * definition as the class rule's schedule and journal reads). `manage` (write, change, delete, attach): the unit's
 * leaders every material of the unit; a teacher only the material of a subject they teach in that grade this year,
 * whoever wrote it (the subject team shares it).
 */
export const materialRule: RowRule<MaterialAction> = {
  noun: 'Materi',
  from: sql`subject_materials m`,
  id: sql`m.id`,
  unit: unitOfSubject(sql`m.subject_id`),
  label: sql`m.title`,
  async reach(exec, actor, action) {
    if (action === 'manage') {
      if (!seesOnlyOwnClasses(actor)) return null;
      return actor.employeeId ? taughtPairSql(exec, actor.employeeId, 'm') : never;
    }
    if (actor.division !== 'STUDENT') return null;
    if (!actor.studentId) return never;
    return sitsInGrade(actor.studentId, sql`m.grade_id`);
  },
  denied: (action) =>
    action === 'manage'
      ? 'Anda hanya dapat mengelola materi mapel yang Anda ajar di tingkat ini'
      : 'Materi ini bukan untuk tingkat kelas Anda',
  // a student hears "not for your grade" for another unit's material too
  unitDenied: (action, actor) => (action === 'read' && actor.division === 'STUDENT' ? 'reach' : 'unit'),
};

/**
 * The `manage` rule over material not written yet (its subject, grade and unit, checked by the caller): the rule's
 * own condition evaluated over that row, inside the transaction that will write it.
 */
export async function assertMayManageNew(
  exec: Executor,
  actor: Actor,
  m: { subjectId: number; gradeId: number; unitId: number },
): Promise<void> {
  assertUnit(actor, m.unitId);
  const row = { subject_id: m.subjectId, grade_id: m.gradeId };
  if (!(await reachesNewRow(exec, actor, materialRule, 'manage', 'm', row)))
    throw forbidden(materialRule.denied('manage', '', actor));
}
