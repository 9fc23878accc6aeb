import type { RouteObject } from 'react-router';
import { lazyScreens } from '../../lib/lazy-screen.ts';

const screen = lazyScreens(() => import('./pages/index.ts'));

/** The rapor preview (issue 40 §2); the router adds it under /backend. */
export const raporRoutes: RouteObject[] = [screen('tutor-rapor', 'rapor.read', 'RaporPage')];
