import type { RouteObject } from 'react-router';
import { lazyScreens } from '../../lib/lazy-screen.ts';

const screen = lazyScreens(() => import('./pages/index.ts'));

/** The class journal screens (issue 5); the router adds them under /backend when a path first needs them. */
export const journalRoutes: RouteObject[] = [
  screen('tutor-journal', 'journal.write', 'JournalInputPage'),
  screen('tutor-journal-material-list', 'journal.write', 'JournalTopicsPage'),
  screen('tutor-journal-attendance-list', 'journal.write', 'JournalLessonsPage'),
  screen('report-journal', 'journal.report', 'JournalReportPage'),
  screen('other-analysis-class-entry', 'analytics.school', 'ClassEntryPage'),
  screen('tutor-material', 'material.manage', 'MaterialPage'),
  screen('principal-class-control', 'classControl.record', 'ClassControlPage'),
  screen('student-journal', 'school.student.self', 'StudentJournalPage'),
  screen('student-material', 'school.student.self', 'StudentMaterialPage'),
];
