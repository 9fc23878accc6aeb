import i18next from 'i18next';
import { financeReportsEn } from './en.ts';
import { financeReportsId } from './id.ts';

/** Adds the finance report texts to both languages; they ship with the screen's lazy chunk. */
export function registerFinanceReportsMessages(): void {
  if (!i18next.store || i18next.getResource('id', 'translation', 'financeReports.title')) return;
  i18next.addResourceBundle('id', 'translation', financeReportsId, true, false);
  i18next.addResourceBundle('en', 'translation', financeReportsEn, true, false);
}

registerFinanceReportsMessages();
