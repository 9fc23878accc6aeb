import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ClassJournal,
  ErrorBody,
  JournalInput,
  JournalParams,
  JournalsQuery,
  JournalSummary,
  LessonRoster,
  LessonSubstitute,
  OkResponse,
  pageOf,
  SubstituteInput,
  SubstitutesQuery,
  TeacherToday,
} from '@mms/shared';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import { createAttendanceService } from '../attendance/attendance.service.ts';
import { userOf } from '../../lib/scope.ts';
import { createJournalService } from './journal.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['journal'];

/** The journal feature under /api/v1/journals: class journals and the teacher's day. */
export const journalRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const journals = createJournalService(db, createAttendanceService(db));

  app.get(
    '/',
    {
      config: { access: 'journal.read' },
      schema: {
        tags,
        summary: 'Journals, newest first: a student’s own class, a teacher’s classes and lessons, the unit for staff',
        querystring: JournalsQuery,
        response: { 200: pageOf(JournalSummary), ...errors },
      },
    },
    async (request) => journals.list(userOf(request), request.query),
  );
  app.get(
    '/today',
    {
      config: { access: 'journal.write' },
      schema: {
        tags,
        summary: 'The caller’s lessons of today with the journals still to write and homeroom registers to take',
        response: { 200: TeacherToday, ...errors },
      },
    },
    async (request) => journals.today(userOf(request)),
  );
  app.get(
    '/slots/:slotId/:date',
    {
      config: { access: 'journal.read' },
      schema: {
        tags,
        summary: 'The journal of one lesson (timetable slot) on a date, with its absent students',
        params: JournalParams,
        response: { 200: ClassJournal, ...errors },
      },
    },
    async (request) => journals.get(userOf(request), request.params.slotId, request.params.date),
  );
  app.get(
    '/slots/:slotId/:date/roster',
    {
      config: { access: 'journal.write' },
      schema: {
        tags,
        summary: 'The class list of a lesson with the day’s daily codes, to fill the journal’s absences',
        params: JournalParams,
        response: { 200: LessonRoster, ...errors },
      },
    },
    async (request) => journals.roster(userOf(request), request.params.slotId, request.params.date),
  );
  app.put(
    '/slots/:slotId/:date',
    {
      config: { access: 'journal.write' },
      schema: {
        tags,
        summary:
          'Write the journal of a lesson (again = edit; one per slot per date); the absences fill the lesson register',
        params: JournalParams,
        body: JournalInput,
        response: { 200: ClassJournal, ...errors },
      },
    },
    async (request) =>
      journals.save(userOf(request), request.params.slotId, request.params.date, request.body, actorOf(request)),
  );
  app.get(
    '/substitutes',
    {
      config: { access: 'journal.write' },
      schema: {
        tags,
        summary:
          'The substitute teachers the school named between two dates: the unit’s for leaders, a teacher’s own lessons otherwise',
        querystring: SubstitutesQuery,
        response: { 200: z.array(LessonSubstitute), ...errors },
      },
    },
    async (request) => journals.substitutes(userOf(request), request.query),
  );
  app.put(
    '/slots/:slotId/:date/substitute',
    {
      config: { access: 'journal.substitute.manage' },
      schema: {
        tags,
        summary:
          'Name the substitute teacher of a lesson on a date (again = change); only they may then write its journal',
        params: JournalParams,
        body: SubstituteInput,
        response: { 200: LessonSubstitute, ...errors },
      },
    },
    async (request) =>
      journals.assignSubstitute(
        userOf(request),
        request.params.slotId,
        request.params.date,
        request.body,
        actorOf(request),
      ),
  );
  app.delete(
    '/slots/:slotId/:date/substitute',
    {
      config: { access: 'journal.substitute.manage' },
      schema: {
        tags,
        summary: 'Withdraw the substitute of a lesson on a date',
        params: JournalParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await journals.removeSubstitute(userOf(request), request.params.slotId, request.params.date, actorOf(request));
      return { ok: true as const };
    },
  );
};
