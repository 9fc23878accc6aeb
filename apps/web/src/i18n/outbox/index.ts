import i18next from 'i18next';
import { outboxEn } from './en.ts';
import { outboxId } from './id.ts';

/** Adds the notification outbox screen's texts to both languages; they ship with the screen's lazy chunk. */
export function registerOutboxMessages(): void {
  if (!i18next.store || i18next.getResource('id', 'translation', 'outbox.title')) return;
  i18next.addResourceBundle('id', 'translation', outboxId, true, false);
  i18next.addResourceBundle('en', 'translation', outboxEn, true, false);
}

registerOutboxMessages();
