import type { RouteObject } from 'react-router';
import { lazyScreens } from '../../lib/lazy-screen.ts';
import type { RouteHandle } from '../../lib/route-handle.ts';
import { ROUTES } from '../../lib/route-names.ts';

const screen = lazyScreens(() => import('./pages/index.ts'));

/** The principal's selection-test screens (issue 17, part B); the router adds them under /backend. */
export const selectionRoutes: RouteObject[] = [
  screen('principal-selection-answers', 'admission.decide', 'SelectionAnswersPage'),
  screen('principal-selection-answer-edit', 'admission.decide', 'SelectionAnswerEditPage'),
  screen('principal-selection-ranking', 'admission.manage', 'SelectionRankingPage'),
  screen('principal-selection-question-list', 'admission.questions', 'SelectionQuestionListPage'),
  screen('principal-selection-question-input', 'admission.questions', 'SelectionQuestionInputPage'),
  screen('principal-selection-question-edit', 'admission.questions', 'SelectionQuestionEditPage'),
  screen('principal-selection-random', 'admission.questions', 'SelectionRandomPage'),
  screen('principal-selection-cards', 'admission.manage', 'SelectionCardsPage'),
  screen('principal-selection-announcement', 'admission.manage', 'SelectionAnnouncementPage'),
];

/** The applicant's test page, public (the applicant signs in with the registration number and PIN there). */
export const selectionPublicRoutes: RouteObject[] = [
  {
    path: ROUTES['spmb-test'],
    handle: { name: 'spmb-test' } satisfies RouteHandle,
    lazy: () => import('./pages/selection-test-page.tsx').then((m) => ({ Component: m.SelectionTestPage })),
  },
];
