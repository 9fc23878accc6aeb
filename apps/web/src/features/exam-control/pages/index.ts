// The exam control screens (issue 13), loaded together on first use (one lazy chunk for the feature).
import '../../../i18n/exam-control/index.ts';
import '@mantine/core/styles/NumberInput.css';
export { ControlProgressPage } from './progress-page.tsx';
export { ControlScorePage } from './score-page.tsx';
export { ControlDetailPage } from './detail-page.tsx';
