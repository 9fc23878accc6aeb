import { sql } from 'drizzle-orm';
import { never, type RowRule } from '../access/row-rule.ts';
import { sitsInGrade, unitOfSubject } from '../school/class-access.ts';

/**
 * The material rule (a subject's material for one grade, of the subject's unit). `read`: the unit's material, for
 * a student only the material of the grade of their own class of the active year (`sitsInClass`, the same
 * definition as the class rule's schedule and journal reads).
 */
export const materialRule: RowRule<'read'> = {
  noun: 'Materi',
  from: sql`subject_materials m`,
  id: sql`m.id`,
  unit: unitOfSubject(sql`m.subject_id`),
  label: sql`m.title`,
  reach(_exec, actor) {
    if (actor.division !== 'STUDENT') return Promise.resolve(null);
    if (!actor.studentId) return Promise.resolve(never);
    return Promise.resolve(sitsInGrade(actor.studentId, sql`m.grade_id`));
  },
  denied: () => 'Materi ini bukan untuk tingkat kelas Anda',
  // a student hears "not for your grade" for another unit's material too
  unitDenied: (_action, actor) => (actor.division === 'STUDENT' ? 'reach' : 'unit'),
};
