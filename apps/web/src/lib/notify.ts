import i18next from 'i18next';
import { errorText } from '../i18n/index.ts';

// Loaded on first use: the public pages do not pay for the notification code.
const load = () => import('@mantine/notifications').then((m) => m.notifications);

/** An API error as a notification with the server's message: never a browser alert. */
export function notifyError(error: unknown): void {
  const message = errorText(error);
  void load().then((n) => n.show({ color: 'red', title: i18next.t('errors.failed'), message, withBorder: true }));
}

export function notifyInfo(message: string): void {
  void load().then((n) => n.show({ color: 'teal', message, withBorder: true }));
}

/**
 * The one success message: a notification that does not block and says what happened
 * ("Kelas 7A berhasil disimpan", "Mata pelajaran berhasil dihapus").
 */
export function notifyDone(kind: 'saved' | 'deleted', what?: string): void {
  const message = i18next.t(`done.${kind}`, { what: what ?? i18next.t('done.data') });
  void load().then((n) => n.show({ color: 'green', message, withBorder: true, autoClose: 4000 }));
}
