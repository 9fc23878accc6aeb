import { isApiError } from '../../lib/api.ts';
import { notifyError } from '../../lib/notify.ts';
import { messageText } from '../../lib/validation.ts';

/** A failed call: its field errors beside the fields (in the reader's language) and its message as a notification. */
export function showServerErrors(e: unknown, set: (errors: Record<string, string>) => void) {
  if (isApiError(e) && e.fields && Object.keys(e.fields).length)
    set(Object.fromEntries(Object.entries(e.fields).map(([k, v]) => [k, messageText(v)])));
  notifyError(e);
}
