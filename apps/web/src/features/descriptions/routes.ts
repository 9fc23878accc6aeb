import type { RouteObject } from 'react-router';
import { lazyScreens } from '../../lib/lazy-screen.ts';

const screen = lazyScreens(() => import('./pages/index.ts'));

/** The rapor's description editor (issue 40 §2); the router adds it under /backend. */
export const descriptionsRoutes: RouteObject[] = [
  screen('tutor-descriptions', 'descriptions.read', 'DescriptionsPage'),
];
