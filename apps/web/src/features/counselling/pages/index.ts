import '../../../i18n/counselling/index.ts';

export { CounsellingEditPage, CounsellingInputPage, CounsellingListPage } from './note-pages.tsx';
export { PsychotestEditPage, PsychotestInputPage, PsychotestListPage } from './psychotest-pages.tsx';
export { CounsellingReportPage } from './report-page.tsx';
export { StudentCounsellingPage, StudentPsychotestPage } from './student-pages.tsx';
