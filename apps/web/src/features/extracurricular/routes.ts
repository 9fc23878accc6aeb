import type { RouteObject } from 'react-router';
import { lazyScreens } from '../../lib/lazy-screen.ts';

const screen = lazyScreens(() => import('./pages/index.ts'));

/** The extracurricular screen (issue 40 §2); the router adds it under /backend. */
export const extracurricularRoutes: RouteObject[] = [
  screen('tutor-extracurricular', 'extracurricular.read', 'ExtracurricularPage'),
];
