import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  IdParams,
  OkResponse,
  pageOf,
  Question,
  QuestionChoices,
  QuestionChoicesQuery,
  QuestionInput,
  QuestionsQuery,
  QuestionUpdate,
  QuestionVersions,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import { userOf } from '../../lib/scope.ts';
import { createQuestionService } from './question.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['questions'];

/** The question bank under /api/v1/questions (issue 12): authors write, the subject team reads, leaders manage. */
export const questionRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const questions = createQuestionService(db);
  app.get(
    '/choices',
    {
      config: { access: 'assessment.author' },
      schema: {
        tags,
        summary: 'The subjects and grades the caller may write questions for',
        querystring: QuestionChoicesQuery,
        response: { 200: QuestionChoices, ...errors },
      },
    },
    async (request) => questions.choices(userOf(request), request.query.unitId),
  );
  app.get(
    '/',
    {
      config: { access: 'assessment.author' },
      schema: {
        tags,
        summary: 'Questions of the bank the caller may use (a teacher: the subjects and grades they teach)',
        querystring: QuestionsQuery,
        response: { 200: pageOf(Question), ...errors },
      },
    },
    async (request) => questions.list(userOf(request), request.query),
  );
  app.get(
    '/:id',
    {
      config: { access: 'assessment.author' },
      schema: {
        tags,
        summary: 'A question with its newest version',
        params: IdParams,
        response: { 200: Question, ...errors },
      },
    },
    async (request) => questions.get(userOf(request), request.params.id),
  );
  app.get(
    '/:id/versions',
    {
      config: { access: 'assessment.author' },
      schema: {
        tags,
        summary: 'The versions of a question, newest first',
        params: IdParams,
        response: { 200: QuestionVersions, ...errors },
      },
    },
    async (request) => questions.versions(userOf(request), request.params.id),
  );
  app.post(
    '/',
    {
      config: { access: 'assessment.author' },
      schema: {
        tags,
        summary: 'Write a question (for a subject and grade the caller teaches)',
        body: QuestionInput,
        response: { 200: Question, ...errors },
      },
    },
    async (request) => questions.create(userOf(request), request.body, actorOf(request)),
  );
  app.put(
    '/:id',
    {
      config: { access: 'assessment.author' },
      schema: {
        tags,
        summary: 'Edit a question: writes its next version (the author, or a leader of the unit)',
        params: IdParams,
        body: QuestionUpdate,
        response: { 200: Question, ...errors },
      },
    },
    async (request) => questions.update(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.delete(
    '/:id',
    {
      config: { access: 'assessment.author' },
      schema: {
        tags,
        summary: 'Remove a question from the bank (its versions stay for what used them)',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => questions.remove(userOf(request), request.params.id, actorOf(request)),
  );
};
