import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BisyarohAdjustmentInput,
  BisyarohComputeInput,
  BisyarohCorrectionInput,
  BisyarohEmployeeList,
  BisyarohListQuery,
  BisyarohLoan,
  BisyarohLoanInput,
  BisyarohLoanList,
  BisyarohMonth,
  BisyarohMonthFound,
  BisyarohMonthList,
  BisyarohMonthQuery,
  BisyarohPayInput,
  BisyarohRate,
  BisyarohRateInput,
  BisyarohRateList,
  BisyarohSlip,
  BisyarohUnitQuery,
  ErrorBody,
  formatMonth,
  IdParams,
  MissingJournalApproval,
  MissingJournalList,
  MyBisyarohList,
  OkResponse,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import { requestLang } from '../../lib/lang.ts';
import { userOf } from '../../lib/scope.ts';
import { sendXlsx, toXlsx, type XlsxColumn } from '../../lib/xlsx.ts';
import { createBisyarohService } from './bisyaroh.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['bisyaroh'];
const MANAGE = { access: 'bisyaroh.manage' } as const;
const SELF = { access: 'bisyaroh.self' } as const;
const XLSX = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];

const RATE_COLUMNS: XlsxColumn<BisyarohRate>[] = [
  { header: { id: 'Jabatan', en: 'Position' }, value: (r) => r.position ?? '', width: 20 },
  { header: { id: 'Pegawai', en: 'Employee' }, value: (r) => r.employeeName ?? '', width: 24 },
  { header: { id: 'Berlaku mulai', en: 'Valid from' }, value: (r) => r.validFrom, width: 12 },
  { header: { id: 'Per JP', en: 'Per JP' }, value: (r) => r.perJp, width: 12 },
  { header: { id: 'Per hari hadir', en: 'Per day present' }, value: (r) => r.perDay, width: 14 },
  { header: { id: 'Tepat waktu/hari', en: 'On time/day' }, value: (r) => r.onTimePerDay, width: 14 },
  { header: { id: 'Transport/hari', en: 'Transport/day' }, value: (r) => r.transportPerDay, width: 14 },
  { header: { id: 'Potongan alpa/hari', en: 'Absence deduction/day' }, value: (r) => r.absencePerDay, width: 16 },
  {
    header: { id: 'Tunjangan', en: 'Allowances' },
    value: (r) => r.allowances.map((a) => `${a.name}: ${a.amount}`).join('; '),
    width: 40,
  },
];

type MonthRow = BisyarohMonthList['items'][number];
const MONTH_COLUMNS: XlsxColumn<MonthRow>[] = [
  { header: { id: 'Bulan', en: 'Month' }, value: (r, lang) => formatMonth(r.month, lang), width: 16 },
  { header: { id: 'Unit', en: 'Unit' }, value: (r) => r.unitName, width: 20 },
  { header: { id: 'Status', en: 'Status' }, value: (r) => r.status, width: 10 },
  { header: { id: 'Pegawai', en: 'Employees' }, value: (r) => r.employees, width: 10 },
  { header: { id: 'Total', en: 'Total' }, value: (r) => r.total, width: 16 },
  { header: { id: 'Bukti kas', en: 'Voucher' }, value: (r) => r.voucherNumber ?? '', width: 20 },
];

