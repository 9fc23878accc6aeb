import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  OkResponse,
  pageOf,
  StoredFile,
  StoredFileKinds,
  StoredFileParams,
  StoredFileQuery,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import { storageOf } from '../../lib/uploads.ts';
import { listStoredFiles, removeStoredFile, storedFileKinds } from './files.service.ts';

const tags = ['files'];
const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** The upload history (`other-upload-history`): every stored file, and ADMIN's removal of unused ones. */
export const filesRoutes: FastifyPluginAsyncZod<{ db: Database; dataDir: string }> = async (app, { db, dataDir }) => {
  app.get(
    '/',
    {
      config: { access: 'content.manage' },
      schema: {
        tags,
        summary: 'Every uploaded file: who, when, what for, its size and whether anything uses it',
        querystring: StoredFileQuery,
        response: { 200: pageOf(StoredFile), ...errors },
      },
    },
    async (request) => listStoredFiles(db, request.query),
  );
  app.get(
    '/kinds',
    {
      config: { access: 'content.manage' },
      schema: { tags, summary: 'The kinds of stored files with their counts', response: { 200: StoredFileKinds } },
    },
    async () => storedFileKinds(db),
  );
  app.delete(
    '/:kind/:name',
    {
      config: { access: 'files.remove' },
      schema: {
        tags,
        summary: 'Remove a file that nothing uses (409 when something does)',
        params: StoredFileParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await removeStoredFile(db, storageOf(dataDir), actorOf(request), request.params.kind, request.params.name);
      return { ok: true as const };
    },
  );
};
