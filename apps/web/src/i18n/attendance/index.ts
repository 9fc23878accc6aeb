import i18next from 'i18next';
import { attendanceEn } from './en.ts';
import { attendanceId } from './id.ts';

/** Adds the attendance and journal texts to both languages; they ship with those screens' lazy chunks. */
export function registerAttendanceMessages(): void {
  if (!i18next.store || i18next.getResource('id', 'translation', 'att.date')) return;
  i18next.addResourceBundle('id', 'translation', attendanceId, true, false);
  i18next.addResourceBundle('en', 'translation', attendanceEn, true, false);
}

registerAttendanceMessages();
