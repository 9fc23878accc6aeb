// The exam schedule screen, loaded on first use (one lazy chunk for the feature); the school pickers' texts too.
import '../../../i18n/school/index.ts';
import '../../../i18n/exams/index.ts';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Tabs.css';
export { ExamSchedulePage } from './exam-schedule-page.tsx';
