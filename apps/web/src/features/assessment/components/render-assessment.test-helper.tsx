import i18next from 'i18next';
import type { ReactElement } from 'react';
import { initReactI18next } from 'react-i18next';
import { id } from '../../../i18n/id.ts';
import { registerAssessmentMessages } from '../../../i18n/assessment/index.ts';
import { renderWithApp } from '../../../test/render.tsx';

/** Test-only: renders an assessment component with the app's providers and the assessment texts. */
export async function renderAssessment(ui: ReactElement) {
  // the assessment texts join the Indonesian ones, so i18next must be up before they register
  if (!i18next.isInitialized) {
    await i18next
      .use(initReactI18next)
      .init({ resources: { id: { translation: id } }, lng: 'id', interpolation: { escapeValue: false } });
  }
  registerAssessmentMessages();
  return renderWithApp(ui);
}
