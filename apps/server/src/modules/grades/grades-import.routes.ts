import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, ScoreImportResult, ScoreSheetQuery } from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import { uploadedWorkbook } from '../../lib/excel-import-routes.ts';
import { userOf } from '../../lib/scope.ts';
import { createGradesImportService } from './grades-import.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody };

/** POST /api/v1/scores/import: a filled sheet of a class and subject (grades-import.service.ts). */
export const gradesImportRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const importer = createGradesImportService(db);
  app.post(
    '/import',
    {
      config: { access: 'assessment.score' },
      schema: {
        tags: ['scores'],
        summary:
          "Import a filled sheet (the sheet's Excel export; multipart field `file`): every bad row is reported with its student and column, and nothing is saved unless all rows are good",
        consumes: ['multipart/form-data'],
        querystring: ScoreSheetQuery,
        response: { 200: ScoreImportResult, ...errors },
      },
    },
    async (request) => importer.run(userOf(request), request.query, await uploadedWorkbook(request), actorOf(request)),
  );
};
