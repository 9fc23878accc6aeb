import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, IdParams, OkResponse, pageOf, ResetPasswordRequest, UserSummary, UsersQuery } from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { listUsers } from './users.repo.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ db: Database; auth: AuthService }> = async (app, { db, auth }) => {
  app.get(
    '/',
    {
      config: { access: 'users.manage' },
      schema: {
        tags: ['users'],
        summary: 'User accounts',
        querystring: UsersQuery,
        response: { 200: pageOf(UserSummary) },
      },
    },
    async (request) => listUsers(db, request.query),
  );

  app.post(
    '/:id/password',
    {
      config: { access: 'users.manage' },
      schema: {
        tags: ['users'],
        summary: "Reset another user's password; ends all of that user's sessions",
        params: IdParams,
        body: ResetPasswordRequest,
        response: { 200: OkResponse, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      await auth.resetPassword(request.params.id, request.body.newPassword, actorOf(request));
      return { ok: true as const };
    },
  );
};
