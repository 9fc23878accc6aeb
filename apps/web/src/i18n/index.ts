import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../lib/settings-store.ts';
import { id } from './id.ts';
import { isApiError } from '../lib/api.ts';

/** English is loaded when chosen; Indonesian, the default, ships with the first page. */
export async function loadLanguage(language: Language): Promise<void> {
  // a feature's lazy texts may already sit in the English bundle: check for the shell's own texts
  if (language === 'en' && !i18next.getResource('en', 'translation', 'app.tagline')) {
    const { en } = await import('./en.ts');
    i18next.addResourceBundle('en', 'translation', en);
  }
  if (i18next.language !== language) await i18next.changeLanguage(language);
}

export function initI18n(language: Language) {
  void i18next.use(initReactI18next).init({
    resources: { id: { translation: id } },
    lng: 'id',
    partialBundledLanguages: true,
    fallbackLng: 'id',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  void loadLanguage(language);
  return i18next;
}

/**
 * What to tell a person about a failed call: the server already speaks Indonesian, so in Indonesian its
 * message is shown; in English the known code is translated, falling back to the server's message.
 */
export function errorText(error: unknown): string {
  if (isApiError(error)) {
    if (i18next.language === 'id' || error.code === 'UNKNOWN') return error.message;
    const key = `errors.codes.${error.code}`;
    return i18next.exists(key) ? i18next.t(key) : error.message;
  }
  return i18next.t('errors.codes.UNKNOWN');
}
