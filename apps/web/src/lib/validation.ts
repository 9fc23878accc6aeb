import i18next from 'i18next';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { renderMessage, type MessageLanguage } from '@mms/shared/i18n';

/**
 * The one way a screen shows a contract's (or the server's) message: in the reader's language. Contract
 * messages are Indonesian message ids; the shared catalog renders them (labels, codes and dates included).
 */
export const messageText = (message: string): string =>
  renderMessage(message, (i18next.language === 'en' ? 'en' : 'id') satisfies MessageLanguage);

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * Field errors of a failed `safeParse`, keyed by the path (`a.b`, or `root` for the whole value), the first
 * issue of each field, each in the reader's language.
 */
export function issueErrors(
  error: { issues: readonly IssueLike[] },
  key: 'path' | 'first' = 'path',
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const name =
      key === 'first' ? String(issue.path[0] ?? 'root') : issue.path.length ? issue.path.map(String).join('.') : 'root';
    out[name] ??= messageText(issue.message);
  }
  return out;
}

/** A react-hook-form resolver over a zod schema whose messages show in the reader's language. */
export function formResolver<V extends FieldValues>(
  schema: z.ZodType,
  prepare: (values: V) => unknown = (v) => v,
): Resolver<V> {
  return async (values) => {
    const parsed = schema.safeParse(prepare(values));
    if (parsed.success) return { values, errors: {} };
    const errors = Object.fromEntries(
      Object.entries(issueErrors(parsed.error)).map(([key, message]) => [key, { type: 'validation', message }]),
    );
    return { values: {}, errors } as never;
  };
}
