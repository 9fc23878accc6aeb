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
  type AuthUser,
  type ArrearsStudentRow,
  type CollectionsRow,
  type DailyCashLine,
  type Lang,
} from '@mms/shared';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { requestLang } from '../../lib/lang.ts';
import { userOf } from '../../lib/scope.ts';
import { sendXlsx, toXlsx, type XlsxColumn, type XlsxHeading } from '../../lib/xlsx.ts';
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

/** What a report's Excel holds: the file's name, the heading above the table, its columns and rows. */
interface Sheet<Row> {
  file: string;
  sheet: XlsxHeading['sheet'];
  title: XlsxHeading['title'];
  filters: XlsxHeading['filters'];
  columns: XlsxColumn<Row>[];
  rows: Row[];
}
/** Keeps a sheet's columns and rows of one row type (the helper below takes any). */
const sheetOf = <Row>(s: Sheet<Row>) => s as Sheet<unknown>;

/** Arrears, collections and the day's cash under /api/v1/finance-reports (issue 15), each with its Excel. */
export const financeReportsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const reports = createFinanceReportsService(db);

  /**
   * A report at `path` (finance.read) and its Excel at `path/export`: the same query, the same service call (so
   * the same access rules), then `sheet` says what the paper holds in the reader's language.
   */
  function report<Q extends z.ZodType, R>(
    path: string,
    spec: {
      summary: string;
      exportSummary: string;
      querystring: Q;
      response: z.ZodType<R>;
      run: (user: AuthUser, query: z.infer<Q>) => Promise<R>;
      sheet: (result: R, lang: Lang, query: z.infer<Q>) => Sheet<unknown>;
    },
  ) {
    // widened: the serializer checks the answer against `response` (a generic R cannot be matched statically)
    const querystring: z.ZodType = spec.querystring;
    const response: z.ZodType = spec.response;
    app.get(
      path,
      { config: READ, schema: { tags, summary: spec.summary, querystring, response: { 200: response, ...errors } } },
      async (request) => spec.run(userOf(request), request.query as z.infer<Q>),
    );
    app.get(
      `${path}/export`,
      { config: READ, schema: { tags, summary: spec.exportSummary, querystring, produces: XLSX } },
      async (request, reply) => {
        const query = request.query as z.infer<Q>;
        const lang = requestLang(request);
        const s = spec.sheet(await spec.run(userOf(request), query), lang, query);
        const heading = { lang, sheet: s.sheet, title: s.title, filters: s.filters };
        return sendXlsx(reply, s.file, await toXlsx(heading, s.columns, s.rows));
      },
    );
  }

  report('/arrears', {
    summary: 'Arrears by class (and per student of a class) and age',
    exportSummary: 'The arrears report as Excel',
    querystring: ArrearsQuery,
    response: ArrearsReport,
    run: (user, query) => reports.arrears(user, query),
    sheet: (r, lang, query) => {
      const common = {
        file: `tunggakan-${r.asOf}`,
        sheet: { id: 'Tunggakan', en: 'Arrears' },
        title: { id: 'Laporan Tunggakan', en: 'Arrears Report' },
        filters: [[lang === 'en' ? 'As of' : 'Per tanggal', longDate(r.asOf, lang)]] as const,
      };
      if (query.classGroupId !== undefined) return sheetOf({ ...common, columns: STUDENT_COLUMNS, rows: r.students });
      const total = { ...r.totals, classGroupId: null, className: lang === 'en' ? 'Total' : 'Jumlah', unitCode: '' };
      return sheetOf({ ...common, columns: CLASS_COLUMNS, rows: [...r.classes, total] });
    },
  });

  report('/collections', {
    summary: 'Billed, discount, paid, outstanding and collection rate per component and class of a month range',
    exportSummary: 'The collections report as Excel',
    querystring: CollectionsQuery,
    response: CollectionsReport,
    run: (user, query) => reports.collections(user, query),
    sheet: (r, lang) => {
      const en = lang === 'en';
      const rows: CollectionsSheetRow[] = [
        ...r.byComponent.map((c) => ({ ...c, group: en ? 'Component' : 'Komponen' })),
        ...r.byClass.map((c) => ({ ...c, label: c.label || noClass(lang), group: en ? 'Class' : 'Kelas' })),
        { ...r.totals, id: null, label: en ? 'Total' : 'Jumlah', group: '' },
      ];
      return sheetOf({
        file: `penerimaan-${r.fromMonth}-${r.toMonth}`,
        sheet: { id: 'Penerimaan', en: 'Collections' },
        title: { id: 'Laporan Penerimaan', en: 'Collections Report' },
        filters: [[en ? 'Months' : 'Bulan', `${longMonth(r.fromMonth, lang)} - ${longMonth(r.toMonth, lang)}`]],
        columns: COLLECTION_COLUMNS,
        rows,
      });
    },
  });

  report('/daily-cash', {
    summary: 'The posted vouchers of a day per cash/bank account and maker, with opening and closing balances',
    exportSummary: 'The daily cash report as Excel',
    querystring: DailyCashQuery,
    response: DailyCashReport,
    run: (user, query) => reports.dailyCash(user, query),
    sheet: (r, lang) =>
      sheetOf({
        file: `kas-harian-${r.date}`,
        sheet: { id: 'Kas Harian', en: 'Daily Cash' },
        title: { id: 'Laporan Kas Harian', en: 'Daily Cash Report' },
        filters: [
          [lang === 'en' ? 'Date' : 'Tanggal', longDate(r.date, lang)],
          [lang === 'en' ? 'Opening' : 'Saldo awal', String(r.totals.opening)],
          [lang === 'en' ? 'Closing' : 'Saldo akhir', String(r.totals.closing)],
        ],
        columns: CASH_COLUMNS,
        rows: r.lines,
      }),
  });
};
