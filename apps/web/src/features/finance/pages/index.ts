// The finance screens, loaded on first use (one lazy chunk); the school pickers' texts too.
import '../../../i18n/school/index.ts';
import '../../../i18n/finance/index.ts';
export { PaymentComponentsPage } from './components-page.tsx';
export { FeesMajorPage, FeesStudentPage } from './fees-pages.tsx';
export { BillsPage } from './bills-page.tsx';
export { InvoicePage, StudentInvoicePage } from './invoice-pages.tsx';
