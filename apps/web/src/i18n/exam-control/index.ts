import i18next from 'i18next';
import { examControlEn } from './en.ts';
import { examControlId } from './id.ts';

/** Adds the exam control texts to both languages; they ship with the screens' lazy chunk. */
export function registerExamControlMessages(): void {
  if (!i18next.store || i18next.getResource('id', 'translation', 'examControl.titleProgress')) return;
  i18next.addResourceBundle('id', 'translation', examControlId, true, false);
  i18next.addResourceBundle('en', 'translation', examControlEn, true, false);
}

registerExamControlMessages();
