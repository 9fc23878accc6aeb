import i18next from 'i18next';
import { listEn } from './en.ts';
import { listId } from './id.ts';

/**
 * Adds the list building block's texts to both languages. The list's modules import this, so a screen that shows
 * a list, an export button or a pager has their texts whichever feature's texts its chunk loads (the BTQ recap
 * showed the raw key `list.export` when they lived with the school screens' texts).
 */
export function registerListMessages(): void {
  // imported before the texts are set up (a list module in the first chunk): add them once they are
  if (!i18next.isInitialized) return void i18next.on('initialized', registerListMessages);
  if (i18next.getResource('id', 'translation', 'list.export')) return;
  i18next.addResourceBundle('id', 'translation', listId, true, false);
  i18next.addResourceBundle('en', 'translation', listEn, true, false);
}

registerListMessages();
