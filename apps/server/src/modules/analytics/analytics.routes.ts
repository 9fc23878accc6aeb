import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AnalyticsQuery,
  AttendanceAnalysis,
  ClassEntryAnalysis,
  ErrorBody,
  JournalAnalysis,
  JournalAnalysisQuery,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { userOf } from '../../lib/scope.ts';
import { createAttendanceService } from '../attendance/attendance.service.ts';
import { createAnalyticsService } from './analytics.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody };
const tags = ['analytics'];

/** The school's analyses under /api/v1/analytics, computed by the server (one request per screen). */
export const analyticsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const analytics = createAnalyticsService(db, createAttendanceService(db));

  app.get(
    '/attendance',
    {
      config: { access: 'analytics.school' },
      schema: {
        tags,
        summary: 'Analisis kehadiran: H, S, I, A and "belum diisi" per class over a range, counted as the recap counts',
        querystring: AnalyticsQuery,
        response: { 200: AttendanceAnalysis, ...errors },
      },
    },
    async (request) => analytics.attendance(userOf(request), request.query),
  );
  app.get(
    '/class-entry',
    {
      config: { access: 'analytics.school' },
      schema: {
        tags,
        summary:
          'Analisis masuk kelas: lessons planned on the school days of a range and journals written, per class and teacher',
        querystring: AnalyticsQuery,
        response: { 200: ClassEntryAnalysis, ...errors },
      },
    },
    async (request) => analytics.classEntry(userOf(request), request.query),
  );
  app.get(
    '/journals',
    {
      config: { access: 'analytics.school' },
      schema: {
        tags,
        summary: 'Analisis jurnal kelas: journals per subject over a range with their absences and substitutes',
        querystring: JournalAnalysisQuery,
        response: { 200: JournalAnalysis, ...errors },
      },
    },
    async (request) => analytics.journals(userOf(request), request.query),
  );
};
