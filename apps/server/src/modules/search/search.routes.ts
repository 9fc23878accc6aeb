import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, SearchQuery, SearchResponse } from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { createStructureService } from '../school/structure.service.ts';
import { createStudentsService } from '../school/students.service.ts';
import { createSearchService, menuProvider, schoolProviders } from './search.service.ts';

/** GET /api/v1/search?q=: students, employees, classes, subjects and menu screens the caller may open. */
export const searchRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const structure = createStructureService(db);
  const students = createStudentsService(db, structure);
  const service = createSearchService([...schoolProviders(db, structure, students), menuProvider()]);

  app.get(
    '/',
    {
      config: { access: 'search.use' },
      schema: {
        tags: ['search'],
        summary: 'Search across the kinds the caller may see, grouped by kind',
        querystring: SearchQuery,
        response: { 200: SearchResponse, 400: ErrorBody },
      },
    },
    async (request) => ({
      query: request.query.q,
      groups: await service.search(request.auth!.user, request.query.q),
    }),
  );
};
