import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CounsellingNote,
  CounsellingNoteInput,
  CounsellingNotesQuery,
  CounsellingNoteSummary,
  CounsellingReport,
  CounsellingReportQuery,
  CounsellingStatusList,
  CounsellingStatusQuery,
  ErrorBody,
  IdParams,
  OkResponse,
  Psychotest,
  PSYCHOTEST_ATTACHMENT_MAX_BYTES,
  PsychotestInput,
  PsychotestsQuery,
  PsychotestSummary,
  StudentCounsellingNotes,
  StudentPsychotests,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import { userOf } from '../../lib/scope.ts';
import { listWithExportRoutes } from '../../lib/list-routes.ts';
import { NOTE_PAPER, PSYCHOTEST_PAPER } from './counselling-export.ts';
import { createCounsellingService } from './counselling.service.ts';
import { createPsychotestService } from './psychotest.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['counselling'];
/** lists of metadata: BPBK, the principal and ADMIN */
const READ = { access: 'counselling.read' } as const;
/** content: BPBK and the principal of the unit; every read audited */
const CONTENT = { access: 'counselling.confidential' } as const;
/** writes: declared for BPBK and ADMIN; the service lets only a holder of the content permission (BPBK) write */
const WRITE = { access: 'counselling.manage' } as const;
const SELF = { access: 'counselling.self' } as const;

/** Counselling notes, psychological tests and the BK report under /api/v1/counselling (issue 14). */
export const counsellingRoutes: FastifyPluginAsyncZod<{ db: Database; dataDir: string }> = async (
  app,
  { db, dataDir },
) => {
  const notes = createCounsellingService(db);
  const tests = createPsychotestService(db, dataDir);

  // ---------- counselling notes ----------
  listWithExportRoutes(app, {
    path: '/notes',
    ...READ,
    tags,
    summary: 'Counselling notes of the unit, newest first: metadata only, never the content',
    exportSummary: 'The note list as an Excel file (same filters and access as the list; no content for anyone)',
    querystring: CounsellingNotesQuery,
    item: CounsellingNoteSummary,
    list: notes.list,
    paper: NOTE_PAPER,
  });
  app.get(
    '/notes/:id',
    {
      config: CONTENT,
      schema: {
        tags,
        summary: 'A note with its content (BPBK and the principal of its unit); the read is audited',
        params: IdParams,
        response: { 200: CounsellingNote, ...errors },
      },
    },
    async (request) => notes.get(userOf(request), request.params.id, actorOf(request)),
  );
  app.post(
    '/notes',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Write a counselling note (the signed-in BPBK is its counsellor)',
        body: CounsellingNoteInput,
        response: { 200: CounsellingNoteSummary, ...errors },
      },
    },
    async (request) => notes.create(userOf(request), request.body, actorOf(request)),
  );
  app.put(
    '/notes/:id',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Change a note; its status only moves forward',
        params: IdParams,
        body: CounsellingNoteInput,
        response: { 200: CounsellingNoteSummary, ...errors },
      },
    },
    async (request) => notes.update(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.delete(
    '/notes/:id',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Delete a note (kept, hidden)',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => notes.remove(userOf(request), request.params.id, actorOf(request)),
  );
  app.get(
    '/status',
    {
      config: { access: 'counselling.status' },
      schema: {
        tags,
        summary: 'That a student has counselling cases, their dates, kinds and statuses (the homeroom teacher’s view)',
        querystring: CounsellingStatusQuery,
        response: { 200: CounsellingStatusList, ...errors },
      },
    },
    async (request) => notes.status(userOf(request), request.query.studentId),
  );
  app.get(
    '/me/notes',
    {
      config: SELF,
      schema: {
        tags,
        summary: 'The signed-in student’s notes that were shared with them: the summary only',
        response: { 200: StudentCounsellingNotes, ...errors },
      },
    },
    async (request) => notes.mine(userOf(request)),
  );
  app.get(
    '/report',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Laporan BK: counts by kind, topic area, status and class, and tests by instrument (no content)',
        querystring: CounsellingReportQuery,
        response: { 200: CounsellingReport, ...errors },
      },
    },
    async (request) => notes.report(userOf(request), request.query),
  );

  // ---------- psychological tests ----------
  listWithExportRoutes(app, {
    path: '/psychotests',
    ...READ,
    tags,
    summary: 'Psychological test results of the unit: metadata only',
    exportSummary: 'The test result list as an Excel file (no scores or reading)',
    querystring: PsychotestsQuery,
    item: PsychotestSummary,
    list: tests.list,
    paper: PSYCHOTEST_PAPER,
  });
  app.get(
    '/psychotests/:id',
    {
      config: CONTENT,
      schema: {
        tags,
        summary: 'A result with its scores and reading (BPBK and the principal of its unit); the read is audited',
        params: IdParams,
        response: { 200: Psychotest, ...errors },
      },
    },
    async (request) => tests.get(userOf(request), request.params.id, actorOf(request)),
  );
  app.post(
    '/psychotests',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Enter a psychological test result',
        body: PsychotestInput,
        response: { 200: PsychotestSummary, ...errors },
      },
    },
    async (request) => tests.create(userOf(request), request.body, actorOf(request)),
  );
  app.put(
    '/psychotests/:id',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Change a psychological test result',
        params: IdParams,
        body: PsychotestInput,
        response: { 200: PsychotestSummary, ...errors },
      },
    },
    async (request) => tests.update(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.delete(
    '/psychotests/:id',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Delete a result (kept, hidden)',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => tests.remove(userOf(request), request.params.id, actorOf(request)),
  );
  app.post(
    '/psychotests/:id/attachment',
    {
      config: WRITE,
      schema: {
        tags,
        summary:
          'Attach the report file (multipart field "file": JPG, PNG or PDF, at most 5 MB); replaces the one before',
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: PsychotestSummary, 413: ErrorBody, ...errors },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest('Kirim berkas sebagai multipart/form-data', { file: 'Wajib' });
      const part = await request.file({ limits: { fileSize: PSYCHOTEST_ATTACHMENT_MAX_BYTES } });
      const data = part ? await part.toBuffer() : null;
      if (!part || !data?.length) throw badRequest('Berkas wajib dipilih', { file: 'Wajib' });
      return tests.attach(userOf(request), request.params.id, { name: part.filename, data }, actorOf(request));
    },
  );
  app.get(
    '/psychotests/:id/attachment',
    {
      config: CONTENT,
      schema: {
        tags,
        summary: 'Download the report file (BPBK and the principal of the unit); the download is audited',
        params: IdParams,
        response: { 200: z.unknown().describe('The file'), ...errors },
      },
    },
    async (request, reply) => {
      const file = await tests.attachment(userOf(request), request.params.id, actorOf(request));
      const ascii = file.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      return reply
        .header('content-type', file.mime)
        .header(
          'content-disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
  );
  app.delete(
    '/psychotests/:id/attachment',
    {
      config: WRITE,
      schema: {
        tags,
        summary: 'Remove the report file',
        params: IdParams,
        response: { 200: PsychotestSummary, ...errors },
      },
    },
    async (request) => tests.detach(userOf(request), request.params.id, actorOf(request)),
  );
  app.get(
    '/me/psychotests',
    {
      config: SELF,
      schema: {
        tags,
        summary: 'The signed-in student’s results that were shared with them (scores and reading, no file)',
        response: { 200: StudentPsychotests, ...errors },
      },
    },
    async (request) => tests.mine(userOf(request)),
  );
};
