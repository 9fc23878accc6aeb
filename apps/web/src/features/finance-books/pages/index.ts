// The cash and bank voucher and book screens, loaded together on first use.
import '../../../i18n/finance-books/index.ts';
import '../../../i18n/school/index.ts';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SegmentedControl.css';
export { AccountsPage } from './accounts-page.tsx';
export { BooksPage } from './books-page.tsx';
export { CashVoucherReportPage } from './report-page.tsx';
export { VoucherPage } from './voucher-page.tsx';
export { VouchersPage } from './vouchers-page.tsx';
