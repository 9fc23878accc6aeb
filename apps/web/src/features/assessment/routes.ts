import type { RouteObject } from 'react-router';
import { lazyScreens } from '../../app/lazy-screen.ts';

const screen = lazyScreens(() => import('./pages/index.ts'));

/** The assessment screens (issue 12); the router adds them under /backend. */
export const assessmentRoutes: RouteObject[] = [
  screen('tutor-summative-input', 'assessment.author', 'SummativeInputPage'),
  screen('tutor-task-input', 'assessment.author', 'TaskInputPage'),
  screen('tutor-formative-input', 'assessment.author', 'FormativeInputPage'),
  screen('tutor-task-check', 'assessment.check', 'TaskCheckPage'),
  screen('tutor-formative-check', 'assessment.check', 'FormativeCheckPage'),
  screen('tutor-summative-question-set', 'assessment.check', 'SummativeCheckPage'),
  screen('tutor-trial-list', 'assessment.control', 'TrialListPage'),
];
