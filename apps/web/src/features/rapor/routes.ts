import type { RouteObject } from 'react-router';
import { lazyScreens } from '../../lib/lazy-screen.ts';

const screen = lazyScreens(() => import('./pages/index.ts'));

/** The rapor preview (issue 40 §2), its completeness board and the student's own (§3); under /backend. */
export const raporRoutes: RouteObject[] = [
  screen('tutor-rapor', 'rapor.read', 'RaporPage'),
  screen('tutor-rapor-board', 'rapor.read', 'RaporBoardPage'),
  screen('student-rapor', 'rapor.self', 'MyRaporPage'),
];
