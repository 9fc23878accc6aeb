import type { RouteObject } from 'react-router';
import { lazyScreens } from '../../lib/lazy-screen.ts';

const screen = lazyScreens(() => import('./pages/index.ts'));

/** The API tokens screen of the ADMIN (issue 18); the router adds it under /backend. */
export const apiTokensRoutes: RouteObject[] = [screen('other-api-tokens', 'apiTokens.manage', 'ApiTokensPage')];
