import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiToken,
  ApiTokenCreated,
  ApiTokenInput,
  ApiTokenPage,
  ApiTokensQuery,
  ErrorBody,
  IdParams,
} from '@mms/shared';
import { actorOf } from '../../lib/audit.ts';
import { userOf } from '../../lib/scope.ts';
import type { ApiTokensService } from './api-tokens.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** API tokens of integrations and the old client (docs/legacy-api.md): ADMIN only. */
export const apiTokensRoutes: FastifyPluginAsyncZod<{ tokens: ApiTokensService }> = async (app, { tokens }) => {
  app.get(
    '/',
    {
      config: { access: 'apiTokens.manage' },
      schema: {
        tags: ['api-tokens'],
        summary: 'API tokens (never the token itself: its first characters)',
        querystring: ApiTokensQuery,
        response: { 200: ApiTokenPage, ...errors },
      },
    },
    async (request) => tokens.list(request.query),
  );

  app.post(
    '/',
    {
      config: { access: 'apiTokens.manage' },
      schema: {
        tags: ['api-tokens'],
        summary: 'Create an API token; the answer holds the token, shown this once',
        body: ApiTokenInput,
        response: { 200: ApiTokenCreated, ...errors },
      },
    },
    async (request) => tokens.create(request.body, userOf(request).id, actorOf(request)),
  );

  app.post(
    '/:id/revoke',
    {
      config: { access: 'apiTokens.manage' },
      schema: {
        tags: ['api-tokens'],
        summary: 'Revoke an API token: the next call with it answers 401',
        params: IdParams,
        response: { 200: ApiToken, ...errors },
      },
    },
    async (request) => tokens.revoke(request.params.id, actorOf(request)),
  );
};
