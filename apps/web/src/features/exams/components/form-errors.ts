import { isApiError } from '../../../lib/api.ts';
import { messageText } from '../../../lib/validation.ts';
import { notifyError } from '../../../lib/notify.ts';

/** The server's field errors in the reader's language (a 409 names the clash under its field), and the toast. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  notifyError(error);
  if (!isApiError(error)) return {};
  return Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, messageText(v)]));
}
