import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  IdParams,
  OkResponse,
  pageOf,
  TeachingAssignment,
  TeachingAssignmentInput,
  TeachingAssignmentsQuery,
  TeachingAssignmentUpdate,
} from '@mms/shared';
import { actorOf } from '../../lib/audit.ts';
import { userOf } from '../../lib/scope.ts';
import type { TeachingAssignmentsService } from './teaching-assignments.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const teachingAssignmentsRoutes: FastifyPluginAsyncZod<{ assignments: TeachingAssignmentsService }> = async (
  app,
  { assignments },
) => {
  app.get(
    '/',
    {
      config: { access: 'school.read' },
      schema: {
        tags: ['teaching'],
        summary: 'Teaching assignments, filterable by unit, year, semester, teacher and class',
        querystring: TeachingAssignmentsQuery,
        response: { 200: pageOf(TeachingAssignment), 403: ErrorBody },
      },
    },
    async (request) => assignments.list(userOf(request), request.query),
  );
  app.get(
    '/:id',
    {
      config: { access: 'school.read' },
      schema: {
        tags: ['teaching'],
        summary: 'One teaching assignment',
        params: IdParams,
        response: { 200: TeachingAssignment, ...errors },
      },
    },
    async (request) => assignments.get(userOf(request), request.params.id),
  );
  app.post(
    '/',
    {
      config: { access: 'school.teaching.manage' },
      schema: {
        tags: ['teaching'],
        summary: 'Assign a teacher to a subject in a class for a semester; 409 when the class already has one',
        body: TeachingAssignmentInput,
        response: { 200: TeachingAssignment, ...errors },
      },
    },
    async (request) => assignments.create(userOf(request), request.body, actorOf(request)),
  );
  app.patch(
    '/:id',
    {
      config: { access: 'school.teaching.manage' },
      schema: {
        tags: ['teaching'],
        summary: 'Change the teacher or the JP per week of an assignment',
        params: IdParams,
        body: TeachingAssignmentUpdate,
        response: { 200: TeachingAssignment, ...errors },
      },
    },
    async (request) => assignments.update(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.delete(
    '/:id',
    {
      config: { access: 'school.teaching.manage' },
      schema: {
        tags: ['teaching'],
        summary: 'Remove a teaching assignment',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await assignments.remove(userOf(request), request.params.id, actorOf(request));
      return { ok: true as const };
    },
  );
};
