import i18next from 'i18next';
import { examEngineEn } from './en.ts';
import { examEngineId } from './id.ts';

/** Adds the online quiz and exam texts to both languages; they ship with the screens' lazy chunk. */
export function registerExamEngineMessages(): void {
  if (!i18next.store || i18next.getResource('id', 'translation', 'examPlay.take')) return;
  i18next.addResourceBundle('id', 'translation', examEngineId, true, false);
  i18next.addResourceBundle('en', 'translation', examEngineEn, true, false);
}

registerExamEngineMessages();
