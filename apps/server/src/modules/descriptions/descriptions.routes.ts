import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DescriptionQuery,
  DescriptionSaveInput,
  DescriptionSaveResult,
  DescriptionSheet,
  ErrorBody,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import { userOf } from '../../lib/scope.ts';
import { createDescriptionsService } from './descriptions.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['descriptions'];

/**
 * The rapor's achievement descriptions under /api/v1/descriptions (issue 40 §2): each student's draft beside the
 * saved text of a class's subject and semester, and the subject teacher's save. Row rules: the service.
 */
export const descriptionsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const descriptions = createDescriptionsService(db);
  app.get(
    '/',
    {
      config: { access: 'descriptions.read' },
      schema: {
        tags,
        summary: 'Each student’s drafted and saved description of a class’s subject in a semester',
        querystring: DescriptionQuery,
        response: { 200: DescriptionSheet, ...errors },
      },
    },
    async (request) => descriptions.sheet(userOf(request), request.query),
  );
  app.put(
    '/',
    {
      config: { access: 'descriptions.write' },
      schema: {
        tags,
        summary: 'Save (accept or edit) the descriptions of some students of a class’s subject in a semester',
        body: DescriptionSaveInput,
        response: { 200: DescriptionSaveResult, ...errors },
      },
    },
    async (request) => descriptions.save(userOf(request), request.body, actorOf(request)),
  );
};
