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
import { badRequest } from '../../lib/errors.ts';
import { userOf as me } from '../../lib/scope.ts';
import { sendXlsx } from '../../lib/xlsx.ts';
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
  app.get(
    '/import/template',
    {
      config: { access: 'school.calendar.manage' },
      schema: { tags, summary: 'The Excel template of the calendar import' },
    },
    async (_request, reply) => sendXlsx(reply, 'template-impor-kalender', await imports.template()),
  );
  app.post(
    '/import',
    {
      config: { access: 'school.calendar.manage' },
      schema: {
        tags,
        summary:
          'Import entries from the Excel template (multipart field `file`); every bad row is reported and nothing is saved unless all rows are good',
        querystring: CalendarImportQuery,
        response: { 200: CalendarImportResult, ...errors },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest('Kirim berkas Excel sebagai multipart/form-data', { file: 'Wajib' });
      const file = await request.file();
      if (!file || file.fieldname !== 'file')
        throw badRequest('Berkas harus dikirim di kolom "file"', { file: 'Wajib' });
      return imports.importEntries(me(request), request.query.unitId ?? null, await file.toBuffer(), actorOf(request));
    },
  );
};
