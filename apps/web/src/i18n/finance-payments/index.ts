import i18next from 'i18next';
import { financePaymentsEn } from './en.ts';
import { financePaymentsId } from './id.ts';

/** Adds the payment texts to both languages; they ship with the screens' lazy chunk. */
export function registerFinancePaymentsMessages(): void {
  if (!i18next.store || i18next.getResource('id', 'translation', 'financePayments.counter.title')) return;
  i18next.addResourceBundle('id', 'translation', financePaymentsId, true, false);
  i18next.addResourceBundle('en', 'translation', financePaymentsEn, true, false);
}

registerFinancePaymentsMessages();
