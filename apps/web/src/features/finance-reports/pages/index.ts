// The finance report screen, loaded on first use.
import '../../../i18n/finance-reports/index.ts';
import '../../../i18n/school/index.ts';
import '@mantine/core/styles/Tabs.css';
export { FinanceReportPage } from './report-page.tsx';
