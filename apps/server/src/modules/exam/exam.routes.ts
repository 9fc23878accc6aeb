import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AttemptParams,
  ControlAttemptParams,
  ControlParams,
  DeviceId,
  EXAM_DEVICE_HEADER,
  ErrorBody,
  ExamActionResult,
  ExamAnswerFile,
  ExamAnswerFileResult,
  ExamAttemptDetail,
  ExamControlBoard,
  ExamControlList,
  ExamControlQuery,
  ExamDeviceInput,
  ExamExtendInput,
  ExamList,
  ExamListQuery,
  ExamPaper,
  ExamPin,
  ExamReasonInput,
  ExamReopenInput,
  ExamSavesInput,
  ExamSavesResult,
  ExamStartInput,
  ExamSubmitResult,
  ExamToken,
  ExamTokenSettings,
  ExamTrialInput,
  ExamTrialPaper,
  ExamTrialResult,
  IdParams,
} from '@mms/shared';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import { userOf } from '../../lib/scope.ts';
import { createExamControlService } from './control/exam-control.service.ts';
import { createExamService } from './play/exam.service.ts';
import { createExamTrialService } from './play/exam-trial.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['exam'];
const DeviceHeaders = z.object({ [EXAM_DEVICE_HEADER]: DeviceId.optional() });

/**
 * The exam engine under /api/v1/exam (issue 13): students take quizzes and exams (`assessment.take`); proctors,
 * teachers and controllers watch and act (`assessment.proctor`, rows decided by `controlReach`).
 */
