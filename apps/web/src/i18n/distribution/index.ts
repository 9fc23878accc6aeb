import i18next from 'i18next';
import { distributionEn } from './en.ts';
import { distributionId } from './id.ts';

/** Adds the distribution and scoring-report texts to both languages; they ship with those screens' chunks. */
export function registerDistributionMessages(): void {
  if (!i18next.store || i18next.getResource('id', 'translation', 'distrib.distribute')) return;
  i18next.addResourceBundle('id', 'translation', distributionId, true, false);
  i18next.addResourceBundle('en', 'translation', distributionEn, true, false);
}

registerDistributionMessages();
