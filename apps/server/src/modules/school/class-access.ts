import { sql, type SQL } from 'drizzle-orm';
import type { AuthUser } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import { cached, dependsOn } from '../../lib/read-cache.ts';
import { seesOnlyOwnClasses, userCan } from '../../lib/scope.ts';
import { idIn, never, rowsOf, type RowRule } from '../access/row-rule.ts';

/**
 * The one definition of "the employee teaches or leads the class": homeroom teacher, a teaching
 * assignment, or a timetable slot in it. SQL that needs the rule inside its own statement (the
 * register save, attendance.repo.ts) embeds this fragment; everything else asks the access service's class rule
 * (below; `access.limitedTo` for the ids themselves).
 * `employee` and `cls` are SQL expressions: the employee id and the class_groups alias.
 */
export const teachesClassSql = (employee: string, cls: string) => `(${cls}.homeroom_employee_id = ${employee}
      or exists (select 1 from teaching_assignments t where t.employee_id = ${employee} and t.class_group_id = ${cls}.id)
      or exists (select 1 from timetable_slots s where s.employee_id = ${employee} and s.class_group_id = ${cls}.id))`;

const TAUGHT_OR_LED = dependsOn('class_groups', 'teaching_assignments', 'timetable_slots');

/** The classes an employee teaches or leads (by `teachesClassSql`), from the read cache. */
export function classIdsOfEmployee(db: Executor, employeeId: number): Promise<number[]> {
  return cached(db, `classIdsOfEmployee:${employeeId}`, TAUGHT_OR_LED, async () => {
    const result = await db.execute<{ id: number }>(
      sql`select cg.id from class_groups cg, (select ${employeeId}::int as employee_id) p
          where ${sql.raw(teachesClassSql('p.employee_id', 'cg'))} order by cg.id`,
    );
    return result.rows.map((r) => r.id);
  });
}

/**
 * The classes a caller is limited to: a teacher's own (taught or led), or null for the divisions
 * that see every class of their unit (principal, wakakur, BK, admin...).
 */
export async function ownClassIds(db: Executor, user: AuthUser): Promise<number[] | null> {
  if (!seesOnlyOwnClasses(user)) return null;
  if (!user.employeeId) return [];
  return classIdsOfEmployee(db, user.employeeId);
}

const ACTIVE_YEAR = sql` and exists (select 1 from academic_years oy where oy.id = oc.academic_year_id and oy.is_active)`;

/**
 * The one definition of "the student's own class": an open enrolment of the student in class `cls` (a
 * class_groups alias) of that class's year, or with `activeYear` only in a class of the active year. The class
 * rule's schedule and journal reads and the material rule (modules/journal/material-access.ts) embed it.
 */
export const sitsInClass = (studentId: number, cls: string, activeYear = false) => sql`exists (select 1
    from enrollments own join class_groups oc on oc.id = own.class_group_id
   where own.student_id = ${studentId} and own.class_group_id = ${sql.raw(cls)}.id and own.ended_at is null
     and own.academic_year_id = oc.academic_year_id${activeYear ? ACTIVE_YEAR : sql``})`;

/** The student's own class (of the active year) is of the grade `gradeId` (an SQL expression of the caller's row). */
export const sitsInGrade = (studentId: number, gradeId: SQL) =>
  sql`exists (select 1 from class_groups cg where cg.grade_id = ${gradeId} and ${sitsInClass(studentId, 'cg', true)})`;

/** The student the actor is (their account's student, else the student row linked to their user): an SQL value. */
export const ownStudent = (actor: { id: number; studentId?: number | null }): SQL | number =>
  actor.studentId ?? sql`(select st.id from students st where st.user_id = ${actor.id} limit 1)`;

/** The unit of the subject `subjectId` (an SQL expression of the caller's row). */
export const unitOfSubject = (subjectId: SQL) => sql`(select su.unit_id from subjects su where su.id = ${subjectId})`;

const studentsOwnClass = (actor: { studentId?: number | null }, activeYear: boolean) =>
  actor.studentId ? sitsInClass(actor.studentId, 'cg', activeYear) : never;

/**
 * The class rule. `read`: the unit's classes, and for teachers those they teach or lead (`ownClassIds`, cached).
 * `readSchedule` (a class's timetable): the unit's classes, for a student only their own class. `readJournal` (a
 * lesson's journal; the lesson's own teacher and substitute are let in by the journal service): `read`, for a
 * student only their own class of the active year.
 */
