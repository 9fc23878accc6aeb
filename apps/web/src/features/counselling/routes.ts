import type { RouteObject } from 'react-router';
import { lazyScreens } from '../../lib/lazy-screen.ts';

const screen = lazyScreens(() => import('./pages/index.ts'));

/** The counselling screens (issue 14); the router adds them under /backend. The server decides the rows. */
export const counsellingRoutes: RouteObject[] = [
  screen('bpbk-counselling-input', 'counselling.manage', 'CounsellingInputPage'),
  screen('bpbk-counselling-edit', 'counselling.manage', 'CounsellingEditPage'),
  screen('bpbk-counselling-list', 'counselling.read', 'CounsellingListPage'),
  screen('bpbk-psychotest-input', 'counselling.manage', 'PsychotestInputPage'),
  screen('bpbk-psychotest-edit', 'counselling.manage', 'PsychotestEditPage'),
  screen('bpbk-psychotest-list', 'counselling.read', 'PsychotestListPage'),
  screen('student-counselling', 'counselling.self', 'StudentCounsellingPage'),
  screen('student-psychotest', 'counselling.self', 'StudentPsychotestPage'),
  screen('report-counselling', 'counselling.read', 'CounsellingReportPage'),
];
