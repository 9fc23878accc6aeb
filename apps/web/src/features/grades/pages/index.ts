// The scoring screens, loaded together on first use (one lazy chunk for the feature).
import '../../../i18n/grades/index.ts';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Checkbox.css';
export { ScoringPage } from './scoring-page.tsx';
export { MyScoresPage } from './my-scores-page.tsx';
export { P5Page } from './p5-page.tsx';
export { FormativeResultsPage, SummativeRecapPage, SummativeResultsPage } from './results-page.tsx';
