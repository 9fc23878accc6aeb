import type { RouteObject } from 'react-router';
import { lazyScreens } from '../../lib/lazy-screen.ts';

const screen = lazyScreens(() => import('./pages/index.ts'));
const chart = lazyScreens(() => import('./pages/recap-page.tsx'));

/** The BTQ progress screens (issue 16); the router adds them under /backend. */
export const btqProgressRoutes: RouteObject[] = [
  screen('btq-progress', 'btq.teach', 'BtqProgressPage'),
  screen('btq-promotion', 'btq.teach', 'BtqPromotionPage'),
  chart('btq-recap', 'btq.read', 'BtqRecapPage'),
  screen('student-quran', 'school.student.self', 'StudentQuranPage'),
];
