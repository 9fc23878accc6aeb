import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateUserRequest,
  EndSessionsResponse,
  ErrorBody,
  IdParams,
  OkResponse,
  pageOf,
  ResetPasswordRequest,
  SetUserActiveRequest,
  UpdateUserRequest,
  UserDetail,
  UserSessionParams,
  UserSummary,
  UsersQuery,
} from '@mms/shared';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { createUsersService, type Caller } from './users.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const callerOf = (request: FastifyRequest): Caller => request.auth!;

export const usersRoutes: FastifyPluginAsyncZod<{ db: Database; auth: AuthService }> = async (app, { db, auth }) => {
  const users = createUsersService(db);

  app.get(
    '/',
    {
      config: { access: 'users.manage' },
      schema: {
        tags: ['users'],
        summary: 'User accounts with their unit, state, last sign-in and active sessions',
        querystring: UsersQuery,
        response: { 200: pageOf(UserSummary) },
      },
    },
    async (request) => users.list(request.query),
  );

  app.post(
    '/',
    {
      config: { access: 'users.manage' },
      schema: {
        tags: ['users'],
        summary: 'Create an account (only an ADMIN grants ADMIN or YAYASAN)',
        body: CreateUserRequest,
        response: { 201: UserDetail, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return users.create(request.body, callerOf(request), actorOf(request));
    },
  );

  app.get(
    '/:id',
    {
      config: { access: 'users.manage' },
      schema: {
        tags: ['users'],
        summary: 'One account with its sessions',
        params: IdParams,
        response: { 200: UserDetail, ...errors },
      },
    },
    async (request) => users.detail(request.params.id, callerOf(request)),
  );

  app.patch(
    '/:id',
    {
      config: { access: 'users.manage' },
      schema: {
        tags: ['users'],
        summary:
          "Change an account's name, division or unit (audited; a new division or unit ends its sessions; never the last active ADMIN nor one's own division)",
        params: IdParams,
        body: UpdateUserRequest,
        response: { 200: UserDetail, ...errors },
      },
    },
    async (request) => users.update(request.params.id, request.body, callerOf(request), actorOf(request)),
  );

  app.post(
    '/:id/active',
    {
      config: { access: 'users.manage' },
      schema: {
        tags: ['users'],
        summary: 'Disable (ending every session at once) or enable an account',
        params: IdParams,
        body: SetUserActiveRequest,
        response: { 200: UserDetail, ...errors },
      },
    },
    async (request) => users.setActive(request.params.id, request.body.active, callerOf(request), actorOf(request)),
  );

  app.delete(
    '/:id/sessions',
    {
      config: { access: 'users.manage' },
      schema: {
        tags: ['users'],
        summary: 'End every session of an account',
        params: IdParams,
        response: { 200: EndSessionsResponse, ...errors },
      },
    },
    async (request) => users.endSessions(request.params.id, null, actorOf(request)),
  );

  app.delete(
    '/:id/sessions/:key',
    {
      config: { access: 'users.manage' },
      schema: {
        tags: ['users'],
        summary: 'End one session of an account',
        params: UserSessionParams,
        response: { 200: EndSessionsResponse, ...errors },
      },
    },
    async (request) => users.endSessions(request.params.id, request.params.key, actorOf(request)),
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
