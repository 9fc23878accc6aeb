import type { RouteObject } from 'react-router';
import { lazyScreens } from '../../lib/lazy-screen.ts';

const screen = lazyScreens(() => import('./pages/index.ts'));

/** The leaders' printable reports of the "Laporan" menu (school.monitor, as the menu grants them). */
export const reportRoutes: RouteObject[] = [
  screen('report-student-list', 'school.monitor', 'StudentListReportPage'),
  screen('report-employee-list', 'school.monitor', 'EmployeeListReportPage'),
  screen('report-schedule', 'school.monitor', 'ScheduleReportPage'),
  screen('report-scoring', 'school.monitor', 'ScoringReportPage'),
];
