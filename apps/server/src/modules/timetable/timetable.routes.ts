import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  IdParams,
  OkResponse,
  TeachingHoursQuery,
  TeachingHoursResponse,
  TimetableCheckInput,
  TimetableCheckResult,
  TimetablePage,
  TimetablePeriodQuery,
  TimetableQuery,
  TimetableResponse,
  TimetableToday,
  TimetableSlot,
  TimetableSlotInput,
  TimetableSlotUpdate,
} from '@mms/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import { userOf } from '../../lib/scope.ts';
import { createStructureService } from '../school/structure.service.ts';
import { createTimetableService, type TimetableService } from './timetable.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

const slotRoutes: FastifyPluginAsyncZod<{ timetable: TimetableService }> = async (app, { timetable }) => {
  app.get(
    '/',
    {
      config: { access: 'schedule.read' },
      schema: {
        tags: ['timetable'],
        summary: 'The lessons of a unit, paged; a student sees only their class, a teacher their unit',
        querystring: TimetableQuery,
        response: { 200: TimetablePage, ...errors },
      },
    },
    async (request) => timetable.list(userOf(request), request.query),
  );
  app.get(
    '/me',
    {
      config: { access: 'schedule.read' },
      schema: {
        tags: ['timetable'],
        summary: 'The own week: a teacher’s lessons, or a student’s current class',
        querystring: TimetablePeriodQuery,
        response: { 200: TimetableResponse, ...errors },
      },
    },
    async (request) => timetable.mine(userOf(request), request.query),
  );
  app.get(
    '/me/today',
    {
      config: { access: 'schedule.read' },
      schema: {
        tags: ['timetable'],
        summary:
          "Today's lessons of the own week (a student's class, a teacher's lessons); none on a day without school",
        response: { 200: TimetableToday, ...errors },
      },
    },
    async (request) => timetable.today(userOf(request)),
  );
  app.get(
    '/classes/:id',
    {
      config: { access: 'schedule.read' },
      schema: {
        tags: ['timetable'],
        summary: 'The week of one class group',
        params: IdParams,
        querystring: TimetablePeriodQuery,
        response: { 200: TimetableResponse, ...errors },
      },
    },
    async (request) => timetable.ofClass(userOf(request), request.params.id, request.query),
  );
  app.get(
    '/teachers/:id',
    {
      config: { access: 'schedule.read' },
      schema: {
        tags: ['timetable'],
        summary: 'The week of one teacher (across units); a teacher may open only their own',
        params: IdParams,
        querystring: TimetablePeriodQuery,
        response: { 200: TimetableResponse, ...errors },
      },
    },
    async (request) => timetable.ofTeacher(userOf(request), request.params.id, request.query),
  );
  app.get(
    '/teaching-hours',
    {
      config: { access: 'schedule.teachingHours.read' },
      schema: {
        tags: ['timetable'],
        summary: 'JP per week of each teacher: scheduled in the timetable and assigned',
        querystring: TeachingHoursQuery,
        response: { 200: TeachingHoursResponse, ...errors },
      },
    },
    async (request) => timetable.teachingHours(userOf(request), request.query),
  );
  app.post(
    '/check',
    {
      config: { access: 'schedule.manage' },
      schema: {
        tags: ['timetable'],
        summary: 'The clashes a proposed lesson would have, without saving',
        body: TimetableCheckInput,
        response: { 200: TimetableCheckResult, ...errors },
      },
    },
    async (request) => timetable.check(userOf(request), request.body),
  );
  app.post(
    '/',
    {
      config: { access: 'schedule.manage' },
      schema: {
        tags: ['timetable'],
        summary: 'Place a lesson; 409 names the class or teacher clash',
        body: TimetableSlotInput,
        response: { 200: TimetableSlot, ...errors },
      },
    },
    async (request) => timetable.create(userOf(request), request.body, actorOf(request)),
  );
  app.patch(
    '/:id',
    {
      config: { access: 'schedule.manage' },
      schema: {
        tags: ['timetable'],
        summary: 'Move a lesson or change its subject or teacher; 409 names the clash',
        params: IdParams,
        body: TimetableSlotUpdate,
        response: { 200: TimetableSlot, ...errors },
      },
    },
    async (request) => timetable.update(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.delete(
    '/:id',
    {
      config: { access: 'schedule.manage' },
      schema: {
        tags: ['timetable'],
        summary: 'Remove a lesson',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await timetable.remove(userOf(request), request.params.id, actorOf(request));
      return { ok: true as const };
    },
  );
};

/** The timetable feature under /api/v1/timetable. */
export const timetableRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  await app.register(slotRoutes, { timetable: createTimetableService(db, createStructureService(db)) });
};
