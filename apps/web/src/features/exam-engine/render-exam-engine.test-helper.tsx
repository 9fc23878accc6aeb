import i18next from 'i18next';
import type { ReactElement } from 'react';
import { initReactI18next } from 'react-i18next';
import { id } from '../../i18n/id.ts';
import { registerExamEngineMessages } from '../../i18n/exam-engine/index.ts';
import { renderWithApp } from '../../test/render.tsx';

/** Test-only: renders an exam screen with the app's providers and the exam texts. */
export async function renderExamEngine(ui: ReactElement) {
  if (!i18next.isInitialized) {
    await i18next
      .use(initReactI18next)
      .init({ resources: { id: { translation: id } }, lng: 'id', interpolation: { escapeValue: false } });
  }
  registerExamEngineMessages();
  return renderWithApp(ui);
}
