import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ErrorBody, type AuthUser, type Permission } from '@mms/shared';
import { actorOf, type AuditActor } from './audit.ts';
import { badRequest } from './errors.ts';
import { userOf } from './scope.ts';
import { sendXlsx } from './xlsx.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody };

/** The routes of one Excel import; the service side is `runImport` (`excel-import.ts`). */
export interface ExcelImportRoutes<TQ extends z.ZodType, Q extends z.ZodType, R extends z.ZodType> {
  /** where the import lives under the plugin's prefix: '' gives `GET /template` and `POST /` */
  path: string;
  /** the permission of both routes */
  access: Permission;
  tags: string[];
  /** the template's file name without date and extension, e.g. "template-impor-siswa" */
  templateName: string;
  templateSummary: string;
  templateQuery?: TQ;
  template(user: AuthUser, query: z.infer<TQ>): Promise<Buffer>;
  /** what the import does (the OpenAPI summary says the rest: multipart field `file`, all or nothing) */
  summary: string;
  querystring: Q;
  result: R;
  run(user: AuthUser, query: z.infer<Q>, file: Buffer, actor: AuditActor): Promise<z.infer<R>>;
}

/**
 * The uploaded workbook: the one `file` part of a multipart request, read into memory up to the upload limit
 * (413 beyond it, see `app.ts`); what it unpacks to is guarded when it is read (`readImportSheet`).
 */
export async function uploadedWorkbook(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest('Kirim berkas Excel sebagai multipart/form-data', { file: 'Wajib' });
  const file = await request.file();
  if (!file || file.fieldname !== 'file') throw badRequest('Berkas harus dikirim di kolom "file"', { file: 'Wajib' });
  return file.toBuffer();
}

/**
 * Declares an import's two routes: `GET <path>/template` (the workbook to fill) and `POST <path>` (the upload:
 * multipart field `file`; every bad row is reported and nothing is saved unless all rows are good).
 */
export function excelImportRoutes<TQ extends z.ZodType, Q extends z.ZodType, R extends z.ZodType>(
  app: FastifyInstance,
  spec: ExcelImportRoutes<TQ, Q, R>,
): void {
  // the schemas are zod's (the app's validator and serializer); the generic handlers read the parsed query
  app.get(
    `${spec.path}/template`,
    {
      config: { access: spec.access },
      schema: {
        tags: spec.tags,
        summary: spec.templateSummary,
        ...(spec.templateQuery ? { querystring: spec.templateQuery } : {}),
      },
    },
    async (request, reply) =>
      sendXlsx(reply, spec.templateName, await spec.template(userOf(request), request.query as z.infer<TQ>)),
  );
  app.post(
    spec.path || '/',
    {
      config: { access: spec.access },
      schema: {
        tags: spec.tags,
        summary: `${spec.summary} (multipart field \`file\`); every bad row is reported and nothing is saved unless all rows are good`,
        consumes: ['multipart/form-data'],
        querystring: spec.querystring,
        response: { 200: spec.result, ...errors },
      },
    },
    async (request) =>
      spec.run(userOf(request), request.query as z.infer<Q>, await uploadedWorkbook(request), actorOf(request)),
  );
}
