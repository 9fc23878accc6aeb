import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  IdParams,
  MyP5,
  OkResponse,
  P5GradesInput,
  P5Project,
  P5ProjectInput,
  P5ProjectsQuery,
  P5Sheet,
  P5SheetQuery,
  pageOf,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import { userOf } from '../../lib/scope.ts';
import { createP5Service } from './p5.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['p5'];

/** P5 projects under /api/v1/p5-projects (issue 12): WAKAKUR plans them, the assessment controllers grade them. */
export const p5Routes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const p5 = createP5Service(db);
  app.get(
    '/',
    {
      config: { access: 'assessment.control' },
      schema: {
        tags,
        summary: 'The P5 projects of the active year of the caller’s unit',
        querystring: P5ProjectsQuery,
        response: { 200: pageOf(P5Project), ...errors },
      },
    },
    async (request) => p5.list(userOf(request), request.query),
  );
  app.get(
    '/me',
    {
      config: { access: 'school.student.self' },
      schema: {
        tags,
        summary: 'The signed-in student’s P5 projects with their grades',
        response: { 200: MyP5, ...errors },
      },
    },
    async (request) => p5.mine(userOf(request)),
  );
  app.get(
    '/:id',
    {
      config: { access: 'assessment.control' },
      schema: { tags, summary: 'A P5 project', params: IdParams, response: { 200: P5Project, ...errors } },
    },
    async (request) => p5.get(userOf(request), request.params.id),
  );
  app.post(
    '/',
    {
      config: { access: 'assessment.check' },
      schema: {
        tags,
        summary: 'Plan a P5 project for a grade in a semester of the active year',
        body: P5ProjectInput,
        response: { 200: P5Project, ...errors },
      },
    },
    async (request) => p5.create(userOf(request), request.body, actorOf(request)),
  );
  app.put(
    '/:id',
    {
      config: { access: 'assessment.check' },
      schema: {
        tags,
        summary: 'Change a P5 project (a graded one keeps its grade and graded dimensions)',
        params: IdParams,
        body: P5ProjectInput,
        response: { 200: P5Project, ...errors },
      },
    },
    async (request) => p5.update(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.delete(
    '/:id',
    {
      config: { access: 'assessment.check' },
      schema: {
        tags,
        summary: 'Delete a P5 project not graded yet',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => p5.remove(userOf(request), request.params.id, actorOf(request)),
  );
  app.get(
    '/:id/sheet',
    {
      config: { access: 'assessment.control' },
      schema: {
        tags,
        summary: 'The grading sheet of a project in one class of its grade',
        params: IdParams,
        querystring: P5SheetQuery,
        response: { 200: P5Sheet, ...errors },
      },
    },
    async (request) => p5.sheet(userOf(request), request.params.id, request.query.classGroupId),
  );
  app.put(
    '/:id/grades',
    {
      config: { access: 'assessment.control' },
      schema: {
        tags,
        summary: 'Save the grades and notes of a class at once; nothing is written unless every row is good',
        params: IdParams,
        body: P5GradesInput,
        response: { 200: P5Sheet, ...errors },
      },
    },
    async (request) => p5.saveGrades(userOf(request), request.params.id, request.body, actorOf(request)),
  );
};
