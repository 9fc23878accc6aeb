// The journal screens, loaded together on first use (one lazy chunk for the feature).
import '../../../i18n/attendance/index.ts';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/NumberInput.css';
export { JournalInputPage } from './journal-input-page.tsx';
export { JournalLessonsPage, JournalReportPage, JournalTopicsPage, StudentJournalPage } from './journal-list-page.tsx';
export { ClassEntryPage } from './class-entry-page.tsx';
export { MaterialPage } from './material-page.tsx';
export { ClassControlPage } from './class-control-page.tsx';
export { StudentMaterialPage } from './student-material-page.tsx';
