import i18next from 'i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
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

/** Each error message of a (nested) react-hook-form error tree, in the reader's language. */
function translateErrors(errors: FieldErrors): FieldErrors {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue;
    const { ref: _ref, ...rest } = value as FieldError & Record<string, unknown>;
    const node =
      typeof rest.message === 'string' && typeof rest.type === 'string'
        ? { ...translateErrors(rest as FieldErrors), type: rest.type, message: messageText(rest.message) }
        : translateErrors(rest as FieldErrors);
    // a check of the whole value (an empty path) is the form's `root` error
    out[key === '' ? 'root' : key] = _ref === undefined ? node : { ...node, ref: _ref };
  }
  return out as FieldErrors;
}

/**
 * The react-hook-form resolver over a shared zod contract (`zodResolver` of @hookform/resolvers), its messages
 * in the reader's language. `prepare` turns the inputs' values ('' for an empty box) into what the contract
 * takes; a valid form submits its own values (the caller parses them into the contract's output).
 */
export function formResolver<V extends FieldValues>(
  schema: z.ZodType,
  prepare: (values: V) => unknown = (v) => v,
): Resolver<V> {
  const resolve = zodResolver(schema as z.ZodType<unknown, FieldValues>, undefined, { raw: true }) as Resolver<
    FieldValues,
    unknown
  >;
  return async (values, context, options) => {
    const result = await resolve(prepare(values) as FieldValues, context, options as never);
    if (!Object.keys(result.errors).length) return { values, errors: {} };
    return { values: {}, errors: translateErrors(result.errors) } as never;
  };
}
