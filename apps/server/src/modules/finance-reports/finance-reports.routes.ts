import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ArrearsQuery,
  ArrearsReport,
  CollectionsQuery,
  CollectionsReport,
  DailyCashQuery,
  DailyCashReport,
  ErrorBody,
  longDate,
  longMonth,
  type ArrearsClassRow,
  type ArrearsStudentRow,
  type CollectionsRow,
  type DailyCashLine,
  type Lang,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { requestLang } from '../../lib/lang.ts';
import { userOf } from '../../lib/scope.ts';
import { sendXlsx, toXlsx, type XlsxColumn } from '../../lib/xlsx.ts';
import { createFinanceReportsService } from './finance-reports.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['finance reports'];
const READ = { access: 'finance.read' } as const;
const XLSX = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];

const AGE_COLUMNS: XlsxColumn<ArrearsClassRow | ArrearsStudentRow>[] = [
  { header: { id: '0-30 hari', en: '0-30 days' }, value: (r) => r.d0_30, width: 14 },
  { header: { id: '31-60 hari', en: '31-60 days' }, value: (r) => r.d31_60, width: 14 },
  { header: { id: '61-90 hari', en: '61-90 days' }, value: (r) => r.d61_90, width: 14 },
  { header: { id: '> 90 hari', en: '> 90 days' }, value: (r) => r.d90, width: 14 },
  { header: { id: 'Total', en: 'Total' }, value: (r) => r.total, width: 16 },
];
const noClass = (lang: Lang) => (lang === 'en' ? 'No class' : 'Tanpa kelas');
const CLASS_COLUMNS: XlsxColumn<ArrearsClassRow>[] = [
  { header: { id: 'Unit', en: 'Unit' }, value: (r) => r.unitCode, width: 8 },
  { header: { id: 'Kelas', en: 'Class' }, value: (r, lang) => r.className ?? noClass(lang), width: 14 },
  { header: { id: 'Siswa', en: 'Students' }, value: (r) => r.students, width: 10 },
  { header: { id: 'Tagihan', en: 'Bills' }, value: (r) => r.bills, width: 10 },
  ...(AGE_COLUMNS as XlsxColumn<ArrearsClassRow>[]),
];
const STUDENT_COLUMNS: XlsxColumn<ArrearsStudentRow>[] = [
  { header: { id: 'NIS', en: 'NIS' }, value: (r) => r.nis, width: 12 },
  { header: { id: 'Nama', en: 'Name' }, value: (r) => r.name, width: 28 },
  { header: { id: 'Tagihan', en: 'Bills' }, value: (r) => r.bills, width: 10 },
  { header: { id: 'Jatuh tempo tertua', en: 'Oldest due date' }, value: (r) => r.oldestDueDate, width: 16 },
  ...(AGE_COLUMNS as XlsxColumn<ArrearsStudentRow>[]),
];
type CollectionsSheetRow = CollectionsRow & { group: string };
const COLLECTION_COLUMNS: XlsxColumn<CollectionsSheetRow>[] = [
  { header: { id: 'Kelompok', en: 'Group' }, value: (r) => r.group, width: 12 },
  { header: { id: 'Uraian', en: 'Item' }, value: (r) => r.label, width: 28 },
  { header: { id: 'Tagihan', en: 'Bills' }, value: (r) => r.bills, width: 10 },
  { header: { id: 'Ditagih', en: 'Billed' }, value: (r) => r.billed, width: 16 },
  { header: { id: 'Potongan', en: 'Discount' }, value: (r) => r.discount, width: 16 },
  { header: { id: 'Dibayar', en: 'Paid' }, value: (r) => r.paid, width: 16 },
  { header: { id: 'Sisa', en: 'Outstanding' }, value: (r) => r.outstanding, width: 16 },
  { header: { id: 'Tingkat (%)', en: 'Rate (%)' }, value: (r) => r.rate, width: 12 },
];
const CASH_COLUMNS: XlsxColumn<DailyCashLine>[] = [
  { header: { id: 'Nomor', en: 'Number' }, value: (r) => r.number, width: 18 },
  { header: { id: 'Kas/Bank', en: 'Cash/Bank' }, value: (r) => r.moneyAccount, width: 20 },
  { header: { id: 'Akun', en: 'Account' }, value: (r) => r.account, width: 26 },
  { header: { id: 'Uraian', en: 'Description' }, value: (r) => r.description, width: 36 },
  { header: { id: 'Pembuat', en: 'Maker' }, value: (r) => r.makerName, width: 20 },
  { header: { id: 'Masuk', en: 'In' }, value: (r) => r.in, width: 16 },
  { header: { id: 'Keluar', en: 'Out' }, value: (r) => r.out, width: 16 },
];

