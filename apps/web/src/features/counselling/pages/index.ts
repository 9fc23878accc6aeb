// The counselling screens, loaded together on first use (one lazy chunk), with the styles of the controls they
// add to the shell's (the students' multi-select, the score inputs, the shared checkbox).
import '../../../i18n/counselling/index.ts';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';

export { CounsellingEditPage, CounsellingInputPage, CounsellingListPage } from './note-pages.tsx';
export { PsychotestEditPage, PsychotestInputPage, PsychotestListPage } from './psychotest-pages.tsx';
export { CounsellingReportPage } from './report-page.tsx';
export { StudentCounsellingPage, StudentPsychotestPage } from './student-pages.tsx';
