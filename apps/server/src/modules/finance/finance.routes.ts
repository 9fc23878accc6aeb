import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Bill,
  type BillStatus,
  BillList,
  BillPage,
  BillQuery,
  CancelBillInput,
  CreateInvoiceInput,
  ErrorBody,
  FeeRule,
  FeeRuleInput,
  FeeRuleList,
  FeeRuleQuery,
  FinanceUnitQuery,
  formatPeriod,
  GenerateBillsInput,
  GenerateBillsResult,
  IdParams,
  Invoice,
  InvoiceList,
  OkResponse,
  PaymentComponent,
  PaymentComponentInput,
  PaymentComponentList,
  StudentDiscount,
  StudentDiscountInput,
  StudentDiscountList,
  StudentDiscountQuery,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import { userOf } from '../../lib/scope.ts';
import { requestLang, type Bilingual } from '../../lib/lang.ts';
import { collectAll, sendXlsx, toXlsx, type XlsxColumn } from '../../lib/xlsx.ts';
import { createFinanceService } from './finance.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['finance'];
const XLSX = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];
const READ = { access: 'finance.read' } as const;
const WRITE = { access: 'finance.manage' } as const;
const SELF = { access: 'finance.self' } as const;

const STATUS_LABELS: Record<BillStatus, Bilingual> = {
  UNPAID: { id: 'Belum bayar', en: 'Unpaid' },
  PARTIAL: { id: 'Sebagian', en: 'Partly paid' },
  PAID: { id: 'Lunas', en: 'Paid' },
  CANCELLED: { id: 'Batal', en: 'Cancelled' },
};

const BILL_COLUMNS: XlsxColumn<Bill>[] = [
  { header: { id: 'NIS', en: 'NIS' }, value: (b) => b.nis, width: 14 },
  { header: { id: 'Nama', en: 'Name' }, value: (b) => b.studentName, width: 30 },
  { header: { id: 'Kelas', en: 'Class' }, value: (b) => b.className, width: 10 },
  { header: { id: 'Komponen', en: 'Component' }, value: (b) => b.componentName, width: 20 },
  { header: { id: 'Periode', en: 'Period' }, value: (b, lang) => formatPeriod({ period: b.period }, lang), width: 14 },
  { header: { id: 'Cicilan', en: 'Instalment' }, value: (b) => b.instalment, width: 9 },
  { header: { id: 'Nominal', en: 'Amount' }, value: (b) => b.amount, width: 14 },
  { header: { id: 'Potongan', en: 'Discount' }, value: (b) => b.discount, width: 14 },
  { header: { id: 'Dibayar', en: 'Paid' }, value: (b) => b.paid, width: 14 },
  { header: { id: 'Sisa', en: 'Outstanding' }, value: (b) => b.outstanding, width: 14 },
  { header: { id: 'Jatuh tempo', en: 'Due date' }, value: (b) => b.dueDate, width: 12 },
  { header: { id: 'Status', en: 'Status' }, value: (b, lang) => STATUS_LABELS[b.status][lang], width: 12 },
];

