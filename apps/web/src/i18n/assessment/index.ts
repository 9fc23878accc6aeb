import i18next from 'i18next';
import { assessmentEn } from './en.ts';
import { assessmentId } from './id.ts';

/** Adds the assessment texts to both languages; they ship with the question bank's lazy chunk. */
export function registerAssessmentMessages(): void {
  if (!i18next.store || i18next.getResource('id', 'translation', 'qbank.title')) return;
  i18next.addResourceBundle('id', 'translation', assessmentId, true, false);
  i18next.addResourceBundle('en', 'translation', assessmentEn, true, false);
}

registerAssessmentMessages();
