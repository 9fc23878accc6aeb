import i18next from 'i18next';
import { studentRecordEn } from './en.ts';
import { studentRecordId } from './id.ts';

/** Adds the pesantren record texts to both languages; they ship with the screen's lazy chunk. */
export function registerStudentRecordMessages(): void {
  if (!i18next.store || i18next.getResource('id', 'translation', 'studentRecord.title')) return;
  i18next.addResourceBundle('id', 'translation', studentRecordId, true, false);
  i18next.addResourceBundle('en', 'translation', studentRecordEn, true, false);
}

registerStudentRecordMessages();
