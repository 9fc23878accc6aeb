import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, IdParams, OkResponse, VoucherAttachment, VoucherAttachmentList } from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import { userOf } from '../../lib/scope.ts';
import { createVoucherAttachmentsService } from './finance-books-attachments.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody };
const tags = ['finance books'];

/** The one `file` part of a multipart request, with the uploader's file name. */
async function readFile(request: FastifyRequest): Promise<{ data: Buffer; fileName?: string }> {
  if (!request.isMultipart())
    throw badRequest('Kirim berkas sebagai multipart/form-data di kolom "file"', { file: 'Wajib' });
  let file: { data: Buffer; fileName?: string } | null = null;
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    const data = await part.toBuffer();
    if (part.fieldname !== 'file') throw badRequest('Berkas harus dikirim di kolom "file"', { file: 'Wajib' });
    if (data.length > 0) file = { data, fileName: part.filename };
  }
  if (!file) throw badRequest('Pilih berkas terlebih dahulu', { file: 'Wajib' });
  return file;
}

/** ASCII for the plain filename, the real name (UTF-8) for browsers that read filename*. */
const disposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** Scans, photos and PDFs on vouchers (under /api/v1/finance-books). */
export const financeBooksAttachmentsRoutes: FastifyPluginAsyncZod<{ db: Database; dataDir: string }> = async (
  app,
  { db, dataDir },
) => {
  const attachments = createVoucherAttachmentsService(db, dataDir);

  app.get(
    '/vouchers/:id/attachments',
    {
      config: { access: 'finance.read' },
      schema: {
        tags,
        summary: 'The attachments of a voucher',
        params: IdParams,
        response: { 200: VoucherAttachmentList, ...errors },
      },
    },
    async (request) => attachments.list(userOf(request), request.params.id),
  );
  app.post(
    '/vouchers/:id/attachments',
    {
      config: { access: 'finance.manage' },
      schema: {
        tags,
        summary:
          'Attach a scan, photo or PDF (multipart `file`, JPG/PNG/PDF, at most 2 MB) to a draft or posted voucher',
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: VoucherAttachment, ...errors },
      },
    },
    async (request) =>
      attachments.upload(userOf(request), request.params.id, await readFile(request), actorOf(request)),
  );
  app.get(
    '/attachments/:id/file',
    {
      config: { access: 'finance.read' },
      schema: {
        tags,
        summary: 'Download an attachment (never cached)',
        params: IdParams,
        response: { 200: z.unknown().describe('The file'), ...errors },
      },
    },
    async (request, reply) => {
      const { row, data } = await attachments.read(userOf(request), request.params.id);
      return reply
        .header('content-type', row.mime)
        .header('content-disposition', disposition(row.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(data);
    },
  );
  app.delete(
    '/attachments/:id',
    {
      config: { access: 'finance.manage' },
      schema: {
        tags,
        summary: 'Remove an attachment of a draft voucher; 409 once posted',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => attachments.remove(userOf(request), request.params.id, actorOf(request)),
  );
};
