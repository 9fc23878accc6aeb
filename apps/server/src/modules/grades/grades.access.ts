import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { seesOnlyOwnClasses, userCan } from '../../lib/scope.ts';
import { never, type RowRule } from '../access/row-rule.ts';
import * as school from '../school/school.service.ts';

/**
 * A score sheet is a class and a subject of its unit; its id for the access service is one number made of both
 * (`sheetKey`): the class id times 2^31 plus the subject id (ids are positive int4, so the key is exact in a
 * JavaScript number for any class id below 2^22).
 */
const CLASS_FACTOR = 2 ** 31;
export const sheetKey = (classGroupId: number, subjectId: number) => classGroupId * CLASS_FACTOR + subjectId;
const unKey = (ids: readonly number[]) => ({
  classes: `{${ids.map((k) => Math.floor(k / CLASS_FACTOR)).join(',')}}`,
  subjects: `{${ids.map((k) => k % CLASS_FACTOR).join(',')}}`,
});

/** The sheet is one of the class and subject pairs (two int arrays, element by element). */
const pairIn = (classes: string, subjects: string) =>
  sql`(sh.class_group_id, sh.subject_id) in (select * from unnest(${classes}::int[], ${subjects}::int[]))`;

/** The pairs the employee teaches this year (a teaching assignment or a timetable slot: school's one rule). */
async function teaches(exec: Executor, actor: Actor): Promise<SQL> {
  if (!actor.employeeId) return never;
  const pairs = await school.classSubjectsTaught(exec, actor.employeeId);
  if (!pairs.length) return never;
  return pairIn(`{${pairs.map((p) => p.classGroupId).join(',')}}`, `{${pairs.map((p) => p.subjectId).join(',')}}`);
}

/** Who corrects any sheet of the unit (WAKAKUR, ADMIN: `assessment.check`). */
const corrects = (actor: Actor) => userCan(actor, 'assessment.check');

/**
 * The score sheet rule (issue 12's one rule). `read`: a teacher the sheets of a subject they teach in a class this
 * year and every sheet of the class they lead as homeroom teacher; everyone else of the unit every sheet (the
 * routes keep students out). `edit` (columns and scores): the subject's teacher of the class, and those who
 * correct (`corrects`) every sheet of the unit.
 */
export const scoreSheetRule: RowRule<'read' | 'edit'> = {
  noun: 'Lembar nilai',
  from: sql`(select cg.id as class_group_id, su.id as subject_id, cg.unit_id, cg.homeroom_employee_id,
      cg.name || ' ' || su.name as name
      from class_groups cg join subjects su on su.unit_id = cg.unit_id) sh`,
  id: sql`(sh.class_group_id::float8 * ${CLASS_FACTOR} + sh.subject_id)`,
  idIn: (ids) => {
    const { classes, subjects } = unKey(ids);
    return pairIn(classes, subjects);
  },
  unit: sql`sh.unit_id`,
  label: sql`sh.name`,
  async reach(exec, actor, action) {
    if (seesOnlyOwnClasses(actor)) {
      const taught = await teaches(exec, actor);
      if (action === 'edit') return taught;
      return actor.employeeId ? sql`(${taught} or sh.homeroom_employee_id = ${actor.employeeId})` : taught;
    }
    if (action === 'read' || corrects(actor)) return null;
    return teaches(exec, actor);
  },
  denied: (action) =>
    action === 'edit'
      ? 'Hanya guru mapel kelas ini atau wakakur yang dapat mengisi nilai'
      : 'Anda hanya dapat membuka nilai mapel yang Anda ajar atau kelas perwalian Anda',
};
