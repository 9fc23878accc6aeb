export {
  AdmissionApplicantPage,
  AdmissionDashboardPage,
  AdmissionEditPage,
  AdmissionInputPage,
  AdmissionListPage,
  AdmissionPrintPage,
  AdmissionWavesPage,
} from './staff-pages.tsx';
