import i18next from 'i18next';
import { gradesEn } from './en.ts';
import { gradesId } from './id.ts';

/** Adds the scoring texts to both languages; they ship with the scoring screens' lazy chunk. */
export function registerGradesMessages(): void {
  if (!i18next.store || i18next.getResource('id', 'translation', 'grades.title')) return;
  i18next.addResourceBundle('id', 'translation', gradesId, true, false);
  i18next.addResourceBundle('en', 'translation', gradesEn, true, false);
}

registerGradesMessages();
