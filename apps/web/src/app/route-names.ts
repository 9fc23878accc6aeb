import { APP_ROUTES } from '@mms/shared';

/** Named routes (name → path), shared with the server, which answers 404 for any other path. */
export const ROUTES = APP_ROUTES;

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
  'tutor-academic-calendar',
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
  'report-student-list',
  'other-school-profile',
  'report-employee-list',
  'report-schedule',
  'other-analysis-class-entry',
  'tutor-material',
  'principal-class-control',
  'student-attendance',
  'student-permission',
  'student-journal',
  'student-material',
  'other-analysis-attendance',
  'other-analysis-student-presence',
  'other-analysis-class-journal',
  'tutor-summative-input',
  'tutor-scoring-summative',
  'tutor-summative-recap',
  'student-scoring',
  'tutor-scoring-project',
  'tutor-scoring-summative-all',
  'tutor-scoring-formative',
  'other-analysis-formative',
  'tutor-task-input',
  'tutor-formative-input',
  'tutor-task-check',
  'tutor-formative-check',
  'tutor-summative-question-set',
  'tutor-summative-schedule',
  'student-formative',
  'student-online-test',
  'tutor-play-online-formative',
  'tutor-play-online-summative',
  'tutor-summative-control-progress',
  'tutor-summative-control-score',
  'tutor-summative-control-detail',
  'bpbk-multiple-intelligence-input',
  'bpbk-multiple-intelligence-play',
  'bpbk-interest-exploration-input',
  'bpbk-interest-exploration-play',
  'bpbk-job-interest-input',
  'bpbk-job-interest-play',
  'bpbk-education-job-input',
  'bpbk-education-job-play',
  'bpbk-life-values-input',
  'bpbk-life-values-play',
  'bpbk-self-understanding-input',
  'bpbk-self-understanding-play',
]);

export const routePath = (name: RouteName): string => ROUTES[name];

/** Where a menu entry (by route name) leads today. */
export function menuTarget(name: string): string {
  if (BUILT_SCREENS.has(name) && name in ROUTES) return ROUTES[name as RouteName];
  return `${ROUTES['specials-coming-soon']}?screen=${encodeURIComponent(name)}`;
}
