// The upload history, loaded on first use.
import '../../../i18n/files/index.ts';
export { UploadHistoryPage } from './upload-history-page.tsx';
