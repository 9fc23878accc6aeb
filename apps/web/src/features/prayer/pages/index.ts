// The prayer input and recap screens, loaded together on first use (the principal's pages have a chunk of their own).
import '../../../i18n/prayer/index.ts';
import '../../../i18n/school/index.ts';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SegmentedControl.css';
export { PrayerInputPage } from './input-page.tsx';
export { PrayerRecapPage } from './recap-page.tsx';
