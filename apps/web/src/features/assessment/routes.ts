import type { RouteObject } from 'react-router';
import { lazyScreens } from '../../app/lazy-screen.ts';

const screen = lazyScreens(() => import('./pages/index.ts'));

/** The assessment screens (issue 12); the router adds them under /backend. */
export const assessmentRoutes: RouteObject[] = [
  screen('tutor-summative-input', 'assessment.author', 'QuestionBankPage'),
];
