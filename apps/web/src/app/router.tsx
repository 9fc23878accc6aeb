import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { ErrorView } from '../features/errors/components/error-view.tsx';
import type { RouteHandle } from '../lib/route-handle.ts';
import { lazyScreens } from '../lib/lazy-screen.ts';
import { BACKEND_ROUTE_ID, discoverLater, startingRoutes } from './route-discovery.ts';
import { ROUTES } from '../lib/route-names.ts';
import { RootLayout } from './root-layout.tsx';
import { assessmentRoutes } from '../features/assessment/routes.ts';
import { gradesRoutes } from '../features/grades/routes.ts';
import { examsRoutes } from '../features/exams/routes.ts';
import { financeRoutes } from '../features/finance/routes.ts';
import { examEngineRoutes } from '../features/exam-engine/routes.ts';
import { examControlRoutes } from '../features/exam-control/routes.ts';
import { financeBooksRoutes } from '../features/finance-books/routes.ts';
import { bisyarohRoutes } from '../features/bisyaroh/routes.ts';
import { financeReportsRoutes } from '../features/finance-reports/routes.ts';
import { financePaymentsRoutes } from '../features/finance-payments/routes.ts';
import { instrumentRoutes } from '../features/instruments/routes.ts';
import { disciplineRoutes } from '../features/discipline/routes.ts';
import { filesRoutes } from '../features/files/routes.ts';
import { adminRoutes } from '../features/admin/routes.ts';
import { learningObjectivesRoutes } from '../features/learning-objectives/routes.ts';
import { extracurricularRoutes } from '../features/extracurricular/routes.ts';
import { studentRecordRoutes } from '../features/student-record/routes.ts';
import { raporRoutes } from '../features/rapor/routes.ts';
import { promotionRoutes } from '../features/promotion/routes.ts';
import { descriptionsRoutes } from '../features/descriptions/routes.ts';
import { btqRoutes } from '../features/btq/routes.ts';
import { btqProgressRoutes } from '../features/btq-progress/routes.ts';
import { prayerRoutes } from '../features/prayer/routes.ts';
import { selectionPublicRoutes, selectionRoutes } from '../features/admission-selection/routes.ts';
import { attendanceRoutes } from '../features/attendance/routes.ts';
import { journalRoutes } from '../features/journal/routes.ts';
import { counsellingRoutes } from '../features/counselling/routes.ts';
import { reportRoutes } from '../features/reports/routes.ts';
import { scheduleRoutes } from '../features/schedule/routes.ts';
import { admissionRoutes } from '../features/admission/routes.ts';
import { contentRoutes } from '../features/content/routes.ts';
import { apiTokensRoutes } from '../features/api-tokens/routes.ts';
import { outboxRoutes } from '../features/outbox/routes.ts';

const handle = (h: RouteHandle) => h;

/** A lazily loaded school screen under /backend (path relative to it). */
const schoolScreen = lazyScreens(() => import('../features/school/pages/index.ts'));
/** The student lists on their own: the most opened school screens, without the school forms' code (zod, forms). */
const studentList = lazyScreens(() => import('../features/school/pages/students-page.tsx'));

