import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AnswerSheetInput,
  AnswerSheetParams,
  AssessmentResults,
  EssayAnswers,
  EssayMarkInput,
  EssayMarkParams,
  EssaysQuery,
  FormativeAnalysis,
  FormativeAnalysisQuery,
  ErrorBody,
  IdParams,
  ItemAnalysisResult,
  KeyChangeInput,
  KeyChangeParams,
  KeyChangeResult,
  MyTests,
  OkResponse,
} from '@mms/shared';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { actorOf } from '../../../lib/audit.ts';
import { userOf } from '../../../lib/scope.ts';
import { createAssessmentService } from '../../assessment/assessment.service.ts';
import { createResultsService } from './results.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['assessment results'];

/** The results of an assessment under /api/v1/assessments/:id (issue 12): sheets, essays, key changes, analysis. */
export const resultsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const results = createResultsService(db, createAssessmentService(db));
  app.get(
    '/mine',
    {
      config: { access: 'school.student.self' },
      schema: {
        tags,
        summary: 'The signed-in student’s upcoming tests and published results (their own only, never a key)',
        response: { 200: MyTests, ...errors },
      },
    },
    async (request) => results.mine(userOf(request)),
  );
  app.get(
    '/formative-analysis',
    {
      config: { access: 'analytics.view' },
      schema: {
        tags,
        summary: 'The formatives of a subject and grade: means per class and mastery per learning objective',
        querystring: FormativeAnalysisQuery,
        response: { 200: FormativeAnalysis, ...errors },
      },
    },
    async (request) => results.formativeAnalysis(userOf(request), request.query.subjectId, request.query.gradeId),
  );
  app.get(
    '/:id/results',
    {
      config: { access: 'assessment.score' },
      schema: {
        tags,
        summary: 'Every student of the assessment’s classes with their score, grade and essays waiting',
        params: IdParams,
        response: { 200: AssessmentResults, ...errors },
      },
    },
    async (request) => results.results(userOf(request), request.params.id),
  );
  app.put(
    '/:id/answer-sheets/:studentId',
    {
      config: { access: 'assessment.score' },
      schema: {
        tags,
        summary: 'Record a student’s answer sheet (a paper exam typed in); closed answers score at once',
        params: AnswerSheetParams,
        body: AnswerSheetInput,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) =>
      results.saveSheet(userOf(request), request.params.id, request.params.studentId, request.body, actorOf(request)),
  );
  app.get(
    '/:id/essays',
    {
      config: { access: 'assessment.score' },
      schema: {
        tags,
        summary: 'Essay answers to mark: one question across students, or one student across questions',
        params: IdParams,
        querystring: EssaysQuery,
        response: { 200: EssayAnswers, ...errors },
      },
    },
    async (request) => results.essays(userOf(request), request.params.id, request.query),
  );
  app.put(
    '/:id/essays/:answerId',
    {
      config: { access: 'assessment.score' },
      schema: {
        tags,
        summary: 'Mark an essay answer by its rubric; the attempt’s score follows',
        params: EssayMarkParams,
        body: EssayMarkInput,
        response: { 200: z.object({ score: z.number(), grade: z.number(), pendingEssays: z.number() }), ...errors },
      },
    },
    async (request) =>
      results.markEssayAnswer(
        userOf(request),
        request.params.id,
        request.params.answerId,
        request.body,
        actorOf(request),
      ),
  );
  app.put(
    '/:id/items/:questionId/key',
    {
      config: { access: 'assessment.score' },
      schema: {
        tags,
        summary: 'Change the key of a closed question: a new version, every attempt regraded and audited',
        params: KeyChangeParams,
        body: KeyChangeInput,
        response: { 200: KeyChangeResult, ...errors },
      },
    },
    async (request) =>
      results.changeKey(userOf(request), request.params.id, request.params.questionId, request.body, actorOf(request)),
  );
  app.get(
    '/:id/analysis',
    {
      config: { access: 'assessment.score' },
      schema: {
        tags,
        summary:
          'Item analysis: difficulty, discrimination (27% groups), point-biserial, option counts, KR-20 and alpha',
        params: IdParams,
        response: { 200: ItemAnalysisResult, ...errors },
      },
    },
    async (request) => results.analysis(userOf(request), request.params.id),
  );
};
