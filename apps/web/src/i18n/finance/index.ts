import i18next from 'i18next';
import { financeEn } from './en.ts';
import { financeId } from './id.ts';

/** Adds the finance texts to both languages; they ship with the screens' lazy chunk. */
export function registerFinanceMessages(): void {
  if (!i18next.store || i18next.getResource('id', 'translation', 'finance.components.title')) return;
  i18next.addResourceBundle('id', 'translation', financeId, true, false);
  i18next.addResourceBundle('en', 'translation', financeEn, true, false);
}

registerFinanceMessages();