/** Every route is named and loads its screen on demand. Unknown paths show the 404 page. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorView code="500" />,
    children: [
      {
        path: '/',
        handle: handle({ name: 'landing' }),
        lazy: () => import('../features/landing/pages/landing-page.tsx').then((m) => ({ Component: m.LandingPage })),
      },
      {
        path: '/posts/:id',
        handle: handle({ name: 'public-post' }),
        lazy: () =>
          import('../features/content/pages/public-post-page.tsx').then((m) => ({ Component: m.PublicPostPage })),
      },
      {
        id: BACKEND_ROUTE_ID,
        path: '/backend',
        lazy: () => import('./layouts/backend-layout.tsx').then((m) => ({ Component: m.BackendLayout })),
        children: [
          { index: true, element: <Navigate to={ROUTES.dashboard} replace /> },
          {
            path: 'dashboard',
            handle: handle({ name: 'dashboard', permission: 'dashboard.view' }),
            lazy: () =>
              import('../features/dashboard/pages/dashboard-page.tsx').then((m) => ({ Component: m.DashboardPage })),
          },
          {
            path: 'pages/generic/search',
            handle: handle({ name: 'generic-search', permission: 'search.use' }),
            lazy: () => import('../features/search/pages/search-page.tsx').then((m) => ({ Component: m.SearchPage })),
          },
          {
            path: 'mms/other/profile',
            handle: handle({ name: 'other-profile', permission: 'profile.self' }),
            lazy: () =>
              import('../features/profile/pages/profile-page.tsx').then((m) => ({ Component: m.ProfilePage })),
          },
          {
            path: 'mms/other/passchange',
            handle: handle({ name: 'other-passchange', permission: 'profile.self' }),
            lazy: () =>
              import('../features/auth/pages/passchange-page.tsx').then((m) => ({ Component: m.PassChangePage })),
          },
          studentList('principal-student-all', 'school.student.read', 'StudentsPage'),
          studentList('student-list', 'school.student.read', 'UnitStudentsPage'),
          schoolScreen('principal-student-input', 'school.student.manage', 'StudentInputPage'),
          schoolScreen('principal-student-edit', 'school.student.manage', 'StudentEditPage'),
          schoolScreen('student-profile', 'school.student.read', 'StudentProfilePage'),
          schoolScreen('student-profile-nis', 'school.student.read', 'StudentProfilePage'),
          schoolScreen('student-me', 'school.student.self', 'StudentMePage'),
          schoolScreen('principal-teacher-list', 'school.employee.read', 'EmployeesPage'),
          schoolScreen('tutor-subjects', 'school.subject.manage', 'SubjectsPage'),
          schoolScreen('tutor-class-titles', 'school.class.manage', 'ClassesPage'),
          schoolScreen('tutor-academic-calendar', 'school.calendar.read', 'AcademicCalendarPage'),
          schoolScreen('tutor-homeroom', 'school.homeroom.manage', 'HomeroomPage'),
          schoolScreen('tutor-class-structure', 'school.read', 'ClassStructurePage'),
          schoolScreen('tutor-class-mutation', 'school.enrollment.manage', 'ClassMutationPage'),
          schoolScreen('tutor-subject-teachers', 'school.read', 'SubjectTeachersPage'),
          schoolScreen('tutor-teaching-hours', 'schedule.teachingHours.read', 'TeachingHoursPage'),
          schoolScreen('other-school-profile', 'school.unit.manage', 'SchoolProfilePage'),
          ...scheduleRoutes,
          ...attendanceRoutes,
          ...journalRoutes,
          ...reportRoutes,
          ...assessmentRoutes,
          ...gradesRoutes,
          ...examsRoutes,
          ...financeRoutes,
          ...examEngineRoutes,
          ...examControlRoutes,
          ...financeBooksRoutes,
          ...bisyarohRoutes,
          ...financeReportsRoutes,
          ...financePaymentsRoutes,
          ...counsellingRoutes,
          ...instrumentRoutes,
          ...disciplineRoutes,
          ...filesRoutes,
          ...adminRoutes,
          ...learningObjectivesRoutes,
          ...extracurricularRoutes,
          ...studentRecordRoutes,
          ...raporRoutes,
          ...promotionRoutes,
          ...descriptionsRoutes,
          ...btqRoutes,
          ...btqProgressRoutes,
          ...prayerRoutes,
          ...admissionRoutes,
          ...selectionRoutes,
          ...contentRoutes,
          ...apiTokensRoutes,
          ...outboxRoutes,
          {
            path: '*',
            lazy: () => import('../features/errors/pages/error-page.tsx').then((m) => ({ Component: m.NotFoundPage })),
          },
        ],
      },
      {
        lazy: () => import('./layouts/blank-layout.tsx').then((m) => ({ Component: m.BlankLayout })),
        children: [
          {
            path: '/auth/signin',
            handle: handle({ name: 'auth-signin' }),
            lazy: () => import('../features/auth/pages/sign-in-page.tsx').then((m) => ({ Component: m.SignInPage })),
          },
          {
            path: '/spmb',
            handle: handle({ name: 'spmb-register' }),
            lazy: () =>
              import('../features/admission/pages/public-pages.tsx').then((m) => ({ Component: m.SpmbRegisterPage })),
          },
          {
            path: '/spmb/status',
            handle: handle({ name: 'spmb-status' }),
            lazy: () =>
              import('../features/admission/pages/public-pages.tsx').then((m) => ({ Component: m.SpmbStatusPage })),
          },
          {
            path: '/errors/:code',
            handle: handle({ name: 'errors' }),
            lazy: () => import('../features/errors/pages/error-page.tsx').then((m) => ({ Component: m.ErrorPage })),
          },
          ...selectionPublicRoutes,
          {
            path: '/specials/maintenance',
            handle: handle({ name: 'specials-maintenance' }),
            lazy: () =>
              import('../features/specials/pages/specials-pages.tsx').then((m) => ({ Component: m.MaintenancePage })),
          },
          {
            path: '/specials/status',
            handle: handle({ name: 'specials-status' }),
            lazy: () =>
              import('../features/specials/pages/specials-pages.tsx').then((m) => ({ Component: m.StatusPage })),
          },
          {
            path: '/specials/coming-soon',
            handle: handle({ name: 'specials-coming-soon' }),
            lazy: () =>
              import('../features/specials/pages/specials-pages.tsx').then((m) => ({ Component: m.ComingSoonPage })),
          },
          {
            path: '*',
            lazy: () => import('../features/errors/pages/error-page.tsx').then((m) => ({ Component: m.NotFoundPage })),
          },
        ],
      },
    ],
  },
];

/**
 * The router, starting with the screens the page's address needs; the others join when first asked for
 * (route-discovery.ts). The options are for tests: another table, address or kind of router.
 */
export function createRouter({
  table = routes,
  pathname = window.location.pathname,
  create = createBrowserRouter,
}: { table?: RouteObject[]; pathname?: string; create?: typeof createBrowserRouter } = {}) {
  const start = startingRoutes(table, pathname);
  return create(start.routes, { patchRoutesOnNavigation: discoverLater(start.later) });
}
