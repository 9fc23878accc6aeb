import i18next from 'i18next';
import { counsellingEn } from './en.ts';
import { counsellingId } from './id.ts';

/** Adds the counselling texts to both languages; they ship with the screens' lazy chunk. */
export function registerCounsellingMessages(): void {
  if (!i18next.store || i18next.getResource('id', 'translation', 'counselling.inputTitle')) return;
  i18next.addResourceBundle('id', 'translation', counsellingId, true, false);
  i18next.addResourceBundle('en', 'translation', counsellingEn, true, false);
}

registerCounsellingMessages();
