import type { Permission } from '@mms/shared';
import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/route-handle.ts';
import { ROUTES, type RouteName } from '../../app/route-names.ts';

const pages = () => import('./pages/index.ts');
type AttendancePages = Awaited<ReturnType<typeof pages>>;

const analyses = () => import('./pages/analysis-pages.tsx');
type AnalysisPages = Awaited<ReturnType<typeof analyses>>;

/** An analysis screen: charts come in their own chunk. */
function analysis(name: RouteName, permission: Permission, page: keyof AnalysisPages): RouteObject {
  const handle: RouteHandle = { name, permission };
  return {
    path: ROUTES[name].slice('/backend/'.length),
    handle,
    lazy: () => analyses().then((m) => ({ Component: m[page] })),
  };
}

/** An attendance screen under /backend (path relative to it), loaded on first visit. */
function screen(name: RouteName, permission: Permission, page: keyof AttendancePages): RouteObject {
  const handle: RouteHandle = { name, permission };
  return {
    path: ROUTES[name].slice('/backend/'.length),
    handle,
    lazy: () => pages().then((m) => ({ Component: m[page] })),
  };
}

/** The attendance screens (issue 5); the router adds them under /backend when a path first needs them. */
export const attendanceRoutes: RouteObject[] = [
  screen('tutor-attendance-list', 'attendance.student.record', 'AttendanceListsPage'),
  screen('tutor-attendance-register', 'attendance.student.read', 'RegisterPage'),
  screen('tutor-attendance', 'attendance.self', 'StaffSelfPage'),
  screen('tutor-permission', 'attendance.self', 'LeavePage'),
  screen('tutor-attendance-all', 'school.monitor', 'StaffDailyPage'),
  screen('tutor-absent-late', 'school.monitor', 'StaffAbsentLatePage'),
  screen('student-attendance', 'school.student.self', 'StudentAttendancePage'),
  screen('student-permission', 'school.student.self', 'LeavePage'),
  analysis('other-analysis-attendance', 'analytics.school', 'AttendanceAnalysisPage'),
  analysis('other-analysis-student-presence', 'analytics.view', 'StudentPresenceAnalysisPage'),
  analysis('other-analysis-class-journal', 'analytics.school', 'JournalAnalysisPage'),
];
