import type { RouteObject } from 'react-router';
import { lazyScreens } from '../../lib/lazy-screen.ts';

// The lists and the play screen are separate chunks: the play screen must stay small (a phone on a weak
// connection loads it at the start of an exam) and carries only what it needs.
const lists = lazyScreens(() => import('./pages/index.ts'));
const play = lazyScreens(() => import('./pages/play.ts'));

/** The student's online quizzes and exams (issue 13); the router adds them under /backend. */
export const examEngineRoutes: RouteObject[] = [
  lists('student-formative', 'assessment.take', 'FormativeListPage'),
  lists('student-online-test', 'assessment.take', 'OnlineTestListPage'),
  play('tutor-play-online-formative', 'assessment.take', 'PlayFormativePage'),
  play('tutor-play-online-summative', 'assessment.take', 'PlaySummativePage'),
  play('tutor-trial-play', 'assessment.read', 'TrialPlayPage'),
];
