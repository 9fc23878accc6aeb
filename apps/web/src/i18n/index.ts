import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language } from '../lib/settings-store.ts';
import { id } from './id.ts';
import { isApiError, setRequestLanguage } from '../lib/api.ts';

/** English is loaded when chosen; Indonesian, the default, ships with the first page. */
export async function loadLanguage(language: Language): Promise<void> {
  setRequestLanguage(language);
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
 * What to tell a person about a failed call: the server answers in the language the call asked for
 * (`Accept-Language`), so its message is shown as it is. Only failures without a server answer (no
 * connection, a proxy's page) take the code's text.
 */
export function errorText(error: unknown): string {
  if (isApiError(error)) {
    const key = `errors.codes.${error.code}`;
    if (!error.fromServer && i18next.exists(key)) return i18next.t(key);
    return error.message;
  }
  return i18next.t('errors.codes.UNKNOWN');
}
