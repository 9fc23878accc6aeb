import i18next from 'i18next';
import { btqProgressEn } from './en.ts';
import { btqProgressId } from './id.ts';

/** Adds the BTQ progress texts to both languages; they ship with the screens' lazy chunk. */
export function registerBtqProgressMessages(): void {
  if (!i18next.store || i18next.getResource('id', 'translation', 'btqProgress.group')) return;
  i18next.addResourceBundle('id', 'translation', btqProgressId, true, false);
  i18next.addResourceBundle('en', 'translation', btqProgressEn, true, false);
}

registerBtqProgressMessages();
