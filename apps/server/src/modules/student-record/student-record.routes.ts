import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, IdParams, StudentRecord } from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { userOf } from '../../lib/scope.ts';
import { createStudentRecordService } from './student-record.service.ts';

/** The pesantren record of a student under /api/v1/student-record (issue 16). */
export const studentRecordRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const records = createStudentRecordService(db);
  app.get(
    '/:id',
    {
      config: { access: 'student.record' },
      schema: {
        tags: ['student record'],
        summary:
          'A student’s pesantren record: identity and class, attendance, discipline, counselling status, scores, bills, BTQ (each part by its own permission)',
        params: IdParams,
        response: { 200: StudentRecord, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => records.record(userOf(request), request.params.id),
  );
};
