import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBody,
  IdParams,
  MATERIAL_MAX_ATTACHMENTS,
  MaterialAttachmentParams,
  MaterialChoices,
  MaterialChoicesQuery,
  MaterialsQuery,
  OkResponse,
  pageOf,
  SubjectMaterial,
  SubjectMaterialInput,
  SubjectMaterialUpdate,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import { userOf } from '../../lib/scope.ts';
import { createMaterialService } from './material.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['material'];

/** Subject material under /api/v1/materials: teachers manage their subjects', students read their grade's. */
export const materialRoutes: FastifyPluginAsyncZod<{ db: Database; dataDir: string }> = async (
  app,
  { db, dataDir },
) => {
  const materials = createMaterialService(db, dataDir);
  app.get(
    '/choices',
    {
      config: { access: 'material.manage' },
      schema: {
        tags,
        summary: 'The subjects and grades the caller may write material for',
        querystring: MaterialChoicesQuery,
        response: { 200: MaterialChoices, ...errors },
      },
    },
    async (request) => materials.choices(userOf(request), request.query.unitId),
  );
  app.get(
    '/',
    {
      config: { access: 'material.read' },
      schema: {
        tags,
        summary: 'Materials by subject, grade and semester; a student sees their own grade’s only',
        querystring: MaterialsQuery,
        response: { 200: pageOf(SubjectMaterial), ...errors },
      },
    },
    async (request) => materials.list(userOf(request), request.query),
  );
  app.get(
    '/:id',
    {
      config: { access: 'material.read' },
      schema: { tags, summary: 'A material', params: IdParams, response: { 200: SubjectMaterial, ...errors } },
    },
    async (request) => materials.get(userOf(request), request.params.id),
  );
  app.post(
    '/',
    {
      config: { access: 'material.manage' },
      schema: {
        tags,
        summary: 'Add a material (a teacher for a subject they teach)',
        body: SubjectMaterialInput,
        response: { 200: SubjectMaterial, ...errors },
      },
    },
    async (request) => materials.create(userOf(request), request.body, actorOf(request)),
  );
  app.patch(
    '/:id',
    {
      config: { access: 'material.manage' },
      schema: {
        tags,
        summary: 'Change a material',
        params: IdParams,
        body: SubjectMaterialUpdate,
        response: { 200: SubjectMaterial, ...errors },
      },
    },
    async (request) => materials.update(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.post(
    '/:id/attachments',
    {
      config: { access: 'material.manage' },
      schema: {
        tags,
        summary: `Attach a file (multipart field "file": JPG, PNG or PDF, at most 2 MB; at most ${MATERIAL_MAX_ATTACHMENTS} files)`,
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: SubjectMaterial, 413: ErrorBody, ...errors },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest('Kirim berkas sebagai multipart/form-data', { file: 'Wajib' });
      const part = await request.file();
      const data = part ? await part.toBuffer() : null;
      if (!part || !data?.length) throw badRequest('Berkas wajib dipilih', { file: 'Wajib' });
      return materials.addAttachment(
        userOf(request),
        request.params.id,
        { name: part.filename, data },
        actorOf(request),
      );
    },
  );
  app.get(
    '/:id/attachments/:index',
    {
      config: { access: 'material.read' },
      schema: {
        tags,
        summary: 'Download a material’s file, with the same access as the material',
        params: MaterialAttachmentParams,
        response: { 200: z.unknown().describe('The file'), ...errors },
      },
    },
    async (request, reply) => {
      const file = await materials.attachment(userOf(request), request.params.id, request.params.index);
      const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      return reply
        .header('content-type', file.mime)
        .header(
          'content-disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
  );
  app.delete(
    '/:id/attachments/:index',
    {
      config: { access: 'material.manage' },
      schema: {
        tags,
        summary: 'Remove a file from a material',
        params: MaterialAttachmentParams,
        response: { 200: SubjectMaterial, ...errors },
      },
    },
    async (request) =>
      materials.removeAttachment(userOf(request), request.params.id, request.params.index, actorOf(request)),
  );
  app.delete(
    '/:id',
    {
      config: { access: 'material.manage' },
      schema: { tags, summary: 'Remove a material', params: IdParams, response: { 200: OkResponse, ...errors } },
    },
    async (request) => materials.remove(userOf(request), request.params.id, actorOf(request)),
  );
};
