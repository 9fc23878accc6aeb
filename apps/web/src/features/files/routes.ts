import type { RouteObject } from 'react-router';
import { lazyScreens } from '../../lib/lazy-screen.ts';

const screen = lazyScreens(() => import('./pages/index.ts'));

/** The upload history (issue 18); the router adds it under /backend. */
export const filesRoutes: RouteObject[] = [screen('other-upload-history', 'content.manage', 'UploadHistoryPage')];
