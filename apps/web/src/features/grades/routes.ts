import type { RouteObject } from 'react-router';
import { lazyScreens } from '../../lib/lazy-screen.ts';

const screen = lazyScreens(() => import('./pages/index.ts'));
const analysis = lazyScreens(() => import('./pages/formative-analysis-page.tsx'));

/** The scoring screens (issue 12); the router adds them under /backend. */
export const gradesRoutes: RouteObject[] = [
  screen('tutor-scoring-summative', 'assessment.score', 'ScoringPage'),
  screen('tutor-summative-recap', 'assessment.score', 'SummativeRecapPage'),
  screen('tutor-scoring-summative-all', 'assessment.control', 'SummativeResultsPage'),
  screen('tutor-scoring-formative', 'assessment.control', 'FormativeResultsPage'),
  screen('student-scoring', 'school.student.self', 'MyScoresPage'),
  screen('tutor-scoring-project', 'assessment.control', 'P5Page'),
  analysis('other-analysis-formative', 'analytics.view', 'FormativeAnalysisPage'),
];
