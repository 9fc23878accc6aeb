import i18next from 'i18next';
import { selectionEn } from './en.ts';
import { selectionId } from './id.ts';

/** Adds the selection-test texts to both languages; they ship with the screens' lazy chunk. */
export function registerSelectionMessages(): void {
  if (!i18next.store || i18next.getResource('id', 'translation', 'selection.wave')) return;
  i18next.addResourceBundle('id', 'translation', selectionId, true, false);
  i18next.addResourceBundle('en', 'translation', selectionEn, true, false);
}

registerSelectionMessages();
