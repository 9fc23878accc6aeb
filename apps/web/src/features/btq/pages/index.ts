// The BTQ set-up screens, loaded together on first use.
import '../../../i18n/btq/index.ts';
import '../../../i18n/school/index.ts';
import '../../../i18n/print/index.ts';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SegmentedControl.css';
export { GroupPrintPage } from './group-print-page.tsx';
export { GroupingPage } from './grouping-page.tsx';
export { LevelPage } from './level-page.tsx';
export { MethodPage } from './method-page.tsx';
export { PresencePage } from './presence-page.tsx';
export { TeacherPage } from './teacher-page.tsx';
