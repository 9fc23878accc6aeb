import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DistributionQuery, DistributionRow, ErrorBody, pageOf } from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { userOf } from '../../lib/scope.ts';
import { createDistributionService } from './distribution.service.ts';

/**
 * GET /api/v1/assessments/distribution (issue 12): what is distributed to which classes and when. The schedules
 * of a teacher's tasks and quizzes and the controllers' overview read the same rows; the service narrows a
 * teacher to their own.
 */
export const distributionRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const distribution = createDistributionService(db);
  app.get(
    '/distribution',
    {
      config: { access: 'assessment.read' },
      schema: {
        tags: ['assessments'],
        summary: 'Distributed assessments, one row per class, by opening time (a teacher: only their own)',
        querystring: DistributionQuery,
        response: { 200: pageOf(DistributionRow), 400: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => distribution.list(userOf(request), request.query),
  );
};
