import i18next from 'i18next';
import { schoolEn } from './en.ts';
import { schoolId } from './id.ts';
import { registerListMessages } from '../list/index.ts';

/**
 * Adds the texts of the school screens (and the lists they show) to both languages. They ship with those screens' lazy chunk, so the
 * sign-in page stays within its size budget; the keys live in the one `translation` namespace as usual.
 */
export function registerSchoolMessages(): void {
  registerListMessages();
  if (!i18next.store || i18next.getResource('id', 'translation', 'school.profile.title')) return;
  i18next.addResourceBundle('id', 'translation', schoolId, true, false);
  i18next.addResourceBundle('en', 'translation', schoolEn, true, false);
}

registerSchoolMessages();
