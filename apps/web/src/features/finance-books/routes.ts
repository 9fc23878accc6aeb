import type { RouteObject } from 'react-router';
import { lazyScreens } from '../../lib/lazy-screen.ts';

const screen = lazyScreens(() => import('./pages/index.ts'));

/** The cash and bank voucher and book screens (issue 15); the router adds them under /backend. */
export const financeBooksRoutes: RouteObject[] = [
  screen('treasurer-vouchers', 'finance.read', 'VouchersPage'),
  screen('treasurer-voucher', 'finance.read', 'VoucherPage'),
  screen('treasurer-books', 'finance.read', 'BooksPage'),
  screen('report-cash-voucher', 'finance.read', 'CashVoucherReportPage'),
  screen('treasurer-accounts', 'finance.read', 'AccountsPage'),
];
