import type { RouteObject } from 'react-router';
import { lazyScreens } from '../../lib/lazy-screen.ts';

const screen = lazyScreens(() => import('./pages/index.ts'));
const chart = lazyScreens(() => import('./pages/recap-pages.tsx'));

/**
 * The discipline screens (issue 14); the router adds them under /backend. The TKA group's violation entries share
 * the paths of bpbk-violation-input and -list, so one route serves both names. The teacher's "input sanksi" is the
 * report form: a sanction follows from the points once BPBK verifies the report.
 */
export const disciplineRoutes: RouteObject[] = [
  screen('bpbk-violation-input', 'counselling.manage', 'ViolationInputPage'),
  screen('bpbk-violation-edit', 'discipline.record', 'ViolationEditPage'),
  screen('bpbk-violation-list', 'counselling.read', 'ViolationListPage'),
  screen('bpbk-violation-rules', 'discipline.manage', 'ViolationRulesPage'),
  screen('bpbk-achievement-input', 'counselling.manage', 'AchievementInputPage'),
  screen('bpbk-achievement-edit', 'counselling.manage', 'AchievementEditPage'),
  screen('bpbk-achievement-list', 'counselling.read', 'AchievementListPage'),
  screen('teacher-sanction-input', 'discipline.record', 'TeacherViolationInputPage'),
  screen('teacher-sanction-list', 'discipline.record', 'SanctionListPage'),
  screen('teacher-sanction-letter', 'discipline.read', 'SanctionLetterPage'),
  chart('teacher-sanction-recap', 'discipline.recap', 'SanctionRecapPage'),
  chart('teacher-sanction-chart', 'discipline.recap', 'SanctionChartPage'),
  screen('student-violation', 'counselling.self', 'StudentViolationPage'),
  screen('student-achievement', 'counselling.self', 'StudentAchievementPage'),
];
