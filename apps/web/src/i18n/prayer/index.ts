import i18next from 'i18next';
import { prayerEn } from './en.ts';
import { prayerId } from './id.ts';

/** Adds the prayer texts to both languages; they ship with the screens' lazy chunk. */
export function registerPrayerMessages(): void {
  if (!i18next.store || i18next.getResource('id', 'translation', 'prayer.class')) return;
  i18next.addResourceBundle('id', 'translation', prayerId, true, false);
  i18next.addResourceBundle('en', 'translation', prayerEn, true, false);
}

registerPrayerMessages();
