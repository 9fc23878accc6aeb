import { DIVISIONS, EMPLOYEE_DIVISIONS, type Division } from './divisions.ts';

const ALL = DIVISIONS;
const STAFF = EMPLOYEE_DIVISIONS;
const TEACHERS: readonly Division[] = ['TEACHER', 'TEACHERCASHIER', 'WAKAKUR', 'PRINCIPAL', 'ADMIN'];
const CURRICULUM: readonly Division[] = ['WAKAKUR', 'ADMIN'];
const LEADERS: readonly Division[] = ['PRINCIPAL', 'WAKAKUR', 'YAYASAN', 'ADMIN'];

/**
 * The one permission table of MMS: each named capability and the divisions granted it.
 * The server enforces it on every route; the web menu and route guards are derived from it.
 * Row-level rules (a teacher sees only the classes they teach, a student only themself)
 * live in the services on top of these grants.
 */
export const PERMISSIONS = {
  // platform
  'dashboard.view': ALL,
  'profile.self': ALL,
  'search.use': ALL,
  'audit.read': ['ADMIN'],
  'users.manage': ['ADMIN'],
  /** API tokens of integrations and the old client (docs/legacy-api.md): create, list, revoke */
  'apiTokens.manage': ['ADMIN'],
  /** the notification outbox and its delivery log */
  'outbox.read': ['ADMIN'],
  /** sending a failed notification again */
  'outbox.manage': ['ADMIN'],
  /** the backup screen: the archives, their download, a backup made now and the daily one's last run */
  'backup.manage': ['ADMIN'],
  /** the permission table screen: which division may do what, and the ADMIN's grants and withdrawals on top of it */
  'permissions.manage': ['ADMIN'],

  // school structure and people
  'school.read': STAFF,
  /** what a printed paper shows at its top and bottom: students print their own invoices and receipts too */
  'letterhead.read': ALL,
  'school.unit.manage': ['ADMIN'],
  'school.year.manage': CURRICULUM,
  'school.class.manage': CURRICULUM,
  'school.subject.manage': CURRICULUM,
  'school.homeroom.manage': CURRICULUM,
  'school.teaching.manage': CURRICULUM,
  'school.enrollment.manage': CURRICULUM,
  /** the school calendar (school week, holidays, marked periods): everyone reads it */
  'school.calendar.read': ALL,
  'school.calendar.manage': CURRICULUM,
  'school.student.read': STAFF,
  'school.student.manage': ['PRINCIPAL', 'WAKAKUR', 'ADMIN'],
  'school.student.self': ['STUDENT'],
  'school.employee.read': STAFF,
  'school.employee.manage': ['PRINCIPAL', 'WAKAKUR', 'ADMIN'],
  'schedule.read': ALL,
  'schedule.manage': CURRICULUM,
  'schedule.teachingHours.read': LEADERS,
  /** a teacher's own teaching schedule */
  'schedule.teach': TEACHERS,

  // attendance and journals
  'attendance.self': STAFF,
  'attendance.student.record': TEACHERS,
  'attendance.student.read': [...TEACHERS, 'BPBK', 'YAYASAN'],
  'attendance.staff.read': [...LEADERS, 'TU'],
  'leave.request': ALL,
  'leave.decide': ['PRINCIPAL', 'WAKAKUR', 'ADMIN'],
  'journal.write': TEACHERS,
  'journal.read': ALL,
  /** naming the substitute teacher (guru pengganti) of a lesson */
  'journal.substitute.manage': ['PRINCIPAL', 'WAKAKUR', 'ADMIN'],
  'material.manage': TEACHERS,
  'material.read': ALL,
  'classControl.record': ['PRINCIPAL', 'ADMIN'],
  'analytics.view': [...TEACHERS, 'YAYASAN'],
  /** school-wide analyses (attendance, class entry, class journal) of the leaders */
  'analytics.school': LEADERS,

  // assessment
  'assessment.author': TEACHERS,
  /** reading assessments and taking the workflow steps the caller's role on one allows (authors, checkers, exam staff) */
  'assessment.read': [...TEACHERS, 'TU'],
  'assessment.check': CURRICULUM,
  'assessment.schedule': [...CURRICULUM, 'TU', 'TEACHERCASHIER'],
  'assessment.proctor': TEACHERS,
  'assessment.score': TEACHERS,
  'assessment.take': ['STUDENT'],
  /**
   * the report card (rapor) of a class: its homeroom teacher, the principal and WAKAKUR of the unit (row rule:
   * modules/rapor/rapor.access.ts), with the class's completeness board and the reminders to subject teachers
   */
  'rapor.read': TEACHERS,
  /** submitting one's subject of a class for the rapor (row rule: the caller's own teaching assignment) */
  'rapor.submit': ['TEACHER', 'TEACHERCASHIER', 'WAKAKUR', 'PRINCIPAL'],
  /** the homeroom's notes on the rapors of their class (row rule: the class's homeroom teacher only) */
  'rapor.note': ['TEACHER', 'TEACHERCASHIER', 'WAKAKUR', 'PRINCIPAL'],
  /** locking, reopening one student's subject (audited) and publishing a class's rapors: the unit's leaders */
  'rapor.lock': ['PRINCIPAL', 'WAKAKUR', 'ADMIN'],
  /** a student's own published rapors ("Rapor saya"), each first read marked seen */
  'rapor.self': ['STUDENT'],
  /** a whole unit's rapors as one zip, made by a background job (issue 40 §2; docs/rapor.md): the unit's leaders */
  'rapor.unitJob': ['PRINCIPAL', 'WAKAKUR', 'ADMIN'],
  /**
   * the year-end promotion of a unit (issue 40 §4; docs/promotion.md): the proposal, the apply into the new year and
   * its undo; the principal and WAKAKUR of the unit, ADMIN
   */
  'promotion.manage': ['PRINCIPAL', 'WAKAKUR', 'ADMIN'],
  /** reading the unit's promotion and changing the decisions of one's own homeroom class (row rule: modules/promotion) */
  'promotion.decide': ['TEACHER', 'TEACHERCASHIER', 'PRINCIPAL', 'WAKAKUR', 'ADMIN'],
  /** the Excel sheets of the unit's students and rombel for Dapodik (issue 40 §5; docs/ministry-exports.md) */
  'ministry.dapodik': ['PRINCIPAL', 'WAKAKUR', 'TU', 'ADMIN'],
  /** question lists, trials, distribution, scoring and control of every teacher's assessments */
  'assessment.control': ['TEACHERCASHIER', 'WAKAKUR', 'ADMIN'],

  // learning objectives (tujuan pembelajaran, TP; issue 40); row rule: modules/learning-objectives
  /** the TPs of a subject and grade and the class's mastery of them (a teacher: what they teach or lead) */
  'learningObjectives.read': [...TEACHERS, 'YAYASAN'],
  /** writing TPs and tagging score columns and questions with them: a teacher the subjects and grades they teach */
  'learningObjectives.write': TEACHERS,
  /** every subject's TPs of the unit: the curriculum's WAKAKUR */
  'learningObjectives.manage': CURRICULUM,
  /**
   * the rapor's achievement descriptions (capaian kompetensi) of a class's subject; row rule: the score sheet's
   * (a teacher their own class-subjects and their homeroom class, the unit's leaders)
   */
  'descriptions.read': TEACHERS,
  /** saving them: the subject's teacher of the class, WAKAKUR, ADMIN (the score sheet's edit rule); not the principal */
  'descriptions.write': ['TEACHER', 'TEACHERCASHIER', 'WAKAKUR', 'ADMIN'],

  // extracurriculars (ekstrakurikuler; issue 40 §2, docs/extracurricular.md); row rule: modules/extracurricular
  /** the activities and their members: a teacher the ones they coach, the unit's leaders every one */
  'extracurricular.read': TEACHERS,
  /** creating, changing and deleting activities and their members: the curriculum's WAKAKUR */
  'extracurricular.manage': CURRICULUM,
  /** the semester's predicates and notes of an activity's members: its coach (row rule), WAKAKUR and ADMIN */
  'extracurricular.grade': ['TEACHER', 'TEACHERCASHIER', 'PRINCIPAL', 'WAKAKUR', 'ADMIN'],

  // counselling, discipline, prayer
  'counselling.manage': ['BPBK', 'ADMIN'],
  'counselling.read': ['BPBK', 'PRINCIPAL', 'ADMIN'],
  'counselling.self': ['STUDENT'],
  /** the content of counselling notes: only BPBK and the principal (every read is audited) */
  'counselling.confidential': ['BPBK', 'PRINCIPAL'],
  /** that a counselling case exists and its status (a homeroom teacher, for the classes they lead) */
  'counselling.status': [...TEACHERS, 'BPBK'],
  'discipline.record': [...TEACHERS, 'BPBK'],
  /** verifying violations, the rule catalogue, thresholds, remissions and confirming sanctions */
  'discipline.manage': ['BPBK', 'PRINCIPAL', 'ADMIN'],
  'discipline.read': [...TEACHERS, 'BPBK', 'YAYASAN'],
  /** discipline recap and chart of the whole school */
  'discipline.recap': LEADERS,
  'prayer.record': TEACHERS,
  'prayer.read': [...TEACHERS, 'YAYASAN'],
  /** midday and afternoon prayer pages of the leaders */
  'prayer.monitor': LEADERS,

  // admission
  'admission.manage': ['PRINCIPAL', 'WAKAKUR', 'TU', 'ADMIN'],
  'admission.questions': ['PRINCIPAL', 'ADMIN'],
  /** accept, waitlist or reject an applicant, and correct the selection test's answers */
  'admission.decide': ['PRINCIPAL', 'ADMIN'],

  // finance
  'finance.manage': ['TEACHERCASHIER', 'ADMIN'],
  'finance.read': ['TEACHERCASHIER', 'PRINCIPAL', 'YAYASAN', 'ADMIN'],
  'finance.self': ['STUDENT'],
  /** approves a payment reversal asked by a cashier (never the one who asked) */
  'finance.approve': ['TEACHERCASHIER', 'PRINCIPAL', 'ADMIN'],
  /** the principal and the foundation: master, monthly process, list (spec: principal and foundation screens) */
  'bisyaroh.manage': ['PRINCIPAL', 'YAYASAN', 'ADMIN'],
  /** one's own honorarium slips: the teachers and staff who are paid one, not the foundation nor ADMIN (issue 39) */
  'bisyaroh.self': STAFF.filter((d) => d !== 'YAYASAN' && d !== 'ADMIN'),

  // Quran reading
  'btq.manage': ['PRINCIPAL', 'ADMIN'],
  'btq.teach': TEACHERS,
  'btq.read': [...TEACHERS, 'YAYASAN'],
  /** the one pesantren record of a student: homeroom teachers (their classes), BPBK, leaders; each part by its own permission */
  'student.record': [...TEACHERS, 'BPBK', 'YAYASAN'],

  // reports and content
  'reports.view': [...LEADERS, 'TU'],
  /** school-wide monitoring of the leaders: all-teacher attendance, absentees, school reports */
  'school.monitor': LEADERS,
  /** student and teacher journal reports */
  'journal.report': [...LEADERS, 'TU'],
  'content.manage': ['ADMIN'],
  /** removes an uploaded file that nothing uses (the upload history) */
  'files.remove': ['ADMIN'],
} as const satisfies Record<string, readonly Division[]>;

