import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Enrollment,
  EnrollInput,
  EnrollmentResult,
  EnrollmentsQuery,
  ErrorBody,
  MoveInput,
  pageOf,
  PromoteInput,
} from '@mms/shared';
import { actorOf } from '../../lib/audit.ts';
import type { EnrollmentsService } from './enrollments.service.ts';
import { userOf } from '../../lib/scope.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const enrollmentsRoutes: FastifyPluginAsyncZod<{ enrollments: EnrollmentsService }> = async (
  app,
  { enrollments },
) => {
  app.get(
    '/',
    {
      config: { access: 'school.student.read' },
      schema: {
        tags: ['enrollments'],
        summary: 'Enrollments of a class or a student; history=true includes ended rows (class mutations)',
        querystring: EnrollmentsQuery,
        response: { 200: pageOf(Enrollment), 403: ErrorBody },
      },
    },
    async (request) => enrollments.list(userOf(request), request.query),
  );
  app.post(
    '/',
    {
      config: { access: 'school.enrollment.manage' },
      schema: {
        tags: ['enrollments'],
        summary: 'Enrol one or many students in a class group for its year (all or nothing)',
        body: EnrollInput,
        response: { 200: EnrollmentResult, ...errors },
      },
    },
    async (request) => enrollments.enrol(userOf(request), request.body, actorOf(request)),
  );
  app.post(
    '/move',
    {
      config: { access: 'school.enrollment.manage' },
      schema: {
        tags: ['enrollments'],
        summary: 'Class mutation: end the open enrollment and open one in another class of the same year',
        body: MoveInput,
        response: { 200: EnrollmentResult, ...errors },
      },
    },
    async (request) => enrollments.move(userOf(request), request.body, actorOf(request)),
  );
  app.post(
    '/promote',
    {
      config: { access: 'school.enrollment.manage' },
      schema: {
        tags: ['enrollments'],
        summary: 'Year-end promotion of a class to a class of the next grade in the next year',
        body: PromoteInput,
        response: { 200: EnrollmentResult, ...errors },
      },
    },
    async (request) => enrollments.promote(userOf(request), request.body, actorOf(request)),
  );
};
