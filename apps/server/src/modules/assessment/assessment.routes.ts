import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AssessmentClassesInput,
  AssessmentDetail,
  AssessmentInput,
  AssessmentItemsInput,
  AssessmentsQuery,
  AssessmentUpdate,
  Assessment,
  DrawRulesInput,
  ErrorBody,
  IdParams,
  OkResponse,
  pageOf,
  ReturnInput,
  ScheduleInput,
  ShareInput,
  TransitionInput,
  type AssessmentAction,
  type Permission,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import { userOf } from '../../lib/scope.ts';
import { createAssessmentService } from './assessment.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['assessments'];

/**
 * Assessments and their workflow under /api/v1/assessments (issue 12). Each route names the permission it
 * needs; the service then works out the caller's role on the assessment (author, checker, scheduler) from the
 * database and the one transition table of `@mms/shared`.
 */
export const assessmentRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const assessments = createAssessmentService(db);
  app.get(
    '/',
    {
      config: { access: 'assessment.read' },
      schema: {
        tags,
        summary: 'Assessments the caller may read (a teacher: their subjects and grades, and those shared with them)',
        querystring: AssessmentsQuery,
        response: { 200: pageOf(Assessment), ...errors },
      },
    },
    async (request) => assessments.list(userOf(request), request.query),
  );
  app.get(
    '/:id',
    {
      config: { access: 'assessment.read' },
      schema: {
        tags,
        summary: 'An assessment with its questions, draw rules and shares',
        params: IdParams,
        response: { 200: AssessmentDetail, ...errors },
      },
    },
    async (request) => assessments.get(userOf(request), request.params.id),
  );
  app.post(
    '/',
    {
      config: { access: 'assessment.author' },
      schema: {
        tags,
        summary: 'Write an assessment (a draft, for a subject and grade the caller teaches)',
        body: AssessmentInput,
        response: { 200: AssessmentDetail, ...errors },
      },
    },
    async (request) => assessments.create(userOf(request), request.body, actorOf(request)),
  );
  app.put(
    '/:id',
    {
      config: { access: 'assessment.author' },
      schema: {
        tags,
        summary: 'Edit a draft or returned assessment (its author)',
        params: IdParams,
        body: AssessmentUpdate,
        response: { 200: AssessmentDetail, ...errors },
      },
    },
    async (request) => assessments.update(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.delete(
    '/:id',
    {
      config: { access: 'assessment.author' },
      schema: {
        tags,
        summary: 'Delete a draft or returned assessment (its author)',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => assessments.remove(userOf(request), request.params.id, actorOf(request)),
  );
  app.put(
    '/:id/items',
    {
      config: { access: 'assessment.author' },
      schema: {
        tags,
        summary: 'Set the fixed questions, each pinned to its current version',
        params: IdParams,
        body: AssessmentItemsInput,
        response: { 200: AssessmentDetail, ...errors },
      },
    },
    async (request) => assessments.setItems(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.put(
    '/:id/draw-rules',
    {
      config: { access: 'assessment.author' },
      schema: {
        tags,
        summary: 'Set the rules that draw questions per student',
        params: IdParams,
        body: DrawRulesInput,
        response: { 200: AssessmentDetail, ...errors },
      },
    },
    async (request) => assessments.setDrawRules(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.put(
    '/:id/classes',
    {
      config: { access: 'assessment.author' },
      schema: {
        tags,
        summary: 'Set the class groups that take it',
        params: IdParams,
        body: AssessmentClassesInput,
        response: { 200: AssessmentDetail, ...errors },
      },
    },
    async (request) =>
      assessments.setClasses(userOf(request), request.params.id, request.body.classIds, actorOf(request)),
  );
  app.post(
    '/:id/share',
    {
      config: { access: 'assessment.author' },
      schema: {
        tags,
        summary: 'Share with another teacher of the unit and subject, to read or to copy',
        params: IdParams,
        body: ShareInput,
        response: { 200: AssessmentDetail, ...errors },
      },
    },
    async (request) => assessments.share(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.post(
    '/:id/copy',
    {
      config: { access: 'assessment.author' },
      schema: {
        tags,
        summary: 'Copy as a new draft of the caller (its author, or a teacher it was shared with to copy)',
        params: IdParams,
        response: { 200: AssessmentDetail, ...errors },
      },
    },
    async (request) => assessments.copy(userOf(request), request.params.id, actorOf(request)),
  );

  // the workflow: the transition table decides, per assessment, whether the caller's role may take the step
  const step = (action: AssessmentAction, access: Permission, summary: string) =>
    app.post(
      `/:id/${action}`,
      {
        config: { access },
        schema: {
          tags,
          summary,
          params: IdParams,
          body: TransitionInput,
          response: { 200: AssessmentDetail, ...errors },
        },
      },
      async (request) =>
        assessments.act(userOf(request), request.params.id, action, request.body.note, actorOf(request)),
    );
  step('submit', 'assessment.author', 'Submit for the check (its author)');
  step('approve', 'assessment.check', 'Approve a submitted assessment (the checker of its unit)');
  step('open', 'assessment.read', 'Open a scheduled assessment now');
  step('close', 'assessment.read', 'Close a scheduled or open assessment now');
  step('grade', 'assessment.author', 'Mark a closed assessment graded (its author)');
  step('publish', 'assessment.read', 'Publish the grades of a graded assessment');
  app.post(
    '/:id/return',
    {
      config: { access: 'assessment.check' },
      schema: {
        tags,
        summary: 'Return a submitted assessment to its author with a note (the checker of its unit)',
        params: IdParams,
        body: ReturnInput,
        response: { 200: AssessmentDetail, ...errors },
      },
    },
    async (request) =>
      assessments.act(userOf(request), request.params.id, 'return', request.body.note, actorOf(request)),
  );
  app.post(
    '/:id/schedule',
    {
      config: { access: 'assessment.read' },
      schema: {
        tags,
        summary: 'Put an approved assessment on the schedule: its classes and window',
        params: IdParams,
        body: ScheduleInput,
        response: { 200: AssessmentDetail, ...errors },
      },
    },
    async (request) =>
      assessments.act(userOf(request), request.params.id, 'schedule', null, actorOf(request), request.body),
  );
};
