// The journal screens, loaded together on first use (one lazy chunk for the feature).
import '../../../i18n/attendance/index.ts';
export { JournalInputPage } from './journal-input-page.tsx';
