import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/** How deep a request's JSON is searched; deeper input is refused (no route takes more than a few levels). */
const MAX_DEPTH = 32;

/** What is wrong with a request's input: a NUL character, half of a UTF-16 pair, or nesting past MAX_DEPTH. */
export type HostileProblem = 'nul' | 'lone-surrogate' | 'too-deep';

// A high surrogate not followed by a low one, or a low one not preceded by a high one: JSON's `\ud800`
// escape gives such a string, and PostgreSQL would store it as U+FFFD (or refuse it in jsonb).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const textProblem = (text: string): HostileProblem | null =>
  text.includes('\u0000') ? 'nul' : LONE_SURROGATE.test(text) ? 'lone-surrogate' : null;

/** A key as it can be named in a message: without NUL and without a broken UTF-16 pair. */
const printable = (key: string) => key.replaceAll('\u0000', '').replace(new RegExp(LONE_SURROGATE, 'g'), '');

/**
 * The first problem in the input and its path (the text or key holding a NUL character or a lone
 * surrogate, or where it is nested deeper than MAX_DEPTH); null when the input is clean.
 */
export function hostileInput(value: unknown, path = '', depth = 0): { path: string; problem: HostileProblem } | null {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? { path: path || 'value', problem } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_DEPTH) return { path: path || 'value', problem: 'too-deep' };
  for (const [key, item] of Object.entries(value)) {
    const problem = textProblem(key);
    if (problem) return { path: path ? `${path}.${printable(key)}` : 'key', problem };
    const found = hostileInput(item, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/** The path of the first problem of `hostileInput`, or null. */
export const hostileTextPath = (value: unknown): string | null => hostileInput(value)?.path ?? null;

/** The message and the field's message of each problem (Indonesian ids, rendered per Accept-Language). */
const PROBLEM_TEXT: Record<HostileProblem, { message: string; field: string }> = {
  nul: { message: 'Teks tidak boleh berisi karakter NUL', field: 'Karakter tidak sah' },
  'lone-surrogate': {
    message: 'Teks berisi karakter Unicode yang rusak (separuh pasangan surrogate)',
    field: 'Karakter Unicode rusak',
  },
  'too-deep': { message: 'Data bersarang terlalu dalam', field: 'Bersarang terlalu dalam' },
};

/**
 * Every route, present and future, refuses text with a NUL byte or a lone surrogate, and too deep input (in
 * its path, query or JSON body), with a 400 in the error shape, before validation and before anything reaches the database.
 */
export function refuseHostileText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const found = hostileInput(part);
      if (found) {
        const text = PROBLEM_TEXT[found.problem];
        throw new AppError('VALIDATION_FAILED', text.message, { [found.path]: text.field });
      }
    }
  });
}
