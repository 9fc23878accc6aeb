import type { RouteObject } from 'react-router';
import { lazyScreens } from '../../lib/lazy-screen.ts';

const screen = lazyScreens(() => import('./pages/index.ts'));

/** The learning objectives (TP) screen (issue 40); the router adds it under /backend. */
export const learningObjectivesRoutes: RouteObject[] = [
  screen('tutor-learning-objectives', 'learningObjectives.read', 'LearningObjectivesPage'),
];
