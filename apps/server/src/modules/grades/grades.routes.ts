import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  FinalScoreOverrideInput,
  FinalScoreOverrideKey,
  GradeRules,
  GradeRulesInput,
  GradeRulesQuery,
  RemedialInput,
  RemedialKey,
  RemedialScore,
  IdParams,
  MyScores,
  MyScoresQuery,
  OkResponse,
  ScoreCellsInput,
  ScoreCellsSaved,
  ScoreChoices,
  ScoreColumn,
  ScoreColumnInput,
  ScoreColumnUpdate,
  ScorePolicy,
  ScorePolicyInput,
  ScorePolicyQuery,
  ScoreRecap,
  ScoreSheet,
  ScoreSheetQuery,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import { userOf } from '../../lib/scope.ts';
import { gradesImportRoutes } from './grades-import.routes.ts';
import { createGradesService } from './grades.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['scores'];

/**
 * Scores typed by hand under /api/v1/scores (issue 12): the sheet of a class and subject, its columns and cells,
 * the recap with the weights and KKTP, the unit's grade rules, overrides of final scores, remedial and enrichment
 * scores, and a student's own scores. Row rules: grades.service.ts and the score sheet rule (grades.access.ts).
 */
export const gradesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const grades = createGradesService(db);
  await app.register(gradesImportRoutes, { db });
  app.get(
    '/choices',
    {
      config: { access: 'assessment.score' },
      schema: {
        tags,
        summary: 'The class and subject sheets the caller may open, and whether they may type in each',
        response: { 200: ScoreChoices, ...errors },
      },
    },
    async (request) => grades.choices(userOf(request)),
  );
  app.get(
    '/sheet',
    {
      config: { access: 'assessment.score' },
      schema: {
        tags,
        summary: 'The score sheet of a class and subject in a semester: columns, students and scores',
        querystring: ScoreSheetQuery,
        response: { 200: ScoreSheet, ...errors },
      },
    },
    async (request) => grades.sheet(userOf(request), request.query),
  );
  app.get(
    '/recap',
    {
      config: { access: 'assessment.score' },
      schema: {
        tags,
        summary: 'The recap of a class and subject: the mean of each kind, the final score, who is below the KKTP',
        querystring: ScoreSheetQuery,
        response: { 200: ScoreRecap, ...errors },
      },
    },
    async (request) => grades.recap(userOf(request), request.query),
  );
  app.post(
    '/columns',
    {
      config: { access: 'assessment.score' },
      schema: {
        tags,
        summary: 'Add a column (an input such as a daily test) to a sheet the caller may type in',
        body: ScoreColumnInput,
        response: { 200: ScoreColumn, ...errors },
      },
    },
    async (request) => grades.createColumn(userOf(request), request.body, actorOf(request)),
  );
  app.put(
    '/columns/:id',
    {
      config: { access: 'assessment.score' },
      schema: {
        tags,
        summary: 'Rename a column, or change its kind or date',
        params: IdParams,
        body: ScoreColumnUpdate,
        response: { 200: ScoreColumn, ...errors },
      },
    },
    async (request) => grades.updateColumn(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.delete(
    '/columns/:id',
    {
      config: { access: 'assessment.score' },
      schema: {
        tags,
        summary: 'Delete a column and its scores (the audit keeps them)',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => grades.deleteColumn(userOf(request), request.params.id, actorOf(request)),
  );
  app.put(
    '/cells',
    {
      config: { access: 'assessment.score' },
      schema: {
        tags,
        summary: 'Save typed or pasted scores at once; nothing is written unless every cell is good',
        body: ScoreCellsInput,
        response: { 200: ScoreCellsSaved, ...errors },
      },
    },
    async (request) => grades.saveCells(userOf(request), request.body, actorOf(request)),
  );
  app.get(
    '/policy',
    {
      config: { access: 'assessment.score' },
      schema: {
        tags,
        summary: 'The weights and KKTP of a subject in a grade (falling back to the unit and year)',
        querystring: ScorePolicyQuery,
        response: { 200: ScorePolicy, ...errors },
      },
    },
    async (request) => grades.policy(userOf(request), request.query.subjectId, request.query.gradeId),
  );
  app.put(
    '/policy',
    {
      config: { access: 'assessment.check' },
      schema: {
        tags,
        summary: 'Set the KKTP and, optionally, the weights of a subject in a grade (WAKAKUR)',
        body: ScorePolicyInput,
        response: { 200: ScorePolicy, ...errors },
      },
    },
    async (request) => grades.savePolicy(userOf(request), request.body, actorOf(request)),
  );
  app.get(
    '/rules',
    {
      config: { access: 'assessment.score' },
      schema: {
        tags,
        summary: "A unit's grade rules of a school year: weights of the kinds, KKTP, remedial rule",
        querystring: GradeRulesQuery,
        response: { 200: GradeRules, ...errors },
      },
    },
    async (request) => grades.gradeRules(userOf(request), request.query),
  );
  app.put(
    '/rules',
    {
      config: { access: 'assessment.check' },
      schema: {
        tags,
        summary: "Set a unit's grade rules of a school year (WAKAKUR)",
        body: GradeRulesInput,
        response: { 200: GradeRules, ...errors },
      },
    },
    async (request) => grades.saveGradeRules(userOf(request), request.body, actorOf(request)),
  );
  app.put(
    '/final-overrides',
    {
      config: { access: 'assessment.score' },
      schema: {
        tags,
        summary: "Override a student's final score with a reason (the subject's teacher of the class, or WAKAKUR)",
        body: FinalScoreOverrideInput,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => grades.setOverride(userOf(request), request.body, actorOf(request)),
  );
  app.delete(
    '/final-overrides',
    {
      config: { access: 'assessment.score' },
      schema: {
        tags,
        summary: 'Remove an override: the computed final score counts again',
        querystring: FinalScoreOverrideKey,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => grades.removeOverride(userOf(request), request.query, actorOf(request)),
  );
  app.put(
    '/remedials',
    {
      config: { access: 'assessment.score' },
      schema: {
        tags,
        summary: "Record a remedial or enrichment score beside a student's original score in a column",
        body: RemedialInput,
        response: { 200: RemedialScore, ...errors },
      },
    },
    async (request) => grades.setRemedial(userOf(request), request.body, actorOf(request)),
  );
  app.delete(
    '/remedials',
    {
      config: { access: 'assessment.score' },
      schema: {
        tags,
        summary: 'Remove a remedial or enrichment score (the original counts again)',
        querystring: RemedialKey,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => grades.removeRemedial(userOf(request), request.query, actorOf(request)),
  );
  app.get(
    '/me',
    {
      config: { access: 'school.student.self' },
      schema: {
        tags,
        summary: "The signed-in student's own scores of a semester, per subject",
        querystring: MyScoresQuery,
        response: { 200: MyScores, ...errors },
      },
    },
    async (request) => grades.mine(userOf(request), request.query.semester),
  );
};
