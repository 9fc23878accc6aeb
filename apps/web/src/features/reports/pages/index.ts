// The report screens, loaded together on first use (one lazy chunk for the feature).
import '../../../i18n/school/index.ts';
import '../../../i18n/reports/index.ts';
import '../../../i18n/distribution/index.ts';
export { StudentListReportPage } from './student-list-report-page.tsx';
export { EmployeeListReportPage } from './employee-list-report-page.tsx';
export { ScheduleReportPage } from './schedule-report-page.tsx';
export { ScoringReportPage } from './scoring-report-page.tsx';
