// The discipline screens, loaded together on first use (the recap and chart have a chunk of their own).
import '../../../i18n/discipline/index.ts';
import '../../../i18n/school/index.ts';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SegmentedControl.css';
export {
  TeacherViolationInputPage,
  ViolationEditPage,
  ViolationInputPage,
  ViolationListPage,
} from './violation-pages.tsx';
export { AchievementEditPage, AchievementInputPage, AchievementListPage } from './achievement-pages.tsx';
export { ViolationRulesPage } from './rules-page.tsx';
export { SanctionLetterPage, SanctionListPage } from './sanction-pages.tsx';
export { StudentAchievementPage, StudentViolationPage } from './own-pages.tsx';
