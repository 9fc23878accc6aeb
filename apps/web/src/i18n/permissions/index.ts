import i18next from 'i18next';
import { permissionsEn } from './en.ts';
import { permissionsId } from './id.ts';

/** Adds the permission table screen's texts to both languages; they ship with the screen's lazy chunk. */
export function registerPermissionsMessages(): void {
  if (!i18next.store || i18next.getResource('id', 'translation', 'permTable.title')) return;
  i18next.addResourceBundle('id', 'translation', permissionsId, true, false);
  i18next.addResourceBundle('en', 'translation', permissionsEn, true, false);
}

registerPermissionsMessages();
