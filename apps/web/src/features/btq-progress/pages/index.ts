// The BTQ progress screens, loaded together on first use (the recap has a chunk of its own for the chart).
import '../../../i18n/btq-progress/index.ts';
import '@mantine/core/styles/NumberInput.css';
export { BtqProgressPage } from './progress-page.tsx';
export { BtqPromotionPage } from './promotion-page.tsx';
export { StudentQuranPage } from './student-quran-page.tsx';