/** Arrears, collections and the day's cash under /api/v1/finance-reports (issue 15), each with its Excel. */
export const financeReportsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const reports = createFinanceReportsService(db);

  app.get(
    '/arrears',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Arrears by class (and per student of a class) and age',
        querystring: ArrearsQuery,
        response: { 200: ArrearsReport, ...errors },
      },
    },
    async (request) => reports.arrears(userOf(request), request.query),
  );
  app.get(
    '/arrears/export',
    {
      config: READ,
      schema: { tags, summary: 'The arrears report as Excel', querystring: ArrearsQuery, produces: XLSX },
    },
    async (request, reply) => {
      const report = await reports.arrears(userOf(request), request.query);
      const lang = requestLang(request);
      const heading = {
        lang,
        sheet: { id: 'Tunggakan', en: 'Arrears' },
        title: { id: 'Laporan Tunggakan', en: 'Arrears Report' },
        filters: [[lang === 'en' ? 'As of' : 'Per tanggal', longDate(report.asOf, lang)]] as const,
      };
      const total = {
        ...report.totals,
        classGroupId: null,
        className: lang === 'en' ? 'Total' : 'Jumlah',
        unitCode: '',
      };
      const body =
        request.query.classGroupId === undefined
          ? await toXlsx(heading, CLASS_COLUMNS, [...report.classes, total])
          : await toXlsx(heading, STUDENT_COLUMNS, report.students);
      return sendXlsx(reply, `tunggakan-${report.asOf}`, body);
    },
  );
  app.get(
    '/collections',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Billed, discount, paid, outstanding and collection rate per component and class of a month range',
        querystring: CollectionsQuery,
        response: { 200: CollectionsReport, ...errors },
      },
    },
    async (request) => reports.collections(userOf(request), request.query),
  );
  app.get(
    '/collections/export',
    {
      config: READ,
      schema: { tags, summary: 'The collections report as Excel', querystring: CollectionsQuery, produces: XLSX },
    },
    async (request, reply) => {
      const r = await reports.collections(userOf(request), request.query);
      const lang = requestLang(request);
      const en = lang === 'en';
      const rows: CollectionsSheetRow[] = [
        ...r.byComponent.map((c) => ({ ...c, group: en ? 'Component' : 'Komponen' })),
        ...r.byClass.map((c) => ({ ...c, label: c.label || noClass(lang), group: en ? 'Class' : 'Kelas' })),
        { ...r.totals, id: null, label: en ? 'Total' : 'Jumlah', group: '' },
      ];
      const heading = {
        lang,
        sheet: { id: 'Penerimaan', en: 'Collections' },
        title: { id: 'Laporan Penerimaan', en: 'Collections Report' },
        filters: [
          [en ? 'Months' : 'Bulan', `${longMonth(r.fromMonth, lang)} - ${longMonth(r.toMonth, lang)}`],
        ] as const,
      };
      return sendXlsx(reply, `penerimaan-${r.fromMonth}-${r.toMonth}`, await toXlsx(heading, COLLECTION_COLUMNS, rows));
    },
  );
  app.get(
    '/daily-cash',
    {
      config: READ,
      schema: {
        tags,
        summary: 'The posted vouchers of a day per cash/bank account and maker, with opening and closing balances',
        querystring: DailyCashQuery,
        response: { 200: DailyCashReport, ...errors },
      },
    },
    async (request) => reports.dailyCash(userOf(request), request.query),
  );
  app.get(
    '/daily-cash/export',
    {
      config: READ,
      schema: { tags, summary: 'The daily cash report as Excel', querystring: DailyCashQuery, produces: XLSX },
    },
    async (request, reply) => {
      const r = await reports.dailyCash(userOf(request), request.query);
      const lang = requestLang(request);
      const heading = {
        lang,
        sheet: { id: 'Kas Harian', en: 'Daily Cash' },
        title: { id: 'Laporan Kas Harian', en: 'Daily Cash Report' },
        filters: [
          [lang === 'en' ? 'Date' : 'Tanggal', longDate(r.date, lang)],
          [lang === 'en' ? 'Opening' : 'Saldo awal', String(r.totals.opening)],
          [lang === 'en' ? 'Closing' : 'Saldo akhir', String(r.totals.closing)],
        ] as const,
      };
      return sendXlsx(reply, `kas-harian-${r.date}`, await toXlsx(heading, CASH_COLUMNS, r.lines));
    },
  );
};
