import i18next from 'i18next';
import { apiTokensEn } from './en.ts';
import { apiTokensId } from './id.ts';

/** Adds the API tokens screen's texts to both languages; they ship with the screen's lazy chunk. */
export function registerApiTokensMessages(): void {
  if (!i18next.store || i18next.getResource('id', 'translation', 'apiTokens.title')) return;
  i18next.addResourceBundle('id', 'translation', apiTokensId, true, false);
  i18next.addResourceBundle('en', 'translation', apiTokensEn, true, false);
}

registerApiTokensMessages();
