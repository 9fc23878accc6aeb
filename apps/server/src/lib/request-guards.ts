import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/** How deep a request's JSON is searched; deeper input is refused (no route takes more than a few levels). */
const MAX_DEPTH = 32;

/**
 * The path of the first text holding a NUL character (PostgreSQL cannot store one in text), or the
 * path where the input is nested deeper than MAX_DEPTH; null when the input is clean.
 */
export function hostileTextPath(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'value' : null;
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_DEPTH) return path || 'value';
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return path ? `${path}.${key.replaceAll('\u0000', '')}` : 'key';
    const found = hostileTextPath(item, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Every route, present and future, refuses text with a NUL byte (in its path, query or JSON body)
 * with a 400 in the error shape, before validation and before anything reaches the database.
 */
export function refuseHostileText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = hostileTextPath(part);
      if (field) {
        throw new AppError('VALIDATION_FAILED', 'Teks tidak boleh berisi karakter NUL atau bersarang terlalu dalam', {
          [field]: 'Karakter tidak sah',
        });
      }
    }
  });
}
