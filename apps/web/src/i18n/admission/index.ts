import i18next from 'i18next';
import { admissionEn } from './en.ts';
import { admissionId } from './id.ts';

/** Adds the admission texts to both languages; they ship with the screens' lazy chunk. */
export function registerAdmissionMessages(): void {
  if (!i18next.store || i18next.getResource('id', 'translation', 'adm.regNo')) return;
  i18next.addResourceBundle('id', 'translation', admissionId, true, false);
  i18next.addResourceBundle('en', 'translation', admissionEn, true, false);
}

registerAdmissionMessages();
