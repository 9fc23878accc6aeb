import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AnswerInput,
  AnswerSaved,
  ErrorBody,
  IdParams,
  Instrument,
  InstrumentAttemptParams,
  InstrumentClassSummary,
  InstrumentCreateInput,
  InstrumentDefinitionInput,
  InstrumentImportQuery,
  InstrumentImportResult,
  InstrumentList,
  InstrumentMetaInput,
  InstrumentPreview,
  InstrumentProfileBody,
  InstrumentResult,
  InstrumentResultsQuery,
  InstrumentWindow,
  InstrumentWindowInput,
  InstrumentWindowList,
  InstrumentsQuery,
  MyInstruments,
  MyInstrumentsQuery,
  OkResponse,
  PlayAttempt,
  ReopenInput,
  WindowParams,
  pageOf,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import { excelImportRoutes } from '../../lib/excel-import-routes.ts';
import { requestLang } from '../../lib/lang.ts';
import { userOf } from '../../lib/scope.ts';
import { sendXlsx, toXlsx, type XlsxColumn } from '../../lib/xlsx.ts';
import { createItemImportService } from './item-import.service.ts';
import { createInstrumentService } from './instruments.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['instruments'];
const ResultFilters = InstrumentResultsQuery.omit({ page: true, pageSize: true });

/**
 * Counselling instruments (tes minat & kepribadian) under /api/v1/instruments: BPBK of the unit edits them, opens
 * windows and reads results (the principal reads); a student answers the windows of their class under /my.
 */
