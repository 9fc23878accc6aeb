import type { RouteObject } from 'react-router';
import { lazyScreens } from '../../lib/lazy-screen.ts';

const screen = lazyScreens(() => import('./pages/index.ts'));
const monitor = lazyScreens(() => import('./pages/monitor-pages.tsx'));

/** The prayer screens (issue 16); the router adds them under /backend. */
export const prayerRoutes: RouteObject[] = [
  screen('btq-prayer-input', 'prayer.record', 'PrayerInputPage'),
  screen('btq-prayer-recap', 'prayer.read', 'PrayerRecapPage'),
  monitor('btq-prayer-midday', 'prayer.monitor', 'PrayerMiddayPage'),
  monitor('btq-prayer-afternoon', 'prayer.monitor', 'PrayerAfternoonPage'),
];
