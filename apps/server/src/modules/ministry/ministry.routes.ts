import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, ScoreSheetQuery } from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { userOf } from '../../lib/scope.ts';
import { sendXlsx } from '../../lib/xlsx.ts';
import { createMinistryService } from './ministry.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['ministry'];
const UnitQuery = z.object({ unitId: z.coerce.number().int().positive().optional() });

/** Excel sheets for the ministry's systems under /api/v1/ministry (docs/ministry-exports.md). */
export const ministryRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const ministry = createMinistryService(db);
  app.get(
    '/dapodik/students',
    {
      config: { access: 'ministry.dapodik' },
      schema: {
        tags,
        summary: "Dapodik: the unit's active students of the active year",
        querystring: UnitQuery,
        response: errors,
      },
    },
    async (request, reply) =>
      sendXlsx(reply, 'dapodik-peserta-didik', await ministry.dapodikStudents(userOf(request), request.query.unitId)),
  );
  app.get(
    '/dapodik/rombel',
    {
      config: { access: 'ministry.dapodik' },
      schema: {
        tags,
        summary: "Dapodik: the unit's rombel of the active year",
        querystring: UnitQuery,
        response: errors,
      },
    },
    async (request, reply) =>
      sendXlsx(reply, 'dapodik-rombel', await ministry.dapodikRombel(userOf(request), request.query.unitId)),
  );
  app.get(
    '/erapor',
    {
      config: { access: 'rapor.read' },
      schema: {
        tags,
        summary: "e-Rapor: a class and subject's final scores and descriptions of a semester",
        querystring: ScoreSheetQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const sheet = await ministry.erapor(userOf(request), request.query);
      return sendXlsx(reply, 'erapor-nilai', sheet.body);
    },
  );
};
