// The bisyaroh screens, loaded together on first use.
import '../../../i18n/bisyaroh/index.ts';
import '../../../i18n/school/index.ts';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SegmentedControl.css';
export { ListPage } from './list-page.tsx';
export { MasterPage } from './master-page.tsx';
export { MyBisyarohPage } from './my-page.tsx';
export { ProcessPage } from './process-page.tsx';
export { SlipPage } from './slip-page.tsx';
