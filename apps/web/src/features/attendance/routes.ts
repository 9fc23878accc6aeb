import type { RouteObject } from 'react-router';
import { lazyScreens } from '../../lib/lazy-screen.ts';

const screen = lazyScreens(() => import('./pages/index.ts'));
/** The analyses: charts come in their own chunk. */
const analysis = lazyScreens(() => import('./pages/analysis-pages.tsx'));

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
