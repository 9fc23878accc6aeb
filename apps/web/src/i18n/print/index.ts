import i18next from 'i18next';
import { printEn } from './en.ts';
import { printId } from './id.ts';

/** Adds the texts of printed papers to both languages; they ship with the screens that print. */
export function registerPrintMessages(): void {
  if (!i18next.store || i18next.getResource('id', 'translation', 'print.print')) return;
  i18next.addResourceBundle('id', 'translation', printId, true, false);
  i18next.addResourceBundle('en', 'translation', printEn, true, false);
}

registerPrintMessages();
