import i18next from 'i18next';
import { financeBooksEn } from './en.ts';
import { financeBooksId } from './id.ts';

/** Adds the voucher and book texts to both languages; they ship with the screens' lazy chunk. */
export function registerFinanceBooksMessages(): void {
  if (!i18next.store || i18next.getResource('id', 'translation', 'financeBooks.vouchers.title')) return;
  i18next.addResourceBundle('id', 'translation', financeBooksId, true, false);
  i18next.addResourceBundle('en', 'translation', financeBooksEn, true, false);
}

registerFinanceBooksMessages();
