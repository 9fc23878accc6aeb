import type { RouteObject } from 'react-router';
import { lazyScreens } from '../../lib/lazy-screen.ts';

const screen = lazyScreens(() => import('./pages/index.ts'));

/** The timetable screens: making it, a class's, every teacher's, one's own. */
export const scheduleRoutes: RouteObject[] = [
  screen('tutor-schedule-input', 'schedule.manage', 'TimetableInputPage'),
  screen('tutor-schedule-all', 'schedule.teachingHours.read', 'AllTimetablePage'),
  screen('tutor-schedule-class', 'schedule.read', 'ClassTimetablePage'),
  screen('tutor-teaching-schedule', 'schedule.teach', 'OwnTimetablePage'),
  screen('student-schedule', 'school.student.self', 'OwnTimetablePage'),
];
