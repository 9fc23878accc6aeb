import type { RouteObject } from 'react-router';
import { lazyScreens } from '../../lib/lazy-screen.ts';

const screen = lazyScreens(() => import('./pages/index.ts'));

/** The BTQ set-up screens (issue 16); the router adds them under /backend. */
export const btqRoutes: RouteObject[] = [
  screen('btq-method', 'btq.manage', 'MethodPage'),
  screen('btq-teacher', 'btq.manage', 'TeacherPage'),
  screen('btq-grouping', 'btq.manage', 'GroupingPage'),
  screen('btq-level', 'btq.manage', 'LevelPage'),
  screen('btq-presence', 'btq.teach', 'PresencePage'),
  screen('btq-group-print', 'btq.read', 'GroupPrintPage'),
];
