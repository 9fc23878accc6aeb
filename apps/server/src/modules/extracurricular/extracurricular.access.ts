import { sql } from 'drizzle-orm';
import type { Actor } from '../../lib/actor.ts';
import { seesOnlyOwnClasses, userCan } from '../../lib/scope.ts';
import { never, rowsOf, type RowRule } from '../access/row-rule.ts';

/** Who writes every activity of the unit and grades any of them: the curriculum's WAKAKUR (and ADMIN). */
export const managesExtracurriculars = (actor: Actor) => userCan(actor, 'extracurricular.manage');

/** The activities the actor coaches, as a condition over `ex.coach_employee_id`. */
const coached = (actor: Actor) => (actor.employeeId ? sql`ex.coach_employee_id = ${actor.employeeId}` : never);

/**
 * The extracurricular rule (issue 40 §2). `read`: a teacher (TEACHER, TEACHERCASHIER) the activities they coach, the
 * unit's leaders every one; `grade` (the semester's predicates and notes): the activity's coach only, and WAKAKUR
 * and ADMIN every activity of the unit (`extracurricular.manage`), who oversee and correct them; `manage`
 * (change, delete, members): WAKAKUR and ADMIN, every activity of the unit.
 */
export const extracurricularRule: RowRule<'read' | 'grade' | 'manage'> = {
  noun: 'Ekstrakurikuler',
  ...rowsOf('extracurriculars', 'ex'),
  async reach(_exec, actor, action) {
    if (managesExtracurriculars(actor)) return null;
    if (action === 'manage') return never;
    if (action === 'read' && !seesOnlyOwnClasses(actor)) return null;
    return coached(actor);
  },
  denied: (action) =>
    action === 'grade'
      ? 'Hanya pembina kegiatan ini atau wakakur yang dapat menilai anggotanya'
      : action === 'manage'
        ? 'Hanya wakakur yang dapat mengubah ekstrakurikuler'
        : 'Anda hanya dapat membuka ekstrakurikuler yang Anda bina',
};
