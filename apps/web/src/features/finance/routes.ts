import type { RouteObject } from 'react-router';
import { lazyScreens } from '../../lib/lazy-screen.ts';

const screen = lazyScreens(() => import('./pages/index.ts'));

/** Fees and bills (issue 15); the router adds them under /backend. The server decides the rows. */
export const financeRoutes: RouteObject[] = [
  screen('treasurer-payment-components', 'finance.read', 'PaymentComponentsPage'),
  screen('treasurer-fees-major', 'finance.read', 'FeesMajorPage'),
  screen('treasurer-fees-student', 'finance.read', 'FeesStudentPage'),
  screen('treasurer-bills', 'finance.read', 'BillsPage'),
  screen('treasurer-invoice', 'finance.read', 'InvoicePage'),
  screen('student-invoice', 'finance.self', 'StudentInvoicePage'),
  screen('student-invoice-print', 'finance.self', 'InvoicePage'),
];
