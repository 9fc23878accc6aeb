import i18next from 'i18next';
import { reportsEn } from './en.ts';
import { reportsId } from './id.ts';

/** Adds the report texts to both languages; they ship with the report screens' lazy chunk. */
export function registerReportMessages(): void {
  if (!i18next.store || i18next.getResource('id', 'translation', 'reports.export')) return;
  i18next.addResourceBundle('id', 'translation', reportsId, true, false);
  i18next.addResourceBundle('en', 'translation', reportsEn, true, false);
}

registerReportMessages();
