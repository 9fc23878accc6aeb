import type { RouteObject } from 'react-router';
import { lazyScreens } from '../../lib/lazy-screen.ts';

const screen = lazyScreens(() => import('./pages/index.ts'));

/** The staff's admission screens (issue 17); the router adds them under /backend. */
export const admissionRoutes: RouteObject[] = [
  screen('principal-admission-input', 'admission.manage', 'AdmissionInputPage'),
  screen('principal-admission-edit', 'admission.manage', 'AdmissionEditPage'),
  screen('principal-admission-list', 'admission.manage', 'AdmissionListPage'),
  screen('principal-admission-applicant', 'admission.manage', 'AdmissionApplicantPage'),
  screen('principal-admission-print', 'admission.manage', 'AdmissionPrintPage'),
  screen('principal-admission-waves', 'admission.manage', 'AdmissionWavesPage'),
  screen('principal-admission-dashboard', 'admission.manage', 'AdmissionDashboardPage'),
];
