import i18next from 'i18next';
import { bisyarohEn } from './en.ts';
import { bisyarohId } from './id.ts';

/** Adds the bisyaroh texts to both languages; they ship with the screens' lazy chunk. */
export function registerBisyarohMessages(): void {
  if (!i18next.store || i18next.getResource('id', 'translation', 'bisyaroh.master.title')) return;
  i18next.addResourceBundle('id', 'translation', bisyarohId, true, false);
  i18next.addResourceBundle('en', 'translation', bisyarohEn, true, false);
}

registerBisyarohMessages();
