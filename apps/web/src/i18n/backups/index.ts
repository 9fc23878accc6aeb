import i18next from 'i18next';
import { backupsEn } from './en.ts';
import { backupsId } from './id.ts';

/** Adds the backup screen's texts to both languages; they ship with the screen's lazy chunk. */
export function registerBackupsMessages(): void {
  if (!i18next.store || i18next.getResource('id', 'translation', 'backups.title')) return;
  i18next.addResourceBundle('id', 'translation', backupsId, true, false);
  i18next.addResourceBundle('en', 'translation', backupsEn, true, false);
}

registerBackupsMessages();
