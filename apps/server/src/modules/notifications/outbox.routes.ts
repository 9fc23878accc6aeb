import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams, OutboxMessage, OutboxMessageDetail, OutboxQuery, pageOf } from '@mms/shared';
import { audit, actorOf } from '../../lib/audit.ts';
import { clock } from '../../lib/clock.ts';
import type { Database } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { findOutboxMessage, listOutbox, retryFailed } from './outbox.repo.ts';

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

  app.post(
    '/:id/retry',
    {
      config: { access: 'outbox.manage' },
      schema: {
        tags: ['outbox'],
        summary: 'Send a failed message again (its attempts start afresh); audited',
        params: IdParams,
        response: { 200: OutboxMessageDetail },
      },
    },
    async (request) => {
      const id = request.params.id;
      await db.transaction(async (tx) => {
        if (!(await findOutboxMessage(tx, id))) throw notFound('Pesan');
        if (!(await retryFailed(tx, id, clock.now()))) throw conflict('Hanya pesan yang gagal dapat dikirim ulang');
        await audit(tx, actorOf(request), { action: 'outbox.retry', entityType: 'outbox_message', entityId: id });
      });
      return (await findOutboxMessage(db, id))!;
    },
  );
};
