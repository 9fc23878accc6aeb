// The timetable screens (jadwal pelajaran), loaded together on first use (their own lazy chunk).
import '../../../i18n/school/index.ts';
import '@mantine/core/styles/Tabs.css';
export { AllTimetablePage, ClassTimetablePage, OwnTimetablePage, TimetableInputPage } from './timetable-pages.tsx';
