import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  ExamCardParams,
  ExamCards,
  ExamRoom,
  ExamRoomInput,
  ExamRoomList,
  ExamRoomSessionParams,
  ExamRoomSheet,
  ExamScheduleQuery,
  ExamSession,
  ExamSessionInput,
  ExamSessionList,
  ExamSlot,
  ExamSlotInput,
  ExamSlotList,
  ExamUnitQuery,
  IdParams,
  OkResponse,
  SchedulableExamList,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import { userOf } from '../../lib/scope.ts';
import { createExamScheduleService } from './exam-schedule.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['exam schedule'];
const READ = { access: 'assessment.read' } as const;
const WRITE = { access: 'assessment.schedule' } as const;

/** The exam schedule of a unit under /api/v1/exam-schedule (issue 12): rooms, sessions, slots and printed sheets. */
export const examScheduleRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const exams = createExamScheduleService(db);

  // ---------- rooms ----------
  app.get(
    '/rooms',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The exam rooms of a unit',
        querystring: ExamUnitQuery,
        response: { 200: ExamRoomList, ...errors },
      },
    },
    async (request) => exams.rooms(userOf(request), request.query),
  );
  app.post(
    '/rooms',
    {
      config: WRITE,
      schema: { tags, summary: 'Add an exam room', body: ExamRoomInput, response: { 200: ExamRoom, ...errors } },
    },
    async (request) => exams.createRoom(userOf(request), request.body, actorOf(request)),
  );
  app.put(
    '/rooms/:id',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Rename an exam room or change its capacity',
        params: IdParams,
        body: ExamRoomInput,
        response: { 200: ExamRoom, ...errors },
      },
    },
    async (request) => exams.updateRoom(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.delete(
    '/rooms/:id',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Delete an exam room no slot uses',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => exams.removeRoom(userOf(request), request.params.id, actorOf(request)),
  );

  // ---------- sessions ----------
  app.get(
    '/sessions',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The exam sessions of a unit',
        querystring: ExamUnitQuery,
        response: { 200: ExamSessionList, ...errors },
      },
    },
    async (request) => exams.sessions(userOf(request), request.query),
  );
  app.post(
    '/sessions',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Add an exam session',
        body: ExamSessionInput,
        response: { 200: ExamSession, ...errors },
      },
    },
    async (request) => exams.createSession(userOf(request), request.body, actorOf(request)),
  );
  app.put(
    '/sessions/:id',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Change an exam session; 409 when its slots would clash at the new times',
        params: IdParams,
        body: ExamSessionInput,
        response: { 200: ExamSession, ...errors },
      },
    },
    async (request) => exams.updateSession(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.delete(
    '/sessions/:id',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Delete an exam session no slot uses',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => exams.removeSession(userOf(request), request.params.id, actorOf(request)),
  );

  // ---------- slots ----------
  app.get(
    '/exams',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'The approved or scheduled exams a slot may place, with their classes',
        querystring: ExamUnitQuery,
        response: { 200: SchedulableExamList, ...errors },
      },
    },
    async (request) => exams.exams(userOf(request), request.query),
  );
  app.get(
    '/slots',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The exam schedule of a unit, by date, class or proctor',
        querystring: ExamScheduleQuery,
        response: { 200: ExamSlotList, ...errors },
      },
    },
    async (request) => exams.schedule(userOf(request), request.query),
  );
  app.post(
    '/slots',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Place a class’s exam in a room and session; 409 names the clash',
        body: ExamSlotInput,
        response: { 200: ExamSlot, ...errors },
      },
    },
    async (request) => exams.createSlot(userOf(request), request.body, actorOf(request)),
  );
  app.put(
    '/slots/:id',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Move a slot; 409 names the clash',
        params: IdParams,
        body: ExamSlotInput,
        response: { 200: ExamSlot, ...errors },
      },
    },
    async (request) => exams.updateSlot(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.delete(
    '/slots/:id',
    {
      config: WRITE,
      schema: { tags, summary: 'Remove a slot', params: IdParams, response: { 200: OkResponse, ...errors } },
    },
    async (request) => exams.removeSlot(userOf(request), request.params.id, actorOf(request)),
  );

  // ---------- printed sheets ----------
  app.get(
    '/cards/:classGroupId',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The exam cards (kartu peserta) of a class',
        params: ExamCardParams,
        response: { 200: ExamCards, ...errors },
      },
    },
    async (request) => exams.cards(userOf(request), request.params.classGroupId),
  );
  app.get(
    '/rooms/:roomId/sessions/:sessionId',
    {
      config: READ,
      schema: {
        tags,
        summary: 'A room in a session: its exams, proctors and students expected (daftar hadir, berita acara)',
        params: ExamRoomSessionParams,
        response: { 200: ExamRoomSheet, ...errors },
      },
    },
    async (request) => exams.roomSheet(userOf(request), request.params.roomId, request.params.sessionId),
  );
};
