import i18next from 'i18next';
import { extracurricularEn } from './en.ts';
import { extracurricularId } from './id.ts';

/** Adds the extracurricular screen's texts to both languages; they ship with the screen. */
export function registerExtracurricularMessages(): void {
  if (!i18next.store || i18next.getResource('id', 'translation', 'extracurricular.title')) return;
  i18next.addResourceBundle('id', 'translation', extracurricularId, true, false);
  i18next.addResourceBundle('en', 'translation', extracurricularEn, true, false);
}

registerExtracurricularMessages();
