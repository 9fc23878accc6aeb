import type { RouteObject } from 'react-router';
import { lazyScreens } from '../../lib/lazy-screen.ts';

const screen = lazyScreens(() => import('./pages/index.ts'));

/** The bisyaroh (staff honorarium) screens (issue 15); the router adds them under /backend. */
export const bisyarohRoutes: RouteObject[] = [
  screen('principal-bisyaroh-master', 'bisyaroh.manage', 'MasterPage'),
  screen('principal-bisyaroh-process', 'bisyaroh.manage', 'ProcessPage'),
  screen('principal-bisyaroh-list', 'bisyaroh.manage', 'ListPage'),
  screen('principal-bisyaroh-slip', 'bisyaroh.manage', 'SlipPage'),
  screen('tutor-bisyaroh', 'bisyaroh.self', 'MyBisyarohPage'),
];
