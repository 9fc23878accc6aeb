/** Named routes (name → path). Menus and links use names; product screens come from the shared menu. */
export const ROUTES = {
  landing: '/',
  'auth-signin': '/auth/signin',
  backend: '/backend',
  dashboard: '/backend/dashboard',
  'generic-search': '/backend/pages/generic/search',
  'other-profile': '/backend/mms/other/profile',
  'other-passchange': '/backend/mms/other/passchange',
  'errors-400': '/errors/400',
  'errors-401': '/errors/401',
  'errors-403': '/errors/403',
  'errors-404': '/errors/404',
  'errors-500': '/errors/500',
  'errors-503': '/errors/503',
  'specials-maintenance': '/specials/maintenance',
  'specials-status': '/specials/status',
  'specials-coming-soon': '/specials/coming-soon',
  // school structure and people (issue 4)
  'principal-student-all': '/backend/mms/principal/student-all',
  'principal-student-input': '/backend/mms/principal/student-input',
  'principal-student-edit': '/backend/mms/principal/student-edit/:id',
  'student-list': '/backend/mms/students/student/list',
  'student-profile': '/backend/mms/students/student/profile/:id',
  'student-profile-nis': '/backend/mms/students/student/profile/nis/:nis',
  'student-me': '/backend/mms/students/student/me',
  'principal-teacher-list': '/backend/mms/principal/teacher-list',
  'tutor-subjects': '/backend/mms/tutor/subjects',
  'tutor-class-titles': '/backend/mms/tutor/class-titles',
  'tutor-homeroom': '/backend/mms/tutor/homeroom',
  'tutor-class-structure': '/backend/mms/tutor/class-structure',
  'tutor-class-mutation': '/backend/mms/tutor/class-mutation',
  'tutor-subject-teachers': '/backend/mms/tutor/subject-teachers',
  'tutor-schedule-input': '/backend/mms/tutor/schedule-input',
  'tutor-schedule-all': '/backend/mms/tutor/schedule-all',
  'tutor-schedule-class': '/backend/mms/tutor/schedule-class',
  'tutor-teaching-schedule': '/backend/mms/tutor/teaching-schedule',
  'tutor-teaching-hours': '/backend/mms/tutor/teaching-hours',
  'student-schedule': '/backend/mms/students/student/schedule',
  // attendance and journals (issue 5)
  'tutor-attendance-list': '/backend/mms/tutor/attendance-list',
  'tutor-attendance-register': '/backend/mms/tutor/attendance-list/:classGroupId/:date',
  'tutor-journal': '/backend/mms/tutor/journal',
  'tutor-attendance': '/backend/mms/tutor/attendance',
  'tutor-permission': '/backend/mms/tutor/permission',
  'tutor-attendance-all': '/backend/mms/tutor/attendance-all',
  'tutor-absent-late': '/backend/mms/tutor/absent-late',
  'tutor-journal-material-list': '/backend/mms/tutor/journal-material-list',
  'tutor-journal-attendance-list': '/backend/mms/tutor/journal-attendance-list',
  'report-journal': '/backend/mms/report/journal',
  'other-analysis-class-entry': '/backend/mms/other/analysis-class-entry',
  'tutor-material': '/backend/mms/tutor/material',
  'principal-class-control': '/backend/mms/principal/class-control',
} as const;

export type RouteName = keyof typeof ROUTES;

/** Screens of the menu that exist today; every other menu entry leads to the coming-soon page. */
export const BUILT_SCREENS: ReadonlySet<string> = new Set([
  'dashboard',
  'other-profile',
  'other-passchange',
  'principal-student-all',
  'principal-student-input',
  'student-me',
  'principal-teacher-list',
  'tutor-subjects',
  'tutor-class-titles',
  'tutor-homeroom',
  'tutor-class-structure',
  'tutor-class-mutation',
  'tutor-subject-teachers',
  'tutor-schedule-input',
  'tutor-schedule-all',
  'tutor-schedule-class',
  'tutor-teaching-schedule',
  'tutor-teaching-hours',
  'student-schedule',
  'tutor-attendance-list',
  'tutor-journal',
  'tutor-attendance',
  'tutor-permission',
  'tutor-attendance-all',
  'tutor-absent-late',
  'tutor-journal-material-list',
  'tutor-journal-attendance-list',
  'report-journal',
  'other-analysis-class-entry',
  'tutor-material',
  'principal-class-control',
]);

export const routePath = (name: RouteName): string => ROUTES[name];

/** Where a menu entry (by route name) leads today. */
export function menuTarget(name: string): string {
  if (BUILT_SCREENS.has(name) && name in ROUTES) return ROUTES[name as RouteName];
  return `${ROUTES['specials-coming-soon']}?screen=${encodeURIComponent(name)}`;
}
