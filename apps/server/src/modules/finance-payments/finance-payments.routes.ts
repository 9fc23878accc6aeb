import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CallbackResult,
  ChargeInput,
  ComponentIncomeAccountInput,
  ComponentIncomeAccounts,
  ErrorBody,
  FinanceUnitQuery,
  GatewayCharge,
  IdParams,
  MyPayments,
  Payment,
  PaymentInput,
  PaymentPage,
  PaymentQuery,
  ProviderParams,
  Receipt,
  ReversalRequestInput,
  StudentAccount,
  StudentHitList,
  StudentSearchQuery,
} from '@mms/shared';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import { requestLang } from '../../lib/lang.ts';
import { userOf } from '../../lib/scope.ts';
import { collectAll, sendXlsx, toXlsx, type XlsxColumn } from '../../lib/xlsx.ts';
import { createFinancePaymentsService } from './finance-payments.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['finance payments'];
const READ = { access: 'finance.read' } as const;
const WRITE = { access: 'finance.manage' } as const;
const APPROVE = { access: 'finance.approve' } as const;
const SELF = { access: 'finance.self' } as const;
const XLSX = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];

const METHOD = {
  CASH: { id: 'Tunai', en: 'Cash' },
  TRANSFER: { id: 'Transfer', en: 'Transfer' },
  GATEWAY: { id: 'Gateway', en: 'Gateway' },
};
const STATUS = {
  POSTED: { id: 'Sah', en: 'Posted' },
  REVERSAL_REQUESTED: { id: 'Diminta batal', en: 'Reversal requested' },
  REVERSED: { id: 'Dibatalkan', en: 'Reversed' },
};
const COLUMNS: XlsxColumn<Payment>[] = [
  { header: { id: 'Tanggal', en: 'Date' }, value: (r) => r.date, width: 12 },
  { header: { id: 'Nomor', en: 'Number' }, value: (r) => r.number, width: 24 },
  { header: { id: 'NIS', en: 'NIS' }, value: (r) => r.student.nis, width: 12 },
  { header: { id: 'Siswa', en: 'Student' }, value: (r) => r.student.name, width: 28 },
  { header: { id: 'Kelas', en: 'Class' }, value: (r) => r.student.className, width: 10 },
  { header: { id: 'Cara bayar', en: 'Method' }, value: (r, lang) => METHOD[r.method][lang], width: 12 },
  { header: { id: 'Jumlah', en: 'Amount' }, value: (r) => r.amount, width: 16 },
  { header: { id: 'Titipan', en: 'Credit added' }, value: (r) => r.creditAdded, width: 14 },
  { header: { id: 'Kasir', en: 'Cashier' }, value: (r) => r.cashierName, width: 20 },
  { header: { id: 'Status', en: 'Status' }, value: (r, lang) => STATUS[r.status][lang], width: 16 },
  { header: { id: 'Alasan batal', en: 'Reversal reason' }, value: (r) => r.reversalReason, width: 30 },
];

