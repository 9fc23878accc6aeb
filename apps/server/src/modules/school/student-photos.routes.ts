import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, IdParams, Student } from '@mms/shared';
import { actorOf } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import { userOf } from '../../lib/scope.ts';
import type { StudentPhotosService } from './student-photos.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 413: ErrorBody };
const tags = ['students'];
const NameParams = z.object({ name: z.string().min(1).max(64) });

/** The one `file` part of a multipart request. */
async function readPhoto(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart())
    throw badRequest('Kirim foto sebagai multipart/form-data di kolom "file"', { file: 'Wajib' });
  let file: Buffer | null = null;
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    const data = await part.toBuffer();
    if (part.fieldname !== 'file') throw badRequest('Foto harus dikirim di kolom "file"', { file: 'Wajib' });
    if (data.length > 0) file = data;
  }
  if (!file) throw badRequest('Pilih foto terlebih dahulu', { file: 'Wajib' });
  return file;
}

export const studentPhotosRoutes: FastifyPluginAsyncZod<{ photos: StudentPhotosService }> = async (app, { photos }) => {
  app.put(
    '/students/:id/photo',
    {
      config: { access: 'school.student.manage' },
      schema: {
        tags,
        summary:
          'Set a student’s photo: multipart with a `file` (JPG or PNG, at most 2 MB), stored as a JPEG of at most 600×800',
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: Student, ...errors },
      },
    },
    async (request) => photos.upload(userOf(request), request.params.id, await readPhoto(request), actorOf(request)),
  );
  app.delete(
    '/students/:id/photo',
    {
      config: { access: 'school.student.manage' },
      schema: { tags, summary: 'Remove a student’s photo', params: IdParams, response: { 200: Student, ...errors } },
    },
    async (request) => photos.remove(userOf(request), request.params.id, actorOf(request)),
  );
  app.get(
    '/files/photos/:name',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'A student’s photo (JPEG), to the student themself and to those who may read that student',
        params: NameParams,
        response: { 200: z.unknown().describe('The JPEG'), ...errors },
      },
    },
    async (request, reply) => {
      const data = await photos.read(userOf(request), request.params.name);
      return reply
        .header('content-type', 'image/jpeg')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400')
        .send(data);
    },
  );
};
