import type { FieldValues, Path, Resolver, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../../../lib/api.ts';
import { notifyError } from '../../../lib/notify.ts';
import { formResolver } from '../../../lib/validation.ts';

/**
 * Form inputs hold '' for an empty field; the contracts want null there. Required fields (`keep`) stay '' so the
 * contract answers with its own message ("Nama wajib diisi") rather than a type error.
 */
export function emptyToNull<T extends Record<string, unknown>>(
  values: T,
  keep: readonly string[] = [],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values))
    out[k] = typeof v === 'string' && v.trim() === '' && !keep.includes(k) ? null : v;
  return out;
}

/** A react-hook-form resolver over a shared contract, after empty inputs became null. */
export const contractResolver = <V extends FieldValues>(
  schema: z.ZodType,
  prepare: (values: V) => unknown = (v) => emptyToNull(v),
): Resolver<V> => formResolver<V>(schema, prepare);

/**
 * Puts the server's field errors under their inputs. A 409 (duplicate NIS, NISN, NIP) carries the message that
 * names the other record: that message goes under the field.
 */
export function showServerErrors<V extends FieldValues>(form: UseFormReturn<V>, error: unknown): void {
  if (isApiError(error)) {
    for (const [field, message] of Object.entries(error.fields)) {
      form.setError(field as Path<V>, { message: error.status === 409 ? error.message : message });
    }
  }
  notifyError(error);
}
