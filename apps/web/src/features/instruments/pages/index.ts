// The counselling instrument screens (issue 14), loaded together on first use (one lazy chunk for the feature).
import '../../../i18n/school/index.ts';
import '../../../i18n/instruments/index.ts';
import '@mantine/charts/styles.css';
import '@mantine/core/styles/NumberInput.css';
export { InstrumentInputPage } from './instrument-input-page.tsx';
export { InstrumentPlayPage } from './instrument-play-page.tsx';
