import type { RouteObject } from 'react-router';
import { lazyScreens } from '../../lib/lazy-screen.ts';

const screen = lazyScreens(() => import('./pages/index.ts'));

/** The finance reports (issue 15): arrears, collections and the day's cash; the router adds them under /backend. */
export const financeReportsRoutes: RouteObject[] = [screen('report-finance', 'finance.read', 'FinanceReportPage')];
