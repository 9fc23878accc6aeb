import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, Foundation, FoundationUpdate, IdParams, Letterhead, LetterheadQuery, Unit } from '@mms/shared';
import { actorOf } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import { userOf } from '../../lib/scope.ts';
import type { LetterheadService } from './letterhead.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 413: ErrorBody };
const tags = ['school'];
const NameParams = z.object({ name: z.string().min(1).max(64) });
const LOGO_SUMMARY = 'multipart with a `file` (JPG or PNG, at most 2 MB), stored as a PNG of at most 600×600';

/** The one `file` part of a multipart request. */
async function readImage(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart())
    throw badRequest('Kirim logo sebagai multipart/form-data di kolom "file"', { file: 'Wajib' });
  let file: Buffer | null = null;
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    const data = await part.toBuffer();
    if (part.fieldname !== 'file') throw badRequest('Logo harus dikirim di kolom "file"', { file: 'Wajib' });
    if (data.length > 0) file = data;
  }
  if (!file) throw badRequest('Pilih logo terlebih dahulu', { file: 'Wajib' });
  return file;
}

/** Letterheads of the papers: the foundation's settings, unit and foundation logos, and what a paper prints. */
export const letterheadRoutes: FastifyPluginAsyncZod<{ letterhead: LetterheadService }> = async (
  app,
  { letterhead },
) => {
  app.get(
    '/letterhead',
    {
      config: { access: 'letterhead.read' },
      schema: {
        tags,
        summary: "What a printed paper shows at its top and bottom: a unit's letterhead (unitId) or the foundation's",
        querystring: LetterheadQuery,
        response: { 200: Letterhead, ...errors },
      },
    },
    async (request) => letterhead.letterhead(userOf(request), request.query),
  );
  app.get(
    '/foundation',
    {
      config: { access: 'school.read' },
      schema: { tags, summary: "The foundation's letterhead settings", response: { 200: Foundation, ...errors } },
    },
    async () => letterhead.getFoundation(),
  );
  app.patch(
    '/foundation',
    {
      config: { access: 'school.unit.manage' },
      schema: {
        tags,
        summary: "Change the foundation's letterhead settings",
        body: FoundationUpdate,
        response: { 200: Foundation, ...errors },
      },
    },
    async (request) => letterhead.updateFoundation(request.body, actorOf(request)),
  );
  app.put(
    '/foundation/logo',
    {
      config: { access: 'school.unit.manage' },
      schema: {
        tags,
        summary: `Set the foundation's logo: ${LOGO_SUMMARY}`,
        consumes: ['multipart/form-data'],
        response: { 200: Foundation, ...errors },
      },
    },
    async (request) => letterhead.setFoundationLogo(await readImage(request), actorOf(request)),
  );
  app.delete(
    '/foundation/logo',
    {
      config: { access: 'school.unit.manage' },
      schema: { tags, summary: "Remove the foundation's logo", response: { 200: Foundation, ...errors } },
    },
    async (request) => letterhead.setFoundationLogo(null, actorOf(request)),
  );
  app.put(
    '/units/:id/logo',
    {
      config: { access: 'school.unit.manage' },
      schema: {
        tags,
        summary: `Set a unit's logo: ${LOGO_SUMMARY}`,
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: Unit, ...errors },
      },
    },
    async (request) => letterhead.setUnitLogo(request.params.id, await readImage(request), actorOf(request)),
  );
  app.delete(
    '/units/:id/logo',
    {
      config: { access: 'school.unit.manage' },
      schema: { tags, summary: "Remove a unit's logo", params: IdParams, response: { 200: Unit, ...errors } },
    },
    async (request) => letterhead.setUnitLogo(request.params.id, null, actorOf(request)),
  );
  app.get(
    '/files/logos/:name',
    {
      config: { access: 'letterhead.read' },
      schema: {
        tags,
        summary: 'A letterhead logo (PNG), to signed-in users',
        params: NameParams,
        response: { 200: z.unknown().describe('The PNG'), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'image/png')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400')
        .send(await letterhead.readLogo(request.params.name)),
  );
};
