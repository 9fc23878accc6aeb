import i18next from 'i18next';
import { disciplineEn } from './en.ts';
import { disciplineId } from './id.ts';

/** Adds the discipline texts to both languages; they ship with the screens' lazy chunk. */
export function registerDisciplineMessages(): void {
  if (!i18next.store || i18next.getResource('id', 'translation', 'discipline.student')) return;
  i18next.addResourceBundle('id', 'translation', disciplineId, true, false);
  i18next.addResourceBundle('en', 'translation', disciplineEn, true, false);
}

registerDisciplineMessages();
