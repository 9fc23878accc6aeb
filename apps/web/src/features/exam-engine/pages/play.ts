// The play screen's own chunk (kept small: no editor, charts, spreadsheets or data tables), with its texts.
import '../../../i18n/exam-engine/index.ts';
export { PlayFormativePage, PlaySummativePage } from './exam-play-page.tsx';
