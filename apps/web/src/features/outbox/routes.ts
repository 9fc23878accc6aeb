import type { RouteObject } from 'react-router';
import { lazyScreens } from '../../lib/lazy-screen.ts';

const screen = lazyScreens(() => import('./pages/index.ts'));

/** The notification outbox screen of the ADMIN (issue 18); the router adds it under /backend. */
export const outboxRoutes: RouteObject[] = [screen('other-outbox', 'outbox.read', 'OutboxPage')];
