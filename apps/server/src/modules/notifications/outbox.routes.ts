import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, OutboxMessage, OutboxMessageDetail, OutboxQuery, pageOf } from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { findOutboxMessage, listOutbox } from './outbox.repo.ts';

/** The notification outbox and its delivery log, for ADMIN (issue 18). */
export const outboxRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/',
    {
      config: { access: 'outbox.read' },
      schema: {
        tags: ['outbox'],
        summary: 'Notification outbox messages, newest first, with filters',
        querystring: OutboxQuery,
        response: { 200: pageOf(OutboxMessage) },
      },
    },
    async (request) => listOutbox(db, request.query),
  );

  app.get(
    '/:id',
    {
      config: { access: 'outbox.read' },
      schema: {
        tags: ['outbox'],
        summary: 'One outbox message with its delivery log',
        params: IdParams,
        response: { 200: OutboxMessageDetail },
      },
    },
    async (request) => {
      const found = await findOutboxMessage(db, request.params.id);
      if (!found) throw notFound('Pesan');
      return found;
    },
  );
};
