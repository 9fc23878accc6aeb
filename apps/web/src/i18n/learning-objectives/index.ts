import i18next from 'i18next';
import { learningObjectivesEn } from './en.ts';
import { learningObjectivesId } from './id.ts';

/** Adds the learning objectives' texts to both languages; they ship with the TP screen and the TP picker. */
export function registerLearningObjectivesMessages(): void {
  if (!i18next.store || i18next.getResource('id', 'translation', 'tp.title')) return;
  i18next.addResourceBundle('id', 'translation', learningObjectivesId, true, false);
  i18next.addResourceBundle('en', 'translation', learningObjectivesEn, true, false);
}

registerLearningObjectivesMessages();