export const examRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const exam = createExamService(db);
  const control = createExamControlService(db);
  const trial = createExamTrialService(db);

  // uji coba (issue 12): rows decided by mayTry (the author, a checker or a controller of the unit)
  app.get(
    '/trial/:assessmentId',
    {
      config: { access: 'assessment.read' },
      schema: {
        tags,
        summary: 'Uji coba: the paper as a student sees it, for its author, a checker or a controller',
        params: ControlParams,
        response: { 200: ExamTrialPaper, ...errors },
      },
    },
    async (request) => trial.paper(userOf(request), request.params.assessmentId),
  );
  app.post(
    '/trial/:assessmentId/score',
    {
      config: { access: 'assessment.read' },
      schema: {
        tags,
        summary: 'Uji coba: scores the given answers; nothing is recorded',
        params: ControlParams,
        body: ExamTrialInput,
        response: { 200: ExamTrialResult, ...errors },
      },
    },
    async (request) => trial.score(userOf(request), request.params.assessmentId, request.body),
  );

  app.get(
    '/mine',
    {
      config: { access: 'assessment.take' },
      schema: {
        tags,
        summary: 'The signed-in student’s open, upcoming and past quizzes or exams with their attempts',
        querystring: ExamListQuery,
        response: { 200: ExamList, ...errors },
      },
    },
    async (request) => exam.list(userOf(request), request.query.kind),
  );
  app.post(
    '/assessments/:id/start',
    {
      config: { access: 'assessment.take' },
      schema: {
        tags,
        summary: 'Start (or resume on this device) an attempt; the whole paper without keys',
        params: IdParams,
        body: ExamStartInput,
        response: { 200: ExamPaper, ...errors },
      },
    },
    async (request) => exam.start(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.get(
    '/attempts/:id',
    {
      config: { access: 'assessment.take' },
      schema: {
        tags,
        summary: 'The student’s own attempt: paper, saved answers, seconds left, notices',
        params: AttemptParams,
        headers: DeviceHeaders,
        response: { 200: ExamPaper, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return exam.paper(userOf(request), request.params.id, request.headers[EXAM_DEVICE_HEADER]);
    },
  );
  app.post(
    '/attempts/:id/saves',
    {
      config: { access: 'assessment.take' },
      schema: {
        tags,
        summary: 'Save answers (idempotent by question and client sequence number); acknowledged once committed',
        params: AttemptParams,
        body: ExamSavesInput,
        response: { 200: ExamSavesResult, ...errors },
      },
    },
    async (request) => exam.save(userOf(request), request.params.id, request.body),
  );
  app.post(
    '/attempts/:id/submit',
    {
      config: { access: 'assessment.take' },
      schema: {
        tags,
        summary: 'Submit the attempt (a repeat is harmless)',
        params: AttemptParams,
        body: ExamDeviceInput,
        response: { 200: ExamSubmitResult, ...errors },
      },
    },
    async (request) => exam.submit(userOf(request), request.params.id, request.body.deviceId, actorOf(request)),
  );

  app.get(
    '/control',
    {
      config: { access: 'assessment.proctor' },
      schema: {
        tags,
        summary: 'The quizzes and exams the signed-in user may watch (recent and running)',
        querystring: ExamControlQuery,
        response: { 200: ExamControlList, ...errors },
      },
    },
    async (request) => control.list(userOf(request), request.query.kind),
  );
  app.get(
    '/control/:assessmentId',
    {
      config: { access: 'assessment.proctor' },
      schema: {
        tags,
        summary: 'Every taker live: state, last seen, answered, time left, device changes, grade',
        params: ControlParams,
        response: { 200: ExamControlBoard, ...errors },
      },
    },
    async (request) => control.board(userOf(request), request.params.assessmentId),
  );
  app.get(
    '/control/:assessmentId/attempts/:attemptId',
    {
      config: { access: 'assessment.proctor' },
      schema: {
        tags,
        summary: 'One attempt: every answer with its score, and what happened to it',
        params: ControlAttemptParams,
        response: { 200: ExamAttemptDetail, ...errors },
      },
    },
    async (request) => control.detail(userOf(request), request.params.assessmentId, request.params.attemptId),
  );
  app.post(
    '/control/:assessmentId/extend',
    {
      config: { access: 'assessment.proctor' },
      schema: {
        tags,
        summary: 'Add time to some students or a whole class',
        params: ControlParams,
        body: ExamExtendInput,
        response: { 200: ExamActionResult, ...errors },
      },
    },
    async (request) => control.extend(userOf(request), request.params.assessmentId, request.body, actorOf(request)),
  );
  app.post(
    '/control/:assessmentId/attempts/:attemptId/allow-device',
    {
      config: { access: 'assessment.proctor' },
      schema: {
        tags,
        summary: 'Let another device take the attempt over: a one-time PIN, and approval of the waiting device',
        params: ControlAttemptParams,
        response: { 200: ExamPin, ...errors },
      },
    },
    async (request) =>
      control.allowDevice(userOf(request), request.params.assessmentId, request.params.attemptId, actorOf(request)),
  );
  app.post(
    '/control/:assessmentId/attempts/:attemptId/force-submit',
    {
      config: { access: 'assessment.proctor' },
      schema: {
        tags,
        summary: 'Submit a running attempt now, with a reason',
        params: ControlAttemptParams,
        body: ExamReasonInput,
        response: { 200: ExamActionResult, ...errors },
      },
    },
    async (request) =>
      control.forceSubmit(
        userOf(request),
        request.params.assessmentId,
        request.params.attemptId,
        request.body,
        actorOf(request),
      ),
  );
  app.post(
    '/control/:assessmentId/attempts/:attemptId/reopen',
    {
      config: { access: 'assessment.proctor' },
      schema: {
        tags,
        summary: 'Reopen a submitted attempt for some minutes, with a reason',
        params: ControlAttemptParams,
        body: ExamReopenInput,
        response: { 200: ExamActionResult, ...errors },
      },
    },
    async (request) =>
      control.reopen(
        userOf(request),
        request.params.assessmentId,
        request.params.attemptId,
        request.body,
        actorOf(request),
      ),
  );
  app.post(
    '/control/:assessmentId/answer-file',
    {
      config: { access: 'assessment.proctor' },
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Upload a student’s answer file (the exam page’s last resort when it could not send)',
        params: ControlParams,
        body: ExamAnswerFile,
        response: { 200: ExamAnswerFileResult, ...errors },
      },
    },
    async (request) => control.answerFile(userOf(request), request.params.assessmentId, request.body, actorOf(request)),
  );
  app.get(
    '/control/:assessmentId/token',
    {
      config: { access: 'assessment.proctor' },
      schema: {
        tags,
        summary: 'The exam’s current token (it rotates by itself when a period is set)',
        params: ControlParams,
        response: { 200: ExamToken, ...errors },
      },
    },
    async (request) => control.token(userOf(request), request.params.assessmentId),
  );
  app.put(
    '/control/:assessmentId/token',
    {
      config: { access: 'assessment.proctor' },
      schema: {
        tags,
        summary: 'Rotate the token now and/or set its rotation period',
        params: ControlParams,
        body: ExamTokenSettings,
        response: { 200: ExamToken, ...errors },
      },
    },
    async (request) => control.setToken(userOf(request), request.params.assessmentId, request.body, actorOf(request)),
  );
};
