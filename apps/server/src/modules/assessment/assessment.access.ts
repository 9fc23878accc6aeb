import { sql, type SQL } from 'drizzle-orm';
import type { AuthUser } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { forbidden } from '../../lib/errors.ts';
import { assertUnit, userCan } from '../../lib/scope.ts';
import { never, reachesNewRow, type RowRule } from '../access/row-rule.ts';
import * as school from '../school/school.service.ts';

/**
 * The employee's subject and grade pairs of this year (`subjectGradesTaught`, the school service's one rule) as
 * a condition over `alias.subject_id, alias.grade_id`; none taught: no row.
 */
export async function taughtPairSql(exec: Executor, employeeId: number, alias: string): Promise<SQL> {
  const pairs = await school.subjectGradesTaught(exec, employeeId);
  if (!pairs.length) return never;
  const subjects = `{${pairs.map((p) => p.subjectId).join(',')}}`;
  const grades = `{${pairs.map((p) => p.gradeId).join(',')}}`;
  return sql`exists (select 1 from unnest(${subjects}::int[], ${grades}::int[]) taught(subject_id, grade_id)
     where taught.subject_id = ${sql.raw(alias)}.subject_id and taught.grade_id = ${sql.raw(alias)}.grade_id)`;
}

/** The table part of a rule over rows not deleted (`deleted_at is null`), labelled by id (constants, never input). */
const liveRowsOf = (table: string, alias: string) => ({
  from: sql.raw(`(select * from ${table} where deleted_at is null) ${alias}`),
  id: sql.raw(`${alias}.id`),
  unit: sql.raw(`${alias}.unit_id`),
  label: sql.raw(`${alias}.id::text`),
});

/**
 * The question bank rule. `read`: the unit's questions for those who control its assessments
 * (`assessment.control`: WAKAKUR, ADMIN, TEACHERCASHIER); anyone else only the questions of a subject they teach
 * in that grade this year. `change` (edit, delete): those who control the unit's; anyone else only a question they
 * wrote, of a subject they still teach in that grade. Deleted questions are not found.
 */
export const questionRule: RowRule<'read' | 'change'> = {
  noun: 'Soal',
  ...liveRowsOf('questions', 'q'),
  async reach(exec, actor, action) {
    if (userCan(actor, 'assessment.control')) return null;
    if (!actor.employeeId) return never;
    const taught = await taughtPairSql(exec, actor.employeeId, 'q');
    return action === 'change' ? sql`(q.author_employee_id = ${actor.employeeId} and ${taught})` : taught;
  },
  denied: (action) =>
    action === 'change'
      ? 'Hanya penulis soal atau wakakur yang dapat mengubah soal ini'
      : 'Anda hanya dapat membuka soal mapel yang Anda ajar di tingkat ini',
};

/**
 * The question rule's `change` over a question not written yet, of which the actor is the author (its subject,
 * grade and unit, checked by the caller): the rule's own condition evaluated over that row, inside the transaction
 * that will write it (or the import's dry run). 403 for another unit's pair, or one the actor may not write.
 */
export async function assertMayWriteNew(
  exec: Executor,
  actor: Actor,
  q: { subjectId: number; gradeId: number; unitId: number },
): Promise<void> {
  assertUnit(actor, q.unitId);
  const row = { author_employee_id: actor.employeeId ?? null, subject_id: q.subjectId, grade_id: q.gradeId };
  if (!(await reachesNewRow(exec, actor, questionRule, 'change', 'q', row)))
    throw forbidden('Anda hanya dapat menulis soal mapel yang Anda ajar di tingkat ini');
}

/** Who leads the unit's assessments: checks, schedules or controls them (they read every one of the unit). */
export const leadsAssessments = (user: AuthUser) =>
  userCan(user, 'assessment.check') || userCan(user, 'assessment.schedule') || userCan(user, 'assessment.control');

/**
 * The assessment rule. `read`: the unit's assessments for those who lead them (`leadsAssessments`); a teacher
 * those they wrote (even after they stop teaching the grade), those of a subject they teach in that grade this
 * year, and those shared with them. Deleted assessments are not found.
 */
export const assessmentRule: RowRule<'read'> = {
  noun: 'Penilaian',
  ...liveRowsOf('assessments', 'a'),
  async reach(exec, actor) {
    if (leadsAssessments(actor)) return null;
    const me = actor.employeeId;
    if (!me) return never;
    return sql`(a.author_employee_id = ${me} or ${await taughtPairSql(exec, me, 'a')}
      or exists (select 1 from assessment_shares sh where sh.assessment_id = a.id and sh.employee_id = ${me}))`;
  },
  denied: () => 'Anda hanya dapat membuka penilaian mapel yang Anda ajar atau yang dibagikan kepada Anda',
};
