import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  IdParams,
  MaterialsQuery,
  OkResponse,
  pageOf,
  SubjectMaterial,
  SubjectMaterialInput,
  SubjectMaterialUpdate,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import { userOf } from '../school/scope.ts';
import { createMaterialService } from './material.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['material'];

/** Subject material under /api/v1/materials: teachers manage their subjects', students read their grade's. */
export const materialRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const materials = createMaterialService(db);
  app.get(
    '/',
    {
      config: { access: 'material.read' },
      schema: {
        tags,
        summary: 'Materials by subject, grade and semester; a student sees their own grade’s only',
        querystring: MaterialsQuery,
        response: { 200: pageOf(SubjectMaterial), ...errors },
      },
    },
    async (request) => materials.list(userOf(request), request.query),
  );
  app.get(
    '/:id',
    {
      config: { access: 'material.read' },
      schema: { tags, summary: 'A material', params: IdParams, response: { 200: SubjectMaterial, ...errors } },
    },
    async (request) => materials.get(userOf(request), request.params.id),
  );
  app.post(
    '/',
    {
      config: { access: 'material.manage' },
      schema: {
        tags,
        summary: 'Add a material (a teacher for a subject they teach)',
        body: SubjectMaterialInput,
        response: { 200: SubjectMaterial, ...errors },
      },
    },
    async (request) => materials.create(userOf(request), request.body, actorOf(request)),
  );
  app.patch(
    '/:id',
    {
      config: { access: 'material.manage' },
      schema: {
        tags,
        summary: 'Change a material',
        params: IdParams,
        body: SubjectMaterialUpdate,
        response: { 200: SubjectMaterial, ...errors },
      },
    },
    async (request) => materials.update(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.delete(
    '/:id',
    {
      config: { access: 'material.manage' },
      schema: { tags, summary: 'Remove a material', params: IdParams, response: { 200: OkResponse, ...errors } },
    },
    async (request) => materials.remove(userOf(request), request.params.id, actorOf(request)),
  );
};
