import i18next from 'i18next';
import { examsEn } from './en.ts';
import { examsId } from './id.ts';

/** Adds the exam schedule texts to both languages; they ship with the screen's lazy chunk. */
export function registerExamsMessages(): void {
  if (!i18next.store || i18next.getResource('id', 'translation', 'exams.title')) return;
  i18next.addResourceBundle('id', 'translation', examsId, true, false);
  i18next.addResourceBundle('en', 'translation', examsEn, true, false);
}

registerExamsMessages();
