// The play screen's own chunk (kept small: no editor, charts, spreadsheets or data tables), with its texts and
// the Mantine styles of the controls the shell does not load (choices, the PIN).
import '../../../i18n/exam-engine/index.ts';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/PinInput.css';
export { PlayFormativePage, PlaySummativePage } from './exam-play-page.tsx';
