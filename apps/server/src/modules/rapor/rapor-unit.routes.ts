import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, SEMESTERS } from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import { requestLang } from '../../lib/lang.ts';
import { userOf } from '../../lib/scope.ts';
import { createRaporUnitService } from './rapor-unit.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['rapor'];

const UnitQuery = z.object({ unitId: z.coerce.number().int().positive().optional() });
const StartBody = z.object({
  unitId: z.number().int().positive().optional(),
  semester: z.enum(SEMESTERS, 'Pilih semester Ganjil atau Genap').optional(),
});
const Run = z.object({
  id: z.string(),
  unitId: z.number(),
  semester: z.enum(SEMESTERS),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  done: z.number(),
  total: z.number(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  file: z.string().nullable(),
  error: z.string().nullable(),
  by: z.string().nullable(),
});

/**
 * A whole unit's rapors as one zip under /api/v1/rapor/unit (issue 40 §2): start the job, follow its progress
 * (classes done of all), download the zip. The unit's leaders (`rapor.unitJob`), each of their own unit only (an
 * ADMIN names it); one run per unit at a time (409).
 */
export const raporUnitRoutes: FastifyPluginAsyncZod<{ db: Database; dataDir: string }> = async (
  app,
  { db, dataDir },
) => {
  const units = createRaporUnitService(db, dataDir);
  app.post(
    '/',
    {
      config: { access: 'rapor.unitJob' },
      schema: {
        tags,
        summary: 'Make every class’s rapor PDF of the unit into one zip: a job; GET / shows its progress',
        body: StartBody,
        response: { 202: Run, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await units.start(userOf(request), request.body, requestLang(request), actorOf(request))),
  );
  app.get(
    '/',
    {
      config: { access: 'rapor.unitJob' },
      schema: {
        tags,
        summary: 'The unit’s last run of the zip of rapors (null before the first)',
        querystring: UnitQuery,
        response: { 200: z.object({ run: Run.nullable() }), ...errors },
      },
    },
    async (request) => units.progress(userOf(request), request.query),
  );
  app.get(
    '/zip',
    {
      config: { access: 'rapor.unitJob' },
      schema: {
        tags,
        summary: 'The zip of the unit’s last finished run: one PDF per class',
        querystring: UnitQuery,
        response: { 200: z.unknown().describe('The zip of the class PDFs'), ...errors },
      },
    },
    async (request, reply) => {
      const { name, stream } = await units.download(userOf(request), request.query, actorOf(request));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
};
