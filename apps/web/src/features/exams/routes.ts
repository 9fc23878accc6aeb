import type { RouteObject } from 'react-router';
import { lazyScreens } from '../../lib/lazy-screen.ts';

const screen = lazyScreens(() => import('./pages/index.ts'));

/** The exam schedule screen (issue 12); the router adds it under /backend. */
export const examsRoutes: RouteObject[] = [
  screen('tutor-summative-schedule', 'assessment.schedule', 'ExamSchedulePage'),
];