export const instrumentRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const instruments = createInstrumentService(db);
  const imports = createItemImportService(db, instruments);

  app.get(
    '/',
    {
      config: { access: 'counselling.read' },
      schema: {
        tags,
        summary: 'The instruments of the unit (of a kind)',
        querystring: InstrumentsQuery,
        response: { 200: InstrumentList, ...errors },
      },
    },
    async (request) => instruments.list(userOf(request), request.query),
  );
  app.post(
    '/',
    {
      config: { access: 'counselling.manage' },
      schema: {
        tags,
        summary: 'Create the unit’s instrument of a kind, empty or with the items MMS ships for it',
        body: InstrumentCreateInput,
        response: { 200: Instrument, ...errors },
      },
    },
    async (request) => instruments.create(userOf(request), request.body, actorOf(request)),
  );
  app.get(
    '/:id',
    {
      config: { access: 'counselling.read' },
      schema: {
        tags,
        summary: 'An instrument with its scales and items',
        params: IdParams,
        response: { 200: Instrument, ...errors },
      },
    },
    async (request) => instruments.get(userOf(request), request.params.id),
  );
  app.get(
    '/:id/preview',
    {
      config: { access: 'counselling.manage' },
      schema: {
        tags,
        summary: 'The instrument as a student answers it, for its unit’s counsellor to try (no attempt is recorded)',
        params: IdParams,
        response: { 200: InstrumentPreview, ...errors },
      },
    },
    async (request) => instruments.preview(userOf(request), request.params.id),
  );
  app.patch(
    '/:id',
    {
      config: { access: 'counselling.manage' },
      schema: {
        tags,
        summary: 'Change an instrument’s name, texts, source and licence',
        params: IdParams,
        body: InstrumentMetaInput,
        response: { 200: Instrument, ...errors },
      },
    },
    async (request) => instruments.updateMeta(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.put(
    '/:id/definition',
    {
      config: { access: 'counselling.manage' },
      schema: {
        tags,
        summary: 'Save all scales and items as a new version (refused while a window is open)',
        params: IdParams,
        body: InstrumentDefinitionInput,
        response: { 200: Instrument, ...errors },
      },
    },
    async (request) => instruments.saveDefinition(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.delete(
    '/:id',
    {
      config: { access: 'counselling.manage' },
      schema: {
        tags,
        summary: 'Remove an instrument nobody answered',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => instruments.remove(userOf(request), request.params.id, actorOf(request)),
  );

  app.get(
    '/:id/windows',
    {
      config: { access: 'counselling.read' },
      schema: {
        tags,
        summary: 'The windows of an instrument',
        params: IdParams,
        response: { 200: InstrumentWindowList, ...errors },
      },
    },
    async (request) => instruments.listWindows(userOf(request), request.params.id),
  );
  app.post(
    '/:id/windows',
    {
      config: { access: 'counselling.manage' },
      schema: {
        tags,
        summary: 'Open a window (dates, classes or grades of the unit) in the active school year',
        params: IdParams,
        body: InstrumentWindowInput,
        response: { 200: InstrumentWindow, ...errors },
      },
    },
    async (request) => instruments.createWindow(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.patch(
    '/windows/:windowId',
    {
      config: { access: 'counselling.manage' },
      schema: {
        tags,
        summary: 'Change a window’s dates, classes or grades',
        params: WindowParams,
        body: InstrumentWindowInput,
        response: { 200: InstrumentWindow, ...errors },
      },
    },
    async (request) =>
      instruments.updateWindow(userOf(request), request.params.windowId, request.body, actorOf(request)),
  );
  app.delete(
    '/windows/:windowId',
    {
      config: { access: 'counselling.manage' },
      schema: {
        tags,
        summary: 'Remove a window nobody answered',
        params: WindowParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => instruments.removeWindow(userOf(request), request.params.windowId, actorOf(request)),
  );
  app.post(
    '/windows/:windowId/reopen',
    {
      config: { access: 'counselling.manage' },
      schema: {
        tags,
        summary: 'Let a student who submitted answer the window again (a new attempt; audited with the reason)',
        params: WindowParams,
        body: ReopenInput,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => instruments.reopen(userOf(request), request.params.windowId, request.body, actorOf(request)),
  );

  app.get(
    '/:id/results',
    {
      config: { access: 'counselling.read' },
      schema: {
        tags,
        summary: 'Each student’s latest result in a school year (default the active one), by class or grade',
        params: IdParams,
        querystring: InstrumentResultsQuery,
        response: { 200: pageOf(InstrumentResult), ...errors },
      },
    },
    async (request) => instruments.listResults(userOf(request), request.params.id, request.query),
  );
  app.get(
    '/:id/summary',
    {
      config: { access: 'counselling.read' },
      schema: {
        tags,
        summary: 'The class or grade summary: mean per scale, how often each scale is a top scale',
        params: IdParams,
        querystring: ResultFilters,
        response: { 200: InstrumentClassSummary, ...errors },
      },
    },
    async (request) => instruments.summary(userOf(request), request.params.id, request.query),
  );
  app.get(
    '/:id/results/export',
    {
      config: { access: 'counselling.read' },
      schema: {
        tags,
        summary: 'The results as an Excel workbook (the same filters as the list)',
        params: IdParams,
        querystring: ResultFilters,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: { 200: z.unknown().describe('The workbook'), ...errors },
      },
    },
    async (request, reply) => {
      const { instrument, scales, rows } = await instruments.exportResults(
        userOf(request),
        request.params.id,
        request.query,
      );
      const lang = requestLang(request);
      type Row = (typeof rows)[number];
      const columns: XlsxColumn<Row>[] = [
        { header: { id: 'NIS', en: 'NIS' }, value: (r) => r.nis },
        { header: { id: 'Nama', en: 'Name' }, value: (r) => r.studentName, width: 28 },
        { header: { id: 'Kelas', en: 'Class' }, value: (r) => r.className },
        { header: { id: 'Tahun pelajaran', en: 'School year' }, value: (r) => r.academicYearName },
        ...scales.flatMap((s): XlsxColumn<Row>[] => [
          { header: { id: s.code, en: s.code }, value: (r) => r.profile.scales.find((p) => p.code === s.code)?.score },
          {
            header: { id: `${s.code} kategori`, en: `${s.code} band` },
            value: (r) => r.profile.scales.find((p) => p.code === s.code)?.band?.label,
          },
        ]),
        { header: { id: 'Skala teratas', en: 'Top scales' }, value: (r) => r.profile.top.join(', ') },
      ];
      const heading = {
        lang,
        sheet: { id: 'Hasil', en: 'Results' },
        title: { id: `Hasil ${instrument.name}`, en: `Results of ${instrument.name}` },
        filters: [[lang === 'en' ? 'Unit' : 'Unit', instrument.unitName]] as const,
      };
      return sendXlsx(reply, `hasil-${instrument.kind}`, await toXlsx(heading, columns, rows));
    },
  );

  excelImportRoutes(app, {
    path: '/items-import',
    access: 'counselling.manage',
    tags,
    templateName: 'template-impor-butir',
    templateSummary: 'The Excel template of the item import, filled with the instrument’s current items',
    templateQuery: InstrumentImportQuery,
    template: (user, query) => imports.template(user, query.instrumentId),
    summary: 'Replace an instrument’s items from the Excel template',
    querystring: InstrumentImportQuery,
    result: InstrumentImportResult,
    run: (user, query, file, actor) => imports.importItems(user, query.instrumentId, file, actor),
  });

  // ---- the student ----
  app.get(
    '/my',
    {
      config: { access: 'counselling.self' },
      schema: {
        tags,
        summary: 'The student’s open windows of a kind and their own results (all school years)',
        querystring: MyInstrumentsQuery,
        response: { 200: MyInstruments, ...errors },
      },
    },
    async (request) => instruments.mine(userOf(request), request.query.kind),
  );
  app.post(
    '/my/windows/:windowId/attempt',
    {
      config: { access: 'counselling.self' },
      schema: {
        tags,
        summary: 'Start answering a window of the student’s class, or resume the attempt in progress',
        params: WindowParams,
        response: { 200: PlayAttempt, ...errors },
      },
    },
    async (request) => instruments.start(userOf(request), request.params.windowId),
  );
  app.put(
    '/my/attempts/:attemptId/answers',
    {
      config: { access: 'counselling.self' },
      schema: {
        tags,
        summary: 'Save one answer (autosave; saving it again changes nothing)',
        params: InstrumentAttemptParams,
        body: AnswerInput,
        response: { 200: AnswerSaved, ...errors },
      },
    },
    async (request) => instruments.saveAnswer(userOf(request), request.params.attemptId, request.body),
  );
  app.post(
    '/my/attempts/:attemptId/submit',
    {
      config: { access: 'counselling.self' },
      schema: {
        tags,
        summary: 'Submit the attempt (every item answered); answers the profile',
        params: InstrumentAttemptParams,
        response: { 200: InstrumentProfileBody, ...errors },
      },
    },
    async (request) => instruments.submit(userOf(request), request.params.attemptId, actorOf(request)),
  );
};
