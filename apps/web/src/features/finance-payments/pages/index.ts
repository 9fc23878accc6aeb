// The payment counter, receipts and the student's payments, loaded together on first use.
import '../../../i18n/finance-payments/index.ts';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SegmentedControl.css';
export { PaymentsPage } from './payments-page.tsx';
export { ReceiptPage, StudentReceiptPage } from './receipt-page.tsx';
export { StudentPaymentPage } from './student-payment-page.tsx';
