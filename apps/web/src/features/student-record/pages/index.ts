// The pesantren record screen, loaded on first use.
import '../../../i18n/student-record/index.ts';
export { StudentRecordPage } from './student-record-page.tsx';
