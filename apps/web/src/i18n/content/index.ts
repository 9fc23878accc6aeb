import i18next from 'i18next';
import { contentEn } from './en.ts';
import { contentId } from './id.ts';

/** Adds the content texts to both languages; they ship with the content screens' and widgets' lazy chunks. */
export function registerContentMessages(): void {
  if (!i18next.store || i18next.getResource('id', 'translation', 'content.image')) return;
  i18next.addResourceBundle('id', 'translation', contentId, true, false);
  i18next.addResourceBundle('en', 'translation', contentEn, true, false);
}

registerContentMessages();
