import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { ErrorBody, pageOf, type AuthUser, type Lang, type Page, type PageQuery, type Permission } from '@mms/shared';
import { requestLang, type Bilingual } from './lang.ts';
import { userOf } from './scope.ts';
import { collectAll, sendXlsx, toXlsx, type XlsxColumn, type XlsxHeading } from './xlsx.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const XLSX = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];

/** A list's Excel paper: the file's name (without date and extension), the sheet, the title and the columns. */
export interface ListPaper<T, Query> {
  file: string;
  sheet: Bilingual;
  title: Bilingual;
  columns: XlsxColumn<T>[];
  /** the "Filter:" line: the filters asked, as label and value in the reader's language */
  filters: (lang: Lang, query: Query) => XlsxHeading['filters'];
}

/** One list screen's two routes: the paged list and its Excel export with the same filters and permission. */
export interface ListWithExportRoutes<Q extends z.ZodType<PageQuery>, I extends z.ZodType> {
  /** the list's path under the plugin's prefix; the export is `<path>/export` */
  path: string;
  /** the permission of both routes */
  access: Permission;
  tags: string[];
  summary: string;
  exportSummary: string;
  /** the filters and paging (a `PageQuery.extend(...)`) */
  querystring: Q;
  item: I;
  /** the one query of both routes: its access rules and filters are the export's too */
  list(user: AuthUser, query: z.infer<Q>): Promise<Page<z.infer<I>>>;
  paper: ListPaper<z.infer<I>, z.infer<Q>>;
}

/**
 * Declares `GET <path>` (a page of the list) and `GET <path>/export` (every page of it through the same `list`, as
 * an Excel file headed by the title, the filters asked and the date; at most `EXPORT_MAX_ROWS` rows).
 */
export function listWithExportRoutes<Q extends z.ZodType<PageQuery>, I extends z.ZodType>(
  app: FastifyInstance,
  spec: ListWithExportRoutes<Q, I>,
): void {
  const config = { access: spec.access };
  // the schemas are zod's (the app's validator and serializer); the generic handlers read the parsed query
  app.get(
    spec.path,
    {
      config,
      schema: {
        tags: spec.tags,
        summary: spec.summary,
        querystring: spec.querystring,
        response: { 200: pageOf(spec.item), ...errors },
      },
    },
    async (request) => spec.list(userOf(request), request.query as z.infer<Q>),
  );
  app.get(
    `${spec.path}/export`,
    {
      config,
      schema: { tags: spec.tags, summary: spec.exportSummary, querystring: spec.querystring, produces: XLSX },
    },
    async (request, reply) => {
      const user = userOf(request);
      const query = request.query as z.infer<Q>;
      const rows = await collectAll((page, pageSize) => spec.list(user, { ...query, page, pageSize }));
      const lang = requestLang(request);
      const { paper } = spec;
      const heading = { lang, sheet: paper.sheet, title: paper.title, filters: paper.filters(lang, query) };
      return sendXlsx(reply, paper.file, await toXlsx(heading, paper.columns, rows));
    },
  );
}
