import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@mms/shared';
import { languageOf, renderMessage, type MessageLanguage } from '@mms/shared/i18n';
import { dbErrorToApp } from './db-errors.ts';
import { AppError } from './errors.ts';

/**
 * The one error shape, in the language of the request's `Accept-Language` (Indonesian unless English
 * comes first): messages are Indonesian message ids that the shared catalog renders (dates and codes
 * included), so services and contracts keep throwing plain Indonesian.
 */
const bodyIn =
  (language: MessageLanguage) =>
  (code: ErrorCode, message: string, fields?: Record<string, string>): ErrorBody => {
    const text = renderMessage(message, language);
    if (!fields) return { error: { code, message: text } };
    const rendered = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, renderMessage(v, language)]));
    return { error: { code, message: text, fields: rendered } };
  };

/** Turns every failure into the one error shape `{error:{code,message,fields?}}`. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const body = bodyIn(languageOf(request.headers['accept-language']));
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.statusCode).send(body(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || String(error.validationContext ?? 'body');
        fields[key] ??= issue.message ?? 'Tidak valid';
      }
      return reply.status(400).send(body('VALIDATION_FAILED', 'Data yang dikirim tidak valid', fields));
    }
    // A database guard (unique, reference, check, bad value) that no service mapped: still a 4xx; a lost
    // database connection: 503, try again.
    const fromDb = dbErrorToApp(error);
    if (fromDb) {
      if (fromDb.headers) void reply.headers(fromDb.headers);
      if (fromDb.code === 'UNAVAILABLE') request.log.warn({ err: error }, 'database unavailable');
      return reply.status(fromDb.statusCode).send(body(fromDb.code, fromDb.message, fromDb.fields));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send(body('PAYLOAD_TOO_LARGE', 'Data atau berkas terlalu besar'));
    if (status === 429)
      return reply.status(429).send(body('RATE_LIMITED', 'Terlalu banyak permintaan, coba lagi nanti'));
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'Isi permintaan bukan JSON yang sah'
          : status === 415
            ? 'Jenis isi permintaan tidak didukung'
            : 'Permintaan tidak valid';
      return reply.status(status).send(body('BAD_REQUEST', message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', 'Terjadi kesalahan pada server. Silakan coba lagi.'));
  });
}