/** Bisyaroh (the staff honorarium) under /api/v1/bisyaroh (issue 15). */
export const bisyarohRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const svc = createBisyarohService(db);

  // ---------- master ----------
  app.get(
    '/rates',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Rates per position and employee',
        querystring: BisyarohUnitQuery,
        response: { 200: BisyarohRateList, ...errors },
      },
    },
    async (request) => svc.rates(userOf(request), request.query),
  );
  app.get(
    '/rates/export',
    { config: MANAGE, schema: { tags, summary: 'The rates as Excel', querystring: BisyarohUnitQuery, produces: XLSX } },
    async (request, reply) => {
      const { items } = await svc.rates(userOf(request), request.query);
      const heading = {
        lang: requestLang(request),
        sheet: { id: 'Master bisyaroh', en: 'Allowance master' },
        title: { id: 'Master tarif bisyaroh', en: 'Staff allowance rates' },
        filters: [] as const,
      };
      return sendXlsx(reply, 'master-bisyaroh', await toXlsx(heading, RATE_COLUMNS, items));
    },
  );
  app.post(
    '/rates',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Add a rate valid from a month',
        body: BisyarohRateInput,
        response: { 200: BisyarohRate, ...errors },
      },
    },
    async (request) => svc.createRate(userOf(request), request.body, actorOf(request)),
  );
  app.put(
    '/rates/:id',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Change a rate',
        params: IdParams,
        body: BisyarohRateInput,
        response: { 200: BisyarohRate, ...errors },
      },
    },
    async (request) => svc.updateRate(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.get(
    '/employees',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'The active employees of the unit',
        querystring: BisyarohUnitQuery,
        response: { 200: BisyarohEmployeeList, ...errors },
      },
    },
    async (request) => svc.employees(userOf(request), request.query),
  );
  app.get(
    '/loans',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Loans with what remains',
        querystring: BisyarohUnitQuery,
        response: { 200: BisyarohLoanList, ...errors },
      },
    },
    async (request) => svc.loans(userOf(request), request.query),
  );
  app.post(
    '/loans',
    {
      config: MANAGE,
      schema: { tags, summary: 'Add a loan', body: BisyarohLoanInput, response: { 200: BisyarohLoan, ...errors } },
    },
    async (request) => svc.saveLoan(userOf(request), null, request.body, actorOf(request)),
  );
  app.put(
    '/loans/:id',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Change a loan',
        params: IdParams,
        body: BisyarohLoanInput,
        response: { 200: BisyarohLoan, ...errors },
      },
    },
    async (request) => svc.saveLoan(userOf(request), request.params.id, request.body, actorOf(request)),
  );

  // ---------- months ----------
  app.get(
    '/months',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Months x units with totals',
        querystring: BisyarohListQuery,
        response: { 200: BisyarohMonthList, ...errors },
      },
    },
    async (request) => svc.list(userOf(request), request.query),
  );
  app.get(
    '/months/export',
    {
      config: MANAGE,
      schema: { tags, summary: 'Months x units as Excel', querystring: BisyarohListQuery, produces: XLSX },
    },
    async (request, reply) => {
      const { items } = await svc.list(userOf(request), request.query);
      const lang = requestLang(request);
      const heading = {
        lang,
        sheet: { id: 'Daftar bisyaroh', en: 'Allowance list' },
        title: { id: 'Daftar bisyaroh', en: 'Staff allowance list' },
        filters: request.query.year
          ? ([[lang === 'en' ? 'Year' : 'Tahun', String(request.query.year)]] as const)
          : ([] as const),
      };
      return sendXlsx(reply, 'daftar-bisyaroh', await toXlsx(heading, MONTH_COLUMNS, items));
    },
  );
  app.get(
    '/months/find',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'The month of a unit, if computed',
        querystring: BisyarohMonthQuery,
        response: { 200: BisyarohMonthFound, ...errors },
      },
    },
    async (request) => ({ month: await svc.monthByUnit(userOf(request), request.query) }),
  );
  app.post(
    '/months/compute',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Compute (again) an open month of a unit; adjustments stay',
        body: BisyarohComputeInput,
        response: { 200: BisyarohMonth, ...errors },
      },
    },
    async (request) => svc.compute(userOf(request), request.body, actorOf(request)),
  );
  app.get(
    '/months/:id',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'A month with its slips and lines',
        params: IdParams,
        response: { 200: BisyarohMonth, ...errors },
      },
    },
    async (request) => svc.month(userOf(request), request.params.id),
  );
  app.get(
    '/months/:id/missing-journals',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Lessons of the month without a journal',
        params: IdParams,
        response: { 200: MissingJournalList, ...errors },
      },
    },
    async (request) => svc.missingJournals(userOf(request), request.params.id),
  );
  app.post(
    '/months/:id/approvals',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Count a lesson without a journal (with a reason)',
        params: IdParams,
        body: MissingJournalApproval,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => svc.approveMissing(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.post(
    '/months/:id/adjustments',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Adjust an employee with a reason (open month)',
        params: IdParams,
        body: BisyarohAdjustmentInput,
        response: { 200: BisyarohMonth, ...errors },
      },
    },
    async (request) => svc.adjust(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.post(
    '/months/:id/lock',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Lock the month: no change after',
        params: IdParams,
        response: { 200: BisyarohMonth, ...errors },
      },
    },
    async (request) => svc.lock(userOf(request), request.params.id, actorOf(request)),
  );
  app.post(
    '/months/:id/corrections',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Correct a locked month: a line in the next month',
        params: IdParams,
        body: BisyarohCorrectionInput,
        response: { 200: BisyarohMonth, ...errors },
      },
    },
    async (request) => svc.correct(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.post(
    '/months/:id/pay',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Pay a locked month with one BKK voucher; once',
        params: IdParams,
        body: BisyarohPayInput,
        response: { 200: BisyarohMonth, ...errors },
      },
    },
    async (request) => svc.pay(userOf(request), request.params.id, request.body, actorOf(request)),
  );

  // ---------- slips ----------
  app.get(
    '/slips/:id',
    {
      config: MANAGE,
      schema: { tags, summary: 'A slip of the unit', params: IdParams, response: { 200: BisyarohSlip, ...errors } },
    },
    async (request) => svc.slip(userOf(request), request.params.id),
  );
  app.get(
    '/my-slips',
    {
      config: SELF,
      schema: { tags, summary: 'My slips of locked months', response: { 200: MyBisyarohList, ...errors } },
    },
    async (request) => svc.mySlips(userOf(request)),
  );
  app.get(
    '/my-slips/:id',
    {
      config: SELF,
      schema: {
        tags,
        summary: 'One of my slips (another id: 404)',
        params: IdParams,
        response: { 200: BisyarohSlip, ...errors },
      },
    },
    async (request) => svc.mySlip(userOf(request), request.params.id),
  );
};
