import type { RouteObject } from 'react-router';
import { lazyScreens } from '../../lib/lazy-screen.ts';

const screen = lazyScreens(() => import('./pages/index.ts'));

/** The payment counter, receipts and the student's payments (issue 15); the router adds them under /backend. */
export const financePaymentsRoutes: RouteObject[] = [
  screen('treasurer-payments', 'finance.read', 'PaymentsPage'),
  screen('treasurer-receipt', 'finance.read', 'ReceiptPage'),
  screen('student-payment', 'finance.self', 'StudentPaymentPage'),
  screen('student-receipt', 'finance.self', 'StudentReceiptPage'),
];
