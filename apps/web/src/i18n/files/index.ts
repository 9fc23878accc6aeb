import i18next from 'i18next';
import { filesEn } from './en.ts';
import { filesId } from './id.ts';

/** Adds the upload-history texts to both languages; they ship with the screen's lazy chunk. */
export function registerFilesMessages(): void {
  if (!i18next.store || i18next.getResource('id', 'translation', 'files.title')) return;
  i18next.addResourceBundle('id', 'translation', filesId, true, false);
  i18next.addResourceBundle('en', 'translation', filesEn, true, false);
}

registerFilesMessages();
