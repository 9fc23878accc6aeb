import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, ScoringReport, ScoringReportQuery } from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { userOf } from '../../lib/scope.ts';
import { createScoringReportService } from './scoring-report.service.ts';

/** GET /api/v1/reports/scoring: the leaders' scoring report (school.monitor; a leader of a unit sees only theirs). */
export const scoringReportRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const reports = createScoringReportService(db);
  app.get(
    '/scoring',
    {
      config: { access: 'school.monitor' },
      schema: {
        tags: ['reports'],
        summary: 'The recap of every class and subject with scores in a semester: means, KKM, who is below it',
        querystring: ScoringReportQuery,
        response: { 200: ScoringReport, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => reports.report(userOf(request), request.query),
  );
};
