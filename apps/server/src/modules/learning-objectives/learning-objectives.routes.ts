import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ColumnObjectivesInput,
  ErrorBody,
  IdParams,
  LearningObjective,
  LearningObjectiveChoices,
  LearningObjectiveInput,
  LearningObjectiveList,
  LearningObjectiveQuery,
  LearningObjectiveUpdate,
  ObjectiveIds,
  ObjectiveIdsInput,
  OkResponse,
  ScoreSheetQuery,
  SheetObjectiveTags,
  TpMasteryQuery,
  TpMasteryReport,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import { userOf } from '../../lib/scope.ts';
import { createLearningObjectivesService } from './learning-objectives.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['learning-objectives'];

/**
 * Learning objectives (TP) under /api/v1/learning-objectives (issue 40): the TPs of a subject and grade, the tags of
 * score columns and bank questions, and a class's mastery with the drafted descriptions. Row rules: the service.
 */
export const learningObjectivesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const tp = createLearningObjectivesService(db);
  app.get(
    '/choices',
    {
      config: { access: 'learningObjectives.read' },
      schema: {
        tags,
        summary: 'The subject and grade pairs whose TPs the caller may open, and where they may write',
        response: { 200: LearningObjectiveChoices, ...errors },
      },
    },
    async (request) => tp.choices(userOf(request)),
  );
  app.get(
    '/',
    {
      config: { access: 'learningObjectives.read' },
      schema: {
        tags,
        summary: 'The TPs of a subject and grade in a school year (the active one by default), searchable',
        querystring: LearningObjectiveQuery,
        response: { 200: LearningObjectiveList, ...errors },
      },
    },
    async (request) => tp.list(userOf(request), request.query),
  );
  app.post(
    '/',
    {
      config: { access: 'learningObjectives.write' },
      schema: {
        tags,
        summary: 'Add a TP to a subject and grade',
        body: LearningObjectiveInput,
        response: { 200: LearningObjective, ...errors },
      },
    },
    async (request) => tp.create(userOf(request), request.body, actorOf(request)),
  );
  app.patch(
    '/:id',
    {
      config: { access: 'learningObjectives.write' },
      schema: {
        tags,
        summary: 'Change a TP’s code, text or order',
        params: IdParams,
        body: LearningObjectiveUpdate,
        response: { 200: LearningObjective, ...errors },
      },
    },
    async (request) => tp.update(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.delete(
    '/:id',
    {
      config: { access: 'learningObjectives.write' },
      schema: {
        tags,
        summary: 'Delete a TP and its tags',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => tp.remove(userOf(request), request.params.id, actorOf(request)),
  );
  app.get(
    '/column-tags',
    {
      config: { access: 'learningObjectives.read' },
      schema: {
        tags,
        summary: 'The TPs of each column of a score sheet',
        querystring: ScoreSheetQuery,
        response: { 200: SheetObjectiveTags, ...errors },
      },
    },
    async (request) => tp.sheetTags(userOf(request), request.query),
  );
  app.put(
    '/column-tags/:id',
    {
      config: { access: 'learningObjectives.write' },
      schema: {
        tags,
        summary: 'Tag a score column (of the named sheet) with TPs of its subject and grade, replacing its tags',
        params: IdParams,
        body: ColumnObjectivesInput,
        response: { 200: ObjectiveIds, ...errors },
      },
    },
    async (request) => tp.setColumnTags(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.get(
    '/question-tags/:id',
    {
      config: { access: 'learningObjectives.read' },
      schema: {
        tags,
        summary: 'The TPs a bank question is tagged with',
        params: IdParams,
        response: { 200: ObjectiveIds, ...errors },
      },
    },
    async (request) => tp.questionTags(userOf(request), request.params.id),
  );
  app.put(
    '/question-tags/:id',
    {
      config: { access: 'learningObjectives.write' },
      schema: {
        tags,
        summary: 'Tag a bank question with TPs of its subject and grade, replacing its tags',
        params: IdParams,
        body: ObjectiveIdsInput,
        response: { 200: ObjectiveIds, ...errors },
      },
    },
    async (request) => tp.setQuestionTags(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.get(
    '/mastery',
    {
      config: { access: 'learningObjectives.read' },
      schema: {
        tags,
        summary: 'Each student’s mastery of the TPs of a class’s subject in a semester, with the drafted descriptions',
        querystring: TpMasteryQuery,
        response: { 200: TpMasteryReport, ...errors },
      },
    },
    async (request) => tp.mastery(userOf(request), request.query),
  );
};
