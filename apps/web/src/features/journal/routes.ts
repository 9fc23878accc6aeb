import type { Permission } from '@mms/shared';
import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/route-handle.ts';
import { ROUTES, type RouteName } from '../../app/route-names.ts';

const pages = () => import('./pages/index.ts');
type JournalPages = Awaited<ReturnType<typeof pages>>;

/** A journal screen under /backend (path relative to it), loaded on first visit. */
function screen(name: RouteName, permission: Permission, page: keyof JournalPages): RouteObject {
  const handle: RouteHandle = { name, permission };
  return {
    path: ROUTES[name].slice('/backend/'.length),
    handle,
    lazy: () => pages().then((m) => ({ Component: m[page] })),
  };
}

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
