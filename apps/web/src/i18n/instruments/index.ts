import i18next from 'i18next';
import { instrumentsEn } from './en.ts';
import { instrumentsId } from './id.ts';

/** Adds the instrument screens' texts to both languages; they ship with the screens' lazy chunk. */
export function registerInstrumentMessages(): void {
  if (!i18next.store || i18next.getResource('id', 'translation', 'instruments.loading')) return;
  i18next.addResourceBundle('id', 'translation', instrumentsId, true, false);
  i18next.addResourceBundle('en', 'translation', instrumentsEn, true, false);
}

registerInstrumentMessages();
