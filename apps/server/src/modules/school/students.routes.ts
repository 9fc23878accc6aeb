import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  IdParams,
  NisParams,
  pageOf,
  Student,
  StudentInput,
  StudentSelfUpdate,
  StudentsQuery,
  StudentSummary,
  StudentUpdate,
  UnitFilter,
} from '@mms/shared';
import { actorOf } from '../../lib/audit.ts';
import { userOf } from './scope.ts';
import type { StudentsService } from './students.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const studentsRoutes: FastifyPluginAsyncZod<{ students: StudentsService }> = async (app, { students }) => {
  app.get(
    '/',
    {
      config: { access: 'school.student.read' },
      schema: {
        tags: ['students'],
        summary: 'Students; teachers see the students of their classes only',
        querystring: StudentsQuery,
        response: { 200: pageOf(StudentSummary), 403: ErrorBody },
      },
    },
    async (request) => students.list(userOf(request), request.query),
  );
  app.get(
    '/me',
    {
      config: { access: 'school.student.self' },
      schema: {
        tags: ['students'],
        summary: 'The signed-in student’s own record',
        response: { 200: Student, ...errors },
      },
    },
    async (request) => students.self(userOf(request)),
  );
  app.patch(
    '/me',
    {
      config: { access: 'school.student.self' },
      schema: {
        tags: ['students'],
        summary: 'Change the fields a student may edit of their own record (phones, address)',
        body: StudentSelfUpdate,
        response: { 200: Student, ...errors },
      },
    },
    async (request) => students.updateSelf(userOf(request), request.body, actorOf(request)),
  );
  app.get(
    '/by-nis/:nis',
    {
      config: { access: 'school.student.read' },
      schema: {
        tags: ['students'],
        summary: 'A student profile by NIS',
        params: NisParams,
        querystring: UnitFilter,
        response: { 200: Student, ...errors },
      },
    },
    async (request) => students.getByNis(userOf(request), request.params.nis, request.query.unitId),
  );
  app.get(
    '/:id',
    {
      config: { access: 'school.student.read' },
      schema: {
        tags: ['students'],
        summary: 'A student profile',
        params: IdParams,
        response: { 200: Student, ...errors },
      },
    },
    async (request) => students.get(userOf(request), request.params.id),
  );
  app.post(
    '/',
    {
      config: { access: 'school.student.manage' },
      schema: {
        tags: ['students'],
        summary: 'Add a student',
        body: StudentInput,
        response: { 200: Student, ...errors },
      },
    },
    async (request) => students.create(userOf(request), request.body, actorOf(request)),
  );
  app.patch(
    '/:id',
    {
      config: { access: 'school.student.manage' },
      schema: {
        tags: ['students'],
        summary: 'Change a student, including the status (active, graduated, moved, dropped)',
        params: IdParams,
        body: StudentUpdate,
        response: { 200: Student, ...errors },
      },
    },
    async (request) => students.update(userOf(request), request.params.id, request.body, actorOf(request)),
  );
};
