import type { RouteObject } from 'react-router';
import { lazyScreens } from '../../lib/lazy-screen.ts';

const screen = lazyScreens(() => import('./pages/index.ts'));

/** The year-end promotion wizard (issue 40 §4); the router adds it under /backend. */
export const promotionRoutes: RouteObject[] = [screen('principal-promotion', 'promotion.decide', 'PromotionPage')];
