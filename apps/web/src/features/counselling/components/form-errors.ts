import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { isApiError } from '../../../lib/api.ts';
import { notifyError } from '../../../lib/notify.ts';
import { messageText } from '../../../lib/validation.ts';

/** Puts the server's field errors under their inputs (in the reader's language) and says what failed. */
export function showServerErrors<V extends FieldValues>(form: UseFormReturn<V>, error: unknown): void {
  if (isApiError(error)) {
    for (const [field, message] of Object.entries(error.fields)) {
      form.setError(field.split('.')[0] as Path<V>, { message: messageText(message) });
    }
  }
  notifyError(error);
}
