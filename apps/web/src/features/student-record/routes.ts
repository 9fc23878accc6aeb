import type { RouteObject } from 'react-router';
import { lazyScreens } from '../../lib/lazy-screen.ts';

const screen = lazyScreens(() => import('./pages/index.ts'));

/** The pesantren record of a student (issue 16); the router adds it under /backend. */
export const studentRecordRoutes: RouteObject[] = [screen('student-record', 'student.record', 'StudentRecordPage')];
