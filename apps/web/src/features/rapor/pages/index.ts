// The rapor screens (preview, completeness board, the student's own), loaded on first use.
import '../i18n.ts';
import '../workflow-i18n.ts';
// the unit picker's labels (school.unit) live in the school bundle
import '../../../i18n/school/index.ts';
export { RaporPage } from './rapor-page.tsx';
export { RaporBoardPage } from './rapor-board-page.tsx';
export { MyRaporPage } from './my-rapor-page.tsx';
