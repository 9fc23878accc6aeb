import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  Extracurricular,
  ExtracurricularGradesInput,
  ExtracurricularInput,
  ExtracurricularList,
  ExtracurricularMemberParams,
  ExtracurricularMembers,
  ExtracurricularMembersAdded,
  ExtracurricularMembersInput,
  ExtracurricularMembersQuery,
  ExtracurricularQuery,
  ExtracurricularUpdate,
  IdParams,
  OkResponse,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import { userOf } from '../../lib/scope.ts';
import { createExtracurricularService } from './extracurricular.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['extracurriculars'];

/**
 * Extracurriculars (ekstrakurikuler) under /api/v1/extracurriculars (issue 40 §2; docs/extracurricular.md): the
 * activities, their members and the semester's predicates and notes. Row rules: the service.
 */
export const extracurricularRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const ex = createExtracurricularService(db);

  app.get(
    '/',
    {
      config: { access: 'extracurricular.read' },
      schema: {
        tags,
        summary: 'The activities of a unit in a school year (the active one by default), searchable, one page',
        querystring: ExtracurricularQuery,
        response: { 200: ExtracurricularList, ...errors },
      },
    },
    async (request) => ex.list(userOf(request), request.query),
  );

  app.post(
    '/',
    {
      config: { access: 'extracurricular.manage' },
      schema: {
        tags,
        summary: 'Add an activity with its coach',
        body: ExtracurricularInput,
        response: { 200: Extracurricular, ...errors },
      },
    },
    async (request) => ex.create(userOf(request), request.body, actorOf(request)),
  );

  app.patch(
    '/:id',
    {
      config: { access: 'extracurricular.manage' },
      schema: {
        tags,
        summary: 'Change an activity’s name, coach or schedule',
        params: IdParams,
        body: ExtracurricularUpdate,
        response: { 200: Extracurricular, ...errors },
      },
    },
    async (request) => ex.update(userOf(request), request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/:id',
    {
      config: { access: 'extracurricular.manage' },
      schema: {
        tags,
        summary: 'Delete an activity that has no grades yet, with its members',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => ex.remove(userOf(request), request.params.id, actorOf(request)),
  );

  app.get(
    '/:id/members',
    {
      config: { access: 'extracurricular.read' },
      schema: {
        tags,
        summary: 'The activity’s members with their predicate and note of a semester',
        params: IdParams,
        querystring: ExtracurricularMembersQuery,
        response: { 200: ExtracurricularMembers, ...errors },
      },
    },
    async (request) => ex.members(userOf(request), request.params.id, request.query),
  );

  app.post(
    '/:id/members',
    {
      config: { access: 'extracurricular.manage' },
      schema: {
        tags,
        summary: 'Add students of the unit to the activity',
        params: IdParams,
        body: ExtracurricularMembersInput,
        response: { 200: ExtracurricularMembersAdded, ...errors },
      },
    },
    async (request) => ex.addMembers(userOf(request), request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/:id/members/:studentId',
    {
      config: { access: 'extracurricular.manage' },
      schema: {
        tags,
        summary: 'Remove a member (and their grades, unless a locked rapor holds them)',
        params: ExtracurricularMemberParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => ex.removeMember(userOf(request), request.params.id, request.params.studentId, actorOf(request)),
  );

  app.put(
    '/:id/grades',
    {
      config: { access: 'extracurricular.grade' },
      schema: {
        tags,
        summary: 'Save the semester’s predicates and notes of the activity’s members, all or nothing',
        params: IdParams,
        body: ExtracurricularGradesInput,
        response: { 200: ExtracurricularMembers, ...errors },
      },
    },
    async (request) => ex.saveGrades(userOf(request), request.params.id, request.body, actorOf(request)),
  );
};
