import type { RouteObject } from 'react-router';
import { lazyScreens } from '../../lib/lazy-screen.ts';

const screen = lazyScreens(() => import('./pages/index.ts'));

/** The exam control screens (issue 13); the router adds them under /backend. The server decides the rows. */
export const examControlRoutes: RouteObject[] = [
  screen('tutor-summative-control-progress', 'assessment.proctor', 'ControlProgressPage'),
  screen('tutor-summative-control-score', 'assessment.proctor', 'ControlScorePage'),
  screen('tutor-summative-control-detail', 'assessment.proctor', 'ControlDetailPage'),
];
