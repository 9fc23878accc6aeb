import type { RouteObject } from 'react-router';
import { lazyScreens } from '../../lib/lazy-screen.ts';

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
  screen('tutor-task-share', 'assessment.author', 'TaskSharePage'),
  screen('tutor-task-schedule', 'assessment.author', 'TaskSchedulePage'),
  screen('tutor-formative-edit', 'assessment.author', 'FormativeEditPage'),
  screen('tutor-formative-share', 'assessment.author', 'FormativeSharePage'),
  screen('tutor-formative-schedule', 'assessment.author', 'FormativeSchedulePage'),
  screen('tutor-summative-share', 'assessment.check', 'SummativeSharePage'),
  screen('tutor-formative-list', 'assessment.control', 'FormativeListPage'),
  screen('tutor-summative-list', 'assessment.control', 'SummativeListPage'),
  screen('tutor-distribution', 'assessment.control', 'DistributionOverviewPage'),
];
