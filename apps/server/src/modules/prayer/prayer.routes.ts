import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  OwnPrayers,
  OwnPrayersQuery,
  PrayerClasses,
  PrayerClassesQuery,
  PrayerMonitor,
  PrayerMonitorQuery,
  PrayerRecap,
  PrayerRecapQuery,
  PrayerRule,
  PrayerRuleInput,
  PrayerRuleQuery,
  PrayerSaveInput,
  PrayerSaveResult,
  PrayerSheet,
  PrayerSheetQuery,
  type PrayerRecapStudent,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import { requestLang } from '../../lib/lang.ts';
import { userOf } from '../../lib/scope.ts';
import { sendXlsx, toXlsx, type XlsxColumn } from '../../lib/xlsx.ts';
import { createPrayerService } from './prayer.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['prayer'];
const XLSX = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];

const RECAP_COLUMNS: XlsxColumn<PrayerRecapStudent>[] = [
  { header: { id: 'NIS', en: 'NIS' }, value: (r) => r.nis, width: 12 },
  { header: { id: 'Nama', en: 'Name' }, value: (r) => r.name, width: 30 },
  { header: { id: 'Kelas', en: 'Class' }, value: (r) => r.className, width: 10 },
  { header: { id: 'Berjamaah', en: 'In congregation' }, value: (r) => r.counts.BERJAMAAH },
  { header: { id: 'Terlambat', en: 'Late' }, value: (r) => r.counts.TERLAMBAT },
  { header: { id: 'Udzur', en: 'Excused' }, value: (r) => r.counts.UDZUR },
  { header: { id: 'Tidak salat', en: 'Absent' }, value: (r) => r.counts.TIDAK_SALAT },
  { header: { id: 'Jumlah', en: 'Total' }, value: (r) => r.total },
  { header: { id: 'Berjamaah (%)', en: 'In congregation (%)' }, value: (r) => r.rate },
];

/** Dzuhur and ashar under /api/v1/prayer: the input sheet, the recap, the principal's pages and the threshold rule. */
export const prayerRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const prayer = createPrayerService(db);

  app.get(
    '/classes',
    {
      config: { access: 'prayer.record' },
      schema: {
        tags,
        summary: 'The classes the caller may record prayers for (own classes first)',
        querystring: PrayerClassesQuery,
        response: { 200: PrayerClasses, ...errors },
      },
    },
    async (request) => prayer.classes(userOf(request), request.query),
  );
  app.get(
    '/sheet',
    {
      config: { access: 'prayer.record' },
      schema: {
        tags,
        summary: 'A class’s students and their records of one prayer on one school day',
        querystring: PrayerSheetQuery,
        response: { 200: PrayerSheet, ...errors },
      },
    },
    async (request) => prayer.sheet(userOf(request), request.query),
  );
  app.put(
    '/sheet',
    {
      config: { access: 'prayer.record' },
      schema: {
        tags,
        summary: 'Save a class’s prayer of a school day in one transaction (adds discipline points at the threshold)',
        body: PrayerSaveInput,
        response: { 200: PrayerSaveResult, ...errors },
      },
    },
    async (request) => prayer.save(userOf(request), request.body, actorOf(request)),
  );
  app.get(
    '/recap',
    {
      config: { access: 'prayer.read' },
      schema: {
        tags,
        summary: 'Counts per status per student, class and grade of a month (a teacher: their classes)',
        querystring: PrayerRecapQuery,
        response: { 200: PrayerRecap, ...errors },
      },
    },
    async (request) => prayer.recap(userOf(request), request.query),
  );
  app.get(
    '/recap/export',
    {
      config: { access: 'prayer.read' },
      schema: { tags, summary: 'The recap’s students as an Excel file', querystring: PrayerRecapQuery, produces: XLSX },
    },
    async (request, reply) => {
      const recap = await prayer.recap(userOf(request), { ...request.query, page: 1, pageSize: 100_000 });
      const lang = requestLang(request);
      const filters: [string, string][] = [[lang === 'en' ? 'Month' : 'Bulan', request.query.month]];
      if (request.query.prayer) filters.push([lang === 'en' ? 'Prayer' : 'Salat', request.query.prayer]);
      const heading = {
        lang,
        sheet: { id: 'Rekap salat', en: 'Prayer recap' },
        title: { id: 'Rekap Salat Zuhur dan Asar', en: 'Midday and Afternoon Prayer Recap' },
        filters,
      };
      return sendXlsx(reply, 'rekap-salat', await toXlsx(heading, RECAP_COLUMNS, recap.students.items));
    },
  );
  app.get(
    '/monitor',
    {
      config: { access: 'prayer.monitor' },
      schema: {
        tags,
        summary: 'The principal’s page of one prayer: today per class, the month per class and per day, most absent',
        querystring: PrayerMonitorQuery,
        response: { 200: PrayerMonitor, ...errors },
      },
    },
    async (request) => prayer.monitor(userOf(request), request.query),
  );
  app.get(
    '/rule',
    {
      config: { access: 'prayer.read' },
      schema: {
        tags,
        summary: 'The unit’s threshold of absences in a month and the discipline points it adds',
        querystring: PrayerRuleQuery,
        response: { 200: PrayerRule, ...errors },
      },
    },
    async (request) => prayer.rule(userOf(request), request.query.unitId),
  );
  app.put(
    '/rule',
    {
      config: { access: 'prayer.monitor' },
      schema: {
        tags,
        summary: 'Change the unit’s threshold rule (applies to saves from now on)',
        body: PrayerRuleInput,
        response: { 200: PrayerRule, ...errors },
      },
    },
    async (request) => prayer.saveRule(userOf(request), request.body, actorOf(request)),
  );
  app.get(
    '/me',
    {
      config: { access: 'school.student.self' },
      schema: {
        tags,
        summary: 'The signed-in student’s prayers of a month',
        querystring: OwnPrayersQuery,
        response: { 200: OwnPrayers, ...errors },
      },
    },
    async (request) => prayer.mine(userOf(request), request.query.month),
  );
};