export const classRule: RowRule<'read' | 'readSchedule' | 'readJournal'> = {
  noun: 'Kelas',
  ...rowsOf('class_groups', 'cg'),
  async reach(exec, actor, action) {
    if (actor.division === 'STUDENT' && action !== 'read') return studentsOwnClass(actor, action === 'readJournal');
    if (action === 'readSchedule') return null;
    const own = await ownClassIds(exec, actor);
    return own === null ? null : own.length ? idIn(sql`cg.id`, own) : never;
  },
  denied: (action, name, actor) =>
    action === 'readSchedule'
      ? 'Anda hanya dapat melihat jadwal kelas Anda sendiri'
      : action === 'readJournal' && actor.division === 'STUDENT'
        ? 'Anda hanya dapat melihat jurnal kelas Anda sendiri'
        : `Anda tidak mengajar atau menjadi wali kelas ${name}`,
  // a student hears "your own class" for another unit's class too
  unitDenied: (action, actor) => (action !== 'read' && actor.division === 'STUDENT' ? 'reach' : 'unit'),
};

/** The student has an open enrolment of the active year in a class the employee leads as homeroom teacher. */
const inHomeroomOf = (employeeId: number) => sql`exists (select 1 from enrollments en
    join academic_years ay on ay.id = en.academic_year_id and ay.is_active
    join class_groups hc on hc.id = en.class_group_id and hc.academic_year_id = ay.id
   where en.student_id = s.id and en.ended_at is null and hc.homeroom_employee_id = ${employeeId})`;

/**
 * The student rule. `read`: the unit's students, and for teachers those with an open enrolment in a class they
 * teach or lead. `readRecord` (the pesantren record, issue 16): for teachers only the students of a class they
 * lead as homeroom teacher in the active year; out of reach is "not found". `readCounselling` (that a counselling
 * case exists, its date and status): holders of counselling.read in the unit, anyone else only as homeroom teacher.
 * `counter` (the finance counter: a student's open bills and credit, a payment taken for them): the unit's
 * students, no class limit (route access says who). `self` (a student's own receipts and charges): only the student
 * the actor is (`ownStudent`), whatever the account's unit; anyone else is "not found".
 */
export const studentRule: RowRule<'read' | 'readRecord' | 'readCounselling' | 'counter' | 'self'> = {
  noun: 'Siswa',
  ...rowsOf('students', 's'),
  everyUnit: (action) => (action === 'self' ? sql`true` : null),
  async reach(exec, actor, action) {
    if (action === 'counter') return null;
    if (action === 'self') return sql`s.id = ${ownStudent(actor)}`;
    if (action === 'readCounselling') {
      if (userCan(actor, 'counselling.read')) return null;
      return actor.employeeId ? inHomeroomOf(actor.employeeId) : never;
    }
    if (!seesOnlyOwnClasses(actor)) return null;
    if (action === 'readRecord') return actor.employeeId ? inHomeroomOf(actor.employeeId) : never;
    const own = (await ownClassIds(exec, actor)) ?? [];
    if (!own.length) return never;
    return sql`exists (select 1 from enrollments en
        where en.student_id = s.id and en.ended_at is null and ${idIn(sql`en.class_group_id`, own)})`;
  },
  denied: (action) =>
    action === 'readCounselling'
      ? 'Anda hanya dapat melihat status konseling siswa kelas perwalian Anda'
      : 'Siswa ini tidak berada di kelas yang Anda ajar',
  // one who sees counselling status only as homeroom teacher hears the homeroom rule for another unit's student
  unitDenied: (action, actor) =>
    action === 'readCounselling' && !userCan(actor, 'counselling.read') ? 'reach' : 'unit',
  hidden: (action) => action === 'readRecord' || action === 'self',
};

/** The unit rule: a unit is reached by its own members, every unit by YAYASAN and ADMIN (unless a token binds them). */
export const unitRule: RowRule<'read'> = {
  noun: 'Unit',
  ...rowsOf('units', 'u', { unit: 'id' }),
  reach: () => Promise.resolve(null),
  denied: () => 'Data ini milik unit lain',
};