export type Permission = keyof typeof PERMISSIONS;

export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/**
 * ADMIN's own rights over the system (accounts, the audit trail, tokens, the outbox, backups, the permission table,
 * removing files): the permission table screen never grants them to another division and never withdraws them from
 * ADMIN (issue 39).
 */
export const SYSTEM_PERMISSIONS = [
  'users.manage',
  'audit.read',
  'apiTokens.manage',
  'outbox.read',
  'outbox.manage',
  'backup.manage',
  'permissions.manage',
  'files.remove',
] as const satisfies readonly Permission[];

export const isSystemPermission = (permission: string): boolean =>
  (SYSTEM_PERMISSIONS as readonly string[]).includes(permission);

/** One change of the ADMIN to the code's table: a grant (`granted`) or a withdrawal, in every unit or in one. */
export interface PermissionChange {
  division: Division;
  unitId: number | null;
  permission: string;
  granted: boolean;
}

/**
 * What a division may do in a unit: the code's table, then the division-wide changes, then the unit's own (which
 * win); a change the limits forbid (a system right) is ignored should it be in the table anyway.
 */
export function effectivePermissions(
  division: Division,
  unitId: number | null,
  changes: readonly PermissionChange[],
): Set<Permission> {
  const set = new Set(permissionsOf(division));
  const apply = (c: PermissionChange) => {
    if (c.division !== division || !isPermission(c.permission) || isSystemPermission(c.permission)) return;
    if (c.granted) set.add(c.permission);
    else set.delete(c.permission);
  };
  changes.filter((c) => c.unitId === null).forEach(apply);
  if (unitId !== null) changes.filter((c) => c.unitId === unitId).forEach(apply);
  return set;
}

/** What a route declares: a permission, any signed-in user, or open to everyone. */
/**
 * `applicant`: the admission applicant signed in with the registration number and PIN (not a staff account);
 * the route itself resolves that session (modules/admission/applicant-session.ts `requireApplicant`).
 */
export type RouteAccess = Permission | 'authenticated' | 'public' | 'applicant';

export function can(division: Division | null | undefined, permission: Permission): boolean {
  if (!division) return false;
  return (PERMISSIONS[permission] as readonly Division[]).includes(division);
}

export function permissionsOf(division: Division): Permission[] {
  return PERMISSION_NAMES.filter((p) => can(division, p));
}

export function isPermission(value: string): value is Permission {
  return Object.hasOwn(PERMISSIONS, value);
}