/** Fees and bills under /api/v1/finance (issue 15). */
export const financeRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const finance = createFinanceService(db);

  // ---------- components ----------
  app.get(
    '/components',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Payment components of a unit',
        querystring: FinanceUnitQuery,
        response: { 200: PaymentComponentList, ...errors },
      },
    },
    async (request) => finance.components(userOf(request), request.query),
  );
  app.post(
    '/components',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Add a payment component',
        body: PaymentComponentInput,
        response: { 200: PaymentComponent, ...errors },
      },
    },
    async (request) => finance.createComponent(userOf(request), request.body, actorOf(request)),
  );
  app.put(
    '/components/:id',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Change a payment component',
        params: IdParams,
        body: PaymentComponentInput,
        response: { 200: PaymentComponent, ...errors },
      },
    },
    async (request) => finance.updateComponent(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.delete(
    '/components/:id',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Delete a component no bill uses',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => finance.removeComponent(userOf(request), request.params.id, actorOf(request)),
  );

  // ---------- fee rules ----------
  app.get(
    '/fee-rules',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Fee rules (per student, grade, program, boarding)',
        querystring: FeeRuleQuery,
        response: { 200: FeeRuleList, ...errors },
      },
    },
    async (request) => finance.rules(userOf(request), request.query),
  );
  app.post(
    '/fee-rules',
    {
      config: WRITE,
      schema: { tags, summary: 'Add a fee rule', body: FeeRuleInput, response: { 200: FeeRule, ...errors } },
    },
    async (request) => finance.createRule(userOf(request), request.body, actorOf(request)),
  );
  app.put(
    '/fee-rules/:id',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Change a fee rule',
        params: IdParams,
        body: FeeRuleInput,
        response: { 200: FeeRule, ...errors },
      },
    },
    async (request) => finance.updateRule(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.delete(
    '/fee-rules/:id',
    {
      config: WRITE,
      schema: { tags, summary: 'Delete a fee rule', params: IdParams, response: { 200: OkResponse, ...errors } },
    },
    async (request) => finance.removeRule(userOf(request), request.params.id, actorOf(request)),
  );

  // ---------- discounts ----------
  app.get(
    '/discounts',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Discounts and scholarships of students',
        querystring: StudentDiscountQuery,
        response: { 200: StudentDiscountList, ...errors },
      },
    },
    async (request) => finance.discounts(userOf(request), request.query),
  );
  app.post(
    '/discounts',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Propose a discount or scholarship',
        body: StudentDiscountInput,
        response: { 200: StudentDiscount, ...errors },
      },
    },
    async (request) => finance.createDiscount(userOf(request), request.body, actorOf(request)),
  );
  app.post(
    '/discounts/:id/approve',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Approve a discount (applies to bills generated from now on)',
        params: IdParams,
        response: { 200: StudentDiscount, ...errors },
      },
    },
    async (request) => finance.approveDiscount(userOf(request), request.params.id, actorOf(request)),
  );
  app.delete(
    '/discounts/:id',
    {
      config: WRITE,
      schema: { tags, summary: 'Delete a discount', params: IdParams, response: { 200: OkResponse, ...errors } },
    },
    async (request) => finance.removeDiscount(userOf(request), request.params.id, actorOf(request)),
  );

  // ---------- bills ----------
  app.post(
    '/bills/generate',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Generate (or count with dryRun) the bills of a component; never duplicates',
        body: GenerateBillsInput,
        response: { 200: GenerateBillsResult, ...errors },
      },
    },
    async (request) => finance.generate(userOf(request), request.body, actorOf(request)),
  );
  app.get(
    '/bills',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Bills by class, component, period, status or student',
        querystring: BillQuery,
        response: { 200: BillPage, ...errors },
      },
    },
    async (request) => finance.billsPage(userOf(request), request.query),
  );
  app.get(
    '/bills/export',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The filtered bills as Excel',
        querystring: BillQuery.omit({ page: true, pageSize: true }),
        produces: XLSX,
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const rows = await collectAll((page, pageSize) => finance.billsPage(user, { ...request.query, page, pageSize }));
      const lang = requestLang(request);
      const q = request.query;
      const filters: (readonly [string, string])[] = [];
      if (q.period) filters.push([lang === 'en' ? 'Period' : 'Periode', formatPeriod({ period: q.period }, lang)]);
      if (q.status) filters.push(['Status', STATUS_LABELS[q.status][lang]]);
      const heading = {
        lang,
        sheet: { id: 'Tagihan', en: 'Bills' },
        title: { id: 'Daftar Tagihan Siswa', en: 'Student Bills' },
        filters,
      };
      const body = await toXlsx(heading, BILL_COLUMNS, rows);
      return sendXlsx(reply, 'tagihan', body);
    },
  );
  app.post(
    '/bills/:id/cancel',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Cancel an unpaid bill with a reason',
        params: IdParams,
        body: CancelBillInput,
        response: { 200: Bill, ...errors },
      },
    },
    async (request) => finance.cancel(userOf(request), request.params.id, request.body, actorOf(request)),
  );

  // ---------- invoices ----------
  app.post(
    '/invoices',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Group a student’s open bills in an invoice',
        body: CreateInvoiceInput,
        response: { 200: Invoice, ...errors },
      },
    },
    async (request) => finance.createInvoice(userOf(request), request.body, actorOf(request)),
  );
  app.get(
    '/invoices/:id',
    {
      // finance readers of the invoice's unit, or the student it belongs to: decided in the service
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: 'An invoice with its bills (printable)',
        params: IdParams,
        response: { 200: Invoice, ...errors },
      },
    },
    async (request) => finance.invoice(userOf(request), request.params.id),
  );

  // ---------- the student's own ----------
  app.get(
    '/me/bills',
    {
      config: SELF,
      schema: { tags, summary: 'The signed-in student’s bills', response: { 200: BillList, ...errors } },
    },
    async (request) => finance.myBills(userOf(request)),
  );
  app.get(
    '/me/invoices',
    {
      config: SELF,
      schema: { tags, summary: 'The signed-in student’s invoices', response: { 200: InvoiceList, ...errors } },
    },
    async (request) => finance.myInvoices(userOf(request)),
  );
};
