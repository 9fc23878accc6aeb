import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CalendarCopyInput,
  CalendarCopyResult,
  CalendarEntries,
  CalendarEntry,
  CalendarEntryInput,
  CalendarEntryUpdate,
  CalendarImportQuery,
  CalendarImportResult,
  CalendarMonth,
  CalendarMonthQuery,
  CalendarQuery,
  ErrorBody,
  IdParams,
  OkResponse,
  SchoolWeekInput,
  UpcomingNonSchool,
  UpcomingQuery,
} from '@mms/shared';
import { actorOf } from '../../lib/audit.ts';
import { excelImportRoutes } from '../../lib/excel-import-routes.ts';
import { userOf as me } from '../../lib/scope.ts';
import type { CalendarImportService } from './calendar-import.service.ts';
import type { CalendarService } from './calendar.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['calendar'];

/** The school calendar (kalender akademik): everyone reads it, WAKAKUR and ADMIN edit it. */
export const calendarRoutes: FastifyPluginAsyncZod<{
  calendar: CalendarService;
  imports: CalendarImportService;
}> = async (app, { calendar, imports }) => {
  app.get(
    '/',
    {
      config: { access: 'school.calendar.read' },
      schema: {
        tags,
        summary: "A unit's calendar entries of a year (its own and the foundation's); no unit: the foundation's",
        querystring: CalendarQuery,
        response: { 200: CalendarEntries, ...errors },
      },
    },
    async (request) => calendar.list(me(request), request.query),
  );
  app.get(
    '/month',
    {
      config: { access: 'school.calendar.read' },
      schema: {
        tags,
        summary: 'Each day of a month for a unit: school day or not, and the entries covering it',
        querystring: CalendarMonthQuery,
        response: { 200: CalendarMonth, ...errors },
      },
    },
    async (request) => calendar.month(me(request), request.query),
  );
  app.get(
    '/upcoming',
    {
      config: { access: 'school.calendar.read' },
      schema: {
        tags,
        summary: 'The next non-school days of a unit (holidays, breaks), from today',
        querystring: UpcomingQuery,
        response: { 200: UpcomingNonSchool, ...errors },
      },
    },
    async (request) => calendar.upcoming(me(request), request.query),
  );
  app.post(
    '/entries',
    {
      config: { access: 'school.calendar.manage' },
      schema: { tags, summary: 'Add an entry', body: CalendarEntryInput, response: { 200: CalendarEntry, ...errors } },
    },
    async (request) => calendar.create(me(request), request.body, actorOf(request)),
  );
  app.patch(
    '/entries/:id',
    {
      config: { access: 'school.calendar.manage' },
      schema: {
        tags,
        summary: 'Change an entry',
        params: IdParams,
        body: CalendarEntryUpdate,
        response: { 200: CalendarEntry, ...errors },
      },
    },
    async (request) => calendar.update(me(request), request.params.id, request.body, actorOf(request)),
  );
  app.delete(
    '/entries/:id',
    {
      config: { access: 'school.calendar.manage' },
      schema: { tags, summary: 'Delete an entry', params: IdParams, response: { 200: OkResponse, ...errors } },
    },
    async (request) => calendar.remove(me(request), request.params.id, actorOf(request)),
  );
  app.put(
    '/units/:id/school-week',
    {
      config: { access: 'school.calendar.manage' },
      schema: {
        tags,
        summary: "Set a unit's school week (5: Monday-Friday, 6: Monday-Saturday)",
        params: IdParams,
        body: SchoolWeekInput,
        response: { 200: z.object({ unitId: z.number().int(), schoolDaysPerWeek: z.number().int() }), ...errors },
      },
    },
    async (request) =>
      calendar.setSchoolWeek(me(request), request.params.id, request.body.schoolDaysPerWeek, actorOf(request)),
  );
  app.post(
    '/copy',
    {
      config: { access: 'school.calendar.manage' },
      schema: {
        tags,
        summary:
          "Copy the previous year's entries of a unit (or the foundation) onto the same dates; Islamic holidays and cuti bersama are entered by hand",
        body: CalendarCopyInput,
        response: { 200: CalendarCopyResult, ...errors },
      },
    },
    async (request) => calendar.copyPreviousYear(me(request), request.body, actorOf(request)),
  );
  excelImportRoutes(app, {
    path: '/import',
    access: 'school.calendar.manage',
    tags,
    templateName: 'template-impor-kalender',
    templateSummary: 'The Excel template of the calendar import',
    template: () => imports.template(),
    summary: 'Import entries from the Excel template',
    querystring: CalendarImportQuery,
    result: CalendarImportResult,
    run: (user, query, file, actor) => imports.importEntries(user, query.unitId ?? null, file, actor),
  });
};
