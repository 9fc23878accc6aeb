import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Book,
  BookQuery,
  CloseMonthInput,
  ErrorBody,
  FinanceAccount,
  FinanceAccountInput,
  FinanceAccountList,
  FinanceUnitQuery,
  IdParams,
  longMonth,
  MonthClosingList,
  OkResponse,
  ReopenMonthInput,
  ReverseInput,
  Voucher,
  VoucherInput,
  VoucherPage,
  VoucherQuery,
  VoucherReport,
  VoucherReportQuery,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import { requestLang } from '../../lib/lang.ts';
import { userOf } from '../../lib/scope.ts';
import { sendXlsx, toXlsx, type XlsxColumn } from '../../lib/xlsx.ts';
import { financeBooksAttachmentsRoutes } from './finance-books-attachments.routes.ts';
import { createFinanceBooksService } from './finance-books.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['finance books'];
const READ = { access: 'finance.read' } as const;
const WRITE = { access: 'finance.manage' } as const;
const XLSX = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];

type BookRow = Book['lines'][number];
const BOOK_COLUMNS: XlsxColumn<BookRow>[] = [
  { header: { id: 'Tanggal', en: 'Date' }, value: (r) => r.date, width: 12 },
  { header: { id: 'Nomor', en: 'Number' }, value: (r) => r.number, width: 18 },
  { header: { id: 'Akun', en: 'Account' }, value: (r) => r.account, width: 28 },
  { header: { id: 'Uraian', en: 'Description' }, value: (r) => r.description, width: 40 },
  { header: { id: 'Debit', en: 'Debit' }, value: (r) => r.debit, width: 16 },
  { header: { id: 'Kredit', en: 'Credit' }, value: (r) => r.credit, width: 16 },
  { header: { id: 'Saldo', en: 'Balance' }, value: (r) => r.balance, width: 16 },
];

/** Cash and bank vouchers, the chart of accounts, the books and month closing under /api/v1/finance-books (issue 15). */
export const financeBooksRoutes: FastifyPluginAsyncZod<{ db: Database; dataDir: string }> = async (
  app,
  { db, dataDir },
) => {
  const books = createFinanceBooksService(db, dataDir);
  await app.register(financeBooksAttachmentsRoutes, { db, dataDir });

  // ---------- chart of accounts ----------
  app.get(
    '/accounts',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The chart of accounts of a unit',
        querystring: FinanceUnitQuery,
        response: { 200: FinanceAccountList, ...errors },
      },
    },
    async (request) => books.accounts(userOf(request), request.query),
  );
  app.post(
    '/accounts',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Add an account',
        body: FinanceAccountInput,
        response: { 200: FinanceAccount, ...errors },
      },
    },
    async (request) => books.createAccount(userOf(request), request.body, actorOf(request)),
  );
  app.put(
    '/accounts/:id',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Rename or deactivate an account (code and kind only while unused)',
        params: IdParams,
        body: FinanceAccountInput,
        response: { 200: FinanceAccount, ...errors },
      },
    },
    async (request) => books.updateAccount(userOf(request), request.params.id, request.body, actorOf(request)),
  );

  // ---------- vouchers ----------
  app.get(
    '/vouchers',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Vouchers by type, month, account, state and text',
        querystring: VoucherQuery,
        response: { 200: VoucherPage, ...errors },
      },
    },
    async (request) => books.vouchers(userOf(request), request.query),
  );
  app.get(
    '/vouchers/report',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Posted vouchers of a month by type (count and total)',
        querystring: VoucherReportQuery,
        response: { 200: VoucherReport, ...errors },
      },
    },
    async (request) => books.report(userOf(request), request.query),
  );
  app.get(
    '/vouchers/:id',
    {
      config: READ,
      schema: { tags, summary: 'A voucher', params: IdParams, response: { 200: Voucher, ...errors } },
    },
    async (request) => books.voucher(userOf(request), request.params.id),
  );
  app.post(
    '/vouchers',
    {
      config: WRITE,
      schema: { tags, summary: 'Make a draft voucher', body: VoucherInput, response: { 200: Voucher, ...errors } },
    },
    async (request) => books.createVoucher(userOf(request), request.body, actorOf(request)),
  );
  app.put(
    '/vouchers/:id',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Change a draft voucher; 409 once posted',
        params: IdParams,
        body: VoucherInput,
        response: { 200: Voucher, ...errors },
      },
    },
    async (request) => books.updateVoucher(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.delete(
    '/vouchers/:id',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Delete a draft voucher; 409 once posted',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => books.removeVoucher(userOf(request), request.params.id, actorOf(request)),
  );
  app.post(
    '/vouchers/:id/approve',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Approve and post a draft (not by its maker): it gets its number',
        params: IdParams,
        response: { 200: Voucher, ...errors },
      },
    },
    async (request) => books.approveVoucher(userOf(request), request.params.id, actorOf(request)),
  );
  app.post(
    '/vouchers/:id/reverse',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Make the reversal draft of a posted voucher, with a reason',
        params: IdParams,
        body: ReverseInput,
        response: { 200: Voucher, ...errors },
      },
    },
    async (request) => books.reverseVoucher(userOf(request), request.params.id, request.body, actorOf(request)),
  );

  // ---------- books ----------
  app.get(
    '/books',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The cash or bank book of a month with running balances',
        querystring: BookQuery,
        response: { 200: Book, ...errors },
      },
    },
    async (request) => books.book(userOf(request), request.query),
  );
  app.get(
    '/books/export',
    {
      config: READ,
      schema: { tags, summary: 'The cash or bank book of a month as Excel', querystring: BookQuery, produces: XLSX },
    },
    async (request, reply) => {
      const book = await books.book(userOf(request), request.query);
      const lang = requestLang(request);
      const cash = book.kind === 'CASH';
      const opening: BookRow = {
        voucherId: 0,
        date: `${book.month}-01`,
        number: '',
        type: cash ? 'BKM' : 'BBM',
        moneyAccount: '',
        account: '',
        description: lang === 'en' ? 'Opening balance' : 'Saldo awal',
        debit: 0,
        credit: 0,
        balance: book.opening,
      };
      const heading = {
        lang,
        sheet: { id: cash ? 'Buku Kas' : 'Buku Bank', en: cash ? 'Cash Book' : 'Bank Book' },
        title: {
          id: `${cash ? 'Buku Kas' : 'Buku Bank'} ${longMonth(book.month, 'id')}`,
          en: `${cash ? 'Cash Book' : 'Bank Book'}, ${longMonth(book.month, 'en')}`,
        },
        filters: [[lang === 'en' ? 'Month' : 'Bulan', longMonth(book.month, lang)]] as const,
      };
      const name = `${cash ? 'buku-kas' : 'buku-bank'}-${book.month}`;
      return sendXlsx(reply, name, await toXlsx(heading, BOOK_COLUMNS, [opening, ...book.lines]));
    },
  );

  // ---------- month closing ----------
  app.get(
    '/closings',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The closed months of a unit',
        querystring: FinanceUnitQuery,
        response: { 200: MonthClosingList, ...errors },
      },
    },
    async (request) => books.closings(userOf(request), request.query),
  );
  app.post(
    '/closings',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Close a month: no voucher may be dated in it',
        body: CloseMonthInput,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => books.closeMonth(userOf(request), request.body, actorOf(request)),
  );
  app.post(
    '/closings/reopen',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Reopen a closed month (ADMIN only, with a reason)',
        body: ReopenMonthInput,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => books.reopenMonth(userOf(request), request.body, actorOf(request)),
  );
};
