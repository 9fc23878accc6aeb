/**
 * The web app's named routes (name → path; `:param` is one path segment). The web router is built from these
 * names, and the server answers 404 for a path that is none of them (no "soft 404" for unknown addresses).
 */
export const APP_ROUTES = {
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
  'tutor-academic-calendar': '/backend/mms/tutor/academic-calendar',
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
  // the leaders' printable reports
  'report-student-list': '/backend/mms/report/student-list',
  'report-employee-list': '/backend/mms/report/employee-list',
  'report-schedule': '/backend/mms/report/schedule',
  // the papers' letterhead and signature (units and foundation)
  'other-school-profile': '/backend/mms/other/school-profile',
  'other-analysis-class-entry': '/backend/mms/other/analysis-class-entry',
  'tutor-material': '/backend/mms/tutor/material',
  // the question bank (issue 12)
  'tutor-summative-input': '/backend/mms/tutor/summative-input',
  'tutor-scoring-summative': '/backend/mms/tutor/scoring-summative',
  'tutor-summative-recap': '/backend/mms/tutor/summative-recap',
  'student-scoring': '/backend/mms/students/student/scoring',
  'tutor-scoring-project': '/backend/mms/tutor/scoring-project',
  'tutor-scoring-summative-all': '/backend/mms/tutor/scoring-summative-all',
  'tutor-scoring-formative': '/backend/mms/tutor/scoring-formative',
  'other-analysis-formative': '/backend/mms/other/analysis-formative',
  // assessments and their check (issue 12)
  'tutor-task-input': '/backend/mms/tutor/task-input',
  'tutor-formative-input': '/backend/mms/tutor/formative-input',
  'tutor-task-check': '/backend/mms/tutor/task-check',
  'tutor-formative-check': '/backend/mms/tutor/formative-check',
  'tutor-summative-question-set': '/backend/mms/tutor/summative-question-set',
  // the exam schedule (issue 12)
  'tutor-summative-schedule': '/backend/mms/tutor/summative-schedule',
  // the exam engine (issue 13): the student's lists, the play screens (param: the assessment) and control
  'student-formative': '/backend/mms/students/student/formative',
  'student-online-test': '/backend/mms/students/student/online-test',
  'tutor-play-online-formative': '/backend/mms/tutor/play-online-formative/:id',
  'tutor-play-online-summative': '/backend/mms/tutor/play-online-summative/:id',
  'tutor-summative-control-progress': '/backend/mms/tutor/summative-control-progress',
  'tutor-summative-control-score': '/backend/mms/tutor/summative-control-score',
  'tutor-summative-control-detail': '/backend/mms/tutor/summative-control-detail',
  'principal-class-control': '/backend/mms/principal/class-control',
  'student-attendance': '/backend/mms/students/student/attendance',
  'student-permission': '/backend/mms/students/student/permission',
  'student-journal': '/backend/mms/students/student/journal',
  'student-material': '/backend/mms/students/student/material',
  'other-analysis-attendance': '/backend/mms/other/analysis-attendance',
  'other-analysis-student-presence': '/backend/mms/other/analysis-student-presence',
  'other-analysis-class-journal': '/backend/mms/other/analysis-class-journal',
} as const;

export type AppRouteName = keyof typeof APP_ROUTES;

const PATTERNS: readonly RegExp[] = Object.values(APP_ROUTES).map(
  (route) => new RegExp(`^${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}$`),
);

/** Is `pathname` (without query) a screen of the web app? A trailing slash is ignored. */
export function isAppPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PATTERNS.some((p) => p.test(path));
}
