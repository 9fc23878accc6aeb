import type { FastifyRequest } from 'fastify';
import type { Lang } from '@mms/shared';

/**
 * The language a person reads a file in: the first language of `Accept-Language` when it is English,
 * Indonesian otherwise (the school's language and the default). The web app sends the language the
 * person chose in the app, not the browser's.
 */
export function requestLang(request: FastifyRequest): Lang {
  const first = String(request.headers['accept-language'] ?? '')
    .split(',')[0]!
    .trim()
    .toLowerCase();
  return first === 'en' || first.startsWith('en-') ? 'en' : 'id';
}

/** A text in both languages of MMS. */
export type Bilingual = Record<Lang, string>;
