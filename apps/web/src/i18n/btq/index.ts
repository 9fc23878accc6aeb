import i18next from 'i18next';
import { btqEn } from './en.ts';
import { btqId } from './id.ts';

/** Adds the BTQ set-up texts to both languages; they ship with the screens' lazy chunk. */
export function registerBtqMessages(): void {
  if (!i18next.store || i18next.getResource('id', 'translation', 'btq.titles.method')) return;
  i18next.addResourceBundle('id', 'translation', btqId, true, false);
  i18next.addResourceBundle('en', 'translation', btqEn, true, false);
}

registerBtqMessages();
