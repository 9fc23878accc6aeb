// The play screen's own chunk (kept small: no editor, charts, spreadsheets or data tables), with its texts and
// the Mantine styles of the choices (the shell does not load them).
import '../../../i18n/exam-engine/index.ts';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Checkbox.css';
export { PlayFormativePage, PlaySummativePage } from './exam-play-page.tsx';
export { TrialPlayPage } from './trial-page.tsx';
