// The attendance screens, loaded together on first use (one lazy chunk for the feature).
import '../../../i18n/attendance/index.ts';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/NumberInput.css';
export { RegisterPage } from './register-page.tsx';
export { AttendanceListsPage } from './attendance-lists-page.tsx';
export { LeavePage } from './leave-page.tsx';
export { StaffAbsentLatePage, StaffDailyPage, StaffSelfPage } from './staff-pages.tsx';
export { StudentAttendancePage } from './student-attendance-page.tsx';