/** Payments at the counter, receipts, reversals and the payment gateway under /api/v1/finance-payments (issue 15). */
export const financePaymentsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const svc = createFinancePaymentsService(db);

  // ---------- the income account of each payment component ----------
  app.get(
    '/component-accounts',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The income account each payment component of a unit is booked to',
        querystring: FinanceUnitQuery,
        response: { 200: ComponentIncomeAccounts, ...errors },
      },
    },
    async (request) => svc.componentIncomeAccounts(userOf(request), request.query),
  );
  app.put(
    '/component-accounts/:id',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Map a payment component to an income account (null: the default rule)',
        params: IdParams,
        body: ComponentIncomeAccountInput,
        response: { 200: ComponentIncomeAccounts, ...errors },
      },
    },
    async (request) =>
      svc.setComponentIncomeAccount(userOf(request), request.params.id, request.body, actorOf(request)),
  );

  // ---------- the counter ----------
  app.get(
    '/students',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Find a student by name or NIS',
        querystring: StudentSearchQuery,
        response: { 200: StudentHitList, ...errors },
      },
    },
    async (request) => svc.searchStudents(userOf(request), request.query),
  );
  app.get(
    '/students/:id/account',
    {
      config: READ,
      schema: {
        tags,
        summary: "A student's open bills (oldest due first), outstanding and credit",
        params: IdParams,
        response: { 200: StudentAccount, ...errors },
      },
    },
    async (request) => svc.studentAccount(userOf(request), request.params.id),
  );
  app.post(
    '/payments',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Take a payment at the counter',
        body: PaymentInput,
        response: { 200: Payment, ...errors },
      },
    },
    async (request) => svc.pay(userOf(request), request.body, actorOf(request)),
  );
  app.get(
    '/payments',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Payments by date range, method, cashier, status and text',
        querystring: PaymentQuery,
        response: { 200: PaymentPage, ...errors },
      },
    },
    async (request) => svc.list(userOf(request), request.query),
  );
  app.get(
    '/payments/export',
    { config: READ, schema: { tags, summary: 'The payment list as Excel', querystring: PaymentQuery, produces: XLSX } },
    async (request, reply) => {
      const user = userOf(request);
      const q = request.query;
      const rows = await collectAll((page, pageSize) => svc.list(user, { ...q, page, pageSize }));
      const lang = requestLang(request);
      const filters: [string, string][] = [];
      if (q.from) filters.push([lang === 'en' ? 'From' : 'Dari', q.from]);
      if (q.to) filters.push([lang === 'en' ? 'To' : 'Sampai', q.to]);
      if (q.method) filters.push([lang === 'en' ? 'Method' : 'Cara bayar', METHOD[q.method][lang]]);
      if (q.q) filters.push([lang === 'en' ? 'Search' : 'Cari', q.q]);
      const heading = {
        lang,
        sheet: { id: 'Pembayaran', en: 'Payments' },
        title: { id: 'Daftar Pembayaran', en: 'Payments' },
        filters,
      };
      return sendXlsx(reply, 'pembayaran', await toXlsx(heading, COLUMNS, rows));
    },
  );
  app.get(
    '/payments/:id',
    {
      config: READ,
      schema: { tags, summary: 'One payment', params: IdParams, response: { 200: Payment, ...errors } },
    },
    async (request) => svc.one(userOf(request), request.params.id),
  );
  app.get(
    '/payments/:id/receipt',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The receipt (kwitansi) of a payment',
        params: IdParams,
        response: { 200: Receipt, ...errors },
      },
    },
    async (request) => svc.receipt(userOf(request), request.params.id),
  );

  // ---------- reversal ----------
  app.post(
    '/payments/:id/reversal',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Ask for a payment to be reversed (with the reason)',
        params: IdParams,
        body: ReversalRequestInput,
        response: { 200: Payment, ...errors },
      },
    },
    async (request) => svc.requestReversal(userOf(request), request.params.id, request.body.reason, actorOf(request)),
  );
  app.post(
    '/payments/:id/reversal/approve',
    {
      config: APPROVE,
      schema: {
        tags,
        summary: 'Approve a reversal (another person than the one who asked)',
        params: IdParams,
        response: { 200: Payment, ...errors },
      },
    },
    async (request) => svc.approveReversal(userOf(request), request.params.id, actorOf(request)),
  );
  app.post(
    '/payments/:id/reversal/reject',
    {
      config: APPROVE,
      schema: {
        tags,
        summary: 'Turn a reversal request down (the payment stays)',
        params: IdParams,
        response: { 200: Payment, ...errors },
      },
    },
    async (request) => svc.rejectReversal(userOf(request), request.params.id, actorOf(request)),
  );

  // ---------- the student ----------
  app.get(
    '/me',
    {
      config: SELF,
      schema: {
        tags,
        summary: "The signed-in student's payments, bills, credit and gateway charges",
        response: { 200: MyPayments, ...errors },
      },
    },
    async (request) => svc.mine(userOf(request)),
  );
  app.get(
    '/me/payments/:id/receipt',
    {
      config: SELF,
      schema: {
        tags,
        summary: "The signed-in student's own receipt (another's is 404)",
        params: IdParams,
        response: { 200: Receipt, ...errors },
      },
    },
    async (request) => svc.myReceipt(userOf(request), request.params.id),
  );
  app.post(
    '/me/charges',
    {
      config: SELF,
      schema: {
        tags,
        summary: 'Start a gateway charge (virtual account) for own open bills',
        body: ChargeInput,
        response: { 200: GatewayCharge, ...errors },
      },
    },
    async (request) => svc.startCharge(userOf(request), request.body, actorOf(request)),
  );
  app.post(
    '/me/charges/:id/pay-local',
    {
      config: SELF,
      schema: {
        tags,
        summary: 'Demo: pay an own charge of the local provider (as its signed callback would)',
        params: IdParams,
        response: { 200: CallbackResult, ...errors },
      },
    },
    async (request) => svc.payLocal(userOf(request), request.params.id, actorOf(request)),
  );

  // ---------- gateway callback ----------
  app.post(
    '/gateway/:provider/callback',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A payment provider's signed callback (idempotent by the provider's reference)",
        params: ProviderParams,
        body: z.unknown(),
        response: { 200: CallbackResult, ...errors },
      },
    },
    async (request) => svc.callback(request.params.provider, request.headers, request.body, actorOf(request)),
  );
};
