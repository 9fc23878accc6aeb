import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { academicPeriodOfDate, APP_VERSION, HealthResponse, PublicUnitsResponse, TimeResponse } from '@mms/shared';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { publicUnits } from '../school/school.service.ts';
import * as repo from './system.repo.ts';
import { clock } from '../../lib/clock.ts';

const startedAt = Date.now();

export function timeNow() {
  const now = clock.jakarta();
  const period = academicPeriodOfDate(now.date);
  return {
    jkt: now.iso,
    date: now.date,
    time: now.time,
    timeZone: 'Asia/Jakarta' as const,
    tapel: period.tapel,
    semester: period.semester,
  };
}

export const systemRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness: database reachable, version, uptime',
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (_request, reply) => {
      const database = (await repo.databaseUp(db)) ? ('up' as const) : ('down' as const);
      const body = {
        status: database === 'up' ? ('ok' as const) : ('degraded' as const),
        database,
        version: APP_VERSION,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      };
      return reply.status(database === 'up' ? 200 : 503).send(body);
    },
  );

  app.get(
    '/time',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Server now in Asia/Jakarta with the academic period (getCurrentDateTimeJkt)',
        response: { 200: TimeResponse },
      },
    },
    async () => timeNow(),
  );

  app.get(
    '/public/units',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: "The foundation's schools (code and name), for the landing page",
        response: { 200: PublicUnitsResponse },
      },
    },
    async () => ({ items: await publicUnits(db) }),
  );
};

/** The older client's lookup calls, for clients written against them. */
export const legacySystemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getCurrentDateTimeJkt',
    {
      config: { access: 'public' },
      schema: {
        tags: ['legacy'],
        summary: 'Rows with jkt, the Jakarta date-time',
        response: {
          200: z.array(z.object({ jkt: z.string() })).meta({ examples: [[{ jkt: '2026-11-24T17:05:12+07:00' }]] }),
        },
      },
    },
    async () => [{ jkt: timeNow().jkt }],
  );
};
