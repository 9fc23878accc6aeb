import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, IdParams, PermissionOverrideInput, PermissionTable } from '@mms/shared';
import { actorOf } from '../../lib/audit.ts';
import { userOf } from '../../lib/scope.ts';
import type { PermissionsService } from './permissions.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['permissions'];

/** The permission table screen of the ADMIN (issue 39): read the table, grant or withdraw, undo a change. */
export const permissionsRoutes: FastifyPluginAsyncZod<{ permissions: PermissionsService }> = async (
  app,
  { permissions },
) => {
  app.get(
    '/',
    {
      config: { access: 'permissions.manage' },
      schema: {
        tags,
        summary: "The code's permission table (which division may do what) and the ADMIN's overrides on top of it",
        response: { 200: PermissionTable, ...errors },
      },
    },
    async () => permissions.table(),
  );

  app.put(
    '/overrides',
    {
      config: { access: 'permissions.manage' },
      schema: {
        tags,
        summary: "Grant or withdraw a permission of a division (in every unit or one); never ADMIN's system rights",
        body: PermissionOverrideInput,
        response: { 200: PermissionTable, ...errors },
      },
    },
    async (request) => permissions.set(request.body, userOf(request).id, actorOf(request)),
  );

  app.delete(
    '/overrides/:id',
    {
      config: { access: 'permissions.manage' },
      schema: {
        tags,
        summary: "Undo an override: the division is back to the code's table for that permission",
        params: IdParams,
        response: { 200: PermissionTable, ...errors },
      },
    },
    async (request) => permissions.remove(request.params.id, actorOf(request)),
  );
};
