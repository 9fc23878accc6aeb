import i18next from 'i18next';
import { adminEn } from './en.ts';
import { adminId } from './id.ts';

/** Adds the administration texts to both languages; they ship with the screens' lazy chunk. */
export function registerAdminMessages(): void {
  if (!i18next.store || i18next.getResource('id', 'translation', 'admin.users.title')) return;
  i18next.addResourceBundle('id', 'translation', adminId, true, false);
  i18next.addResourceBundle('en', 'translation', adminEn, true, false);
}

registerAdminMessages();
