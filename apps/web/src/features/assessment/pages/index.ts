// The assessment screens, loaded together on first use (one lazy chunk for the feature).
import '../../../i18n/assessment/index.ts';
import '../../../i18n/distribution/index.ts';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
export { QuestionBankPage } from './question-bank-page.tsx';
export {
  FormativeCheckPage,
  FormativeInputPage,
  SummativeCheckPage,
  SummativeInputPage,
  TaskCheckPage,
  TaskInputPage,
  TrialListPage,
} from './assessment-list-page.tsx';
export {
  DistributionOverviewPage,
  FormativeSchedulePage,
  FormativeSharePage,
  SummativeSharePage,
  TaskSchedulePage,
  TaskSharePage,
} from './distribution-pages.tsx';
export { FormativeEditPage, FormativeListPage, SummativeListPage } from './control-pages.tsx';
