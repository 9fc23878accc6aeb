import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ClassControlInput,
  ClassControlQuery,
  ClassControlVisit,
  ErrorBody,
  IdParams,
  OkResponse,
  pageOf,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import { userOf } from '../../lib/scope.ts';
import { createClassControlService } from './class-control.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['class-control'];

/** Kontrol kelas under /api/v1/class-control. */
export const classControlRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const control = createClassControlService(db);
  app.get(
    '/',
    {
      config: { access: 'classControl.record' },
      schema: {
        tags,
        summary: 'Class control visits, newest first',
        querystring: ClassControlQuery,
        response: { 200: pageOf(ClassControlVisit), ...errors },
      },
    },
    async (request) => control.list(userOf(request), request.query),
  );
  app.post(
    '/',
    {
      config: { access: 'classControl.record' },
      schema: {
        tags,
        summary: 'Record a visit: class, date, period, whether the teacher was there, notes',
        body: ClassControlInput,
        response: { 200: ClassControlVisit, ...errors },
      },
    },
    async (request) => control.create(userOf(request), request.body, actorOf(request)),
  );
  app.delete(
    '/:id',
    {
      config: { access: 'classControl.record' },
      schema: { tags, summary: 'Remove a visit', params: IdParams, response: { 200: OkResponse, ...errors } },
    },
    async (request) => control.remove(userOf(request), request.params.id, actorOf(request)),
  );
};
