import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditEntry, AuditQuery, pageOf } from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { listAudit } from './audit.repo.ts';

export const auditRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/',
    {
      config: { access: 'audit.read' },
      schema: {
        tags: ['audit'],
        summary: 'The audit log, newest first, with filters',
        querystring: AuditQuery,
        response: { 200: pageOf(AuditEntry) },
      },
    },
    async (request) => listAudit(db, request.query),
  );
};
