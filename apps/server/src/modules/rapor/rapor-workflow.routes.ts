import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBody,
  MyRaporQuery,
  MyRapors,
  MyRaporSubjects,
  RaporBoard,
  RaporNoteInput,
  RaporNoteParams,
  RaporOk,
  RaporQuery,
  RaporRemindInput,
  RaporRemindResult,
  RaporReopenInput,
  RaporSemesterInput,
  RaporSubmitInput,
  RaporWorkflowParams,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import { requestLang } from '../../lib/lang.ts';
import { userOf } from '../../lib/scope.ts';
import { sendXlsx } from '../../lib/xlsx.ts';
import { raporBoardXlsx } from './rapor-board.xlsx.ts';
import { raporPdf } from './rapor.pdf.ts';
import { createRaporWorkflowService } from './rapor-workflow.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['rapor'];
const XLSX = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];

/**
 * The rapor workflow under /api/v1/rapor (issue 40 §3): the completeness board, submit, remind, the homeroom's
 * notes, lock, reopen, publish, and the student's own published rapors ("Rapor saya"). Row rules: rapor.access.ts.
 */
export const raporWorkflowRoutes: FastifyPluginAsyncZod<{ db: Database; dataDir: string }> = async (
  app,
  { db, dataDir },
) => {
  const flow = createRaporWorkflowService(db, dataDir);
  const write = (summary: string, body: z.ZodType, response: z.ZodType = RaporOk) => ({
    tags,
    summary,
    params: RaporWorkflowParams,
    body,
    response: { 200: response, ...errors },
  });

  app.get(
    '/classes/:classGroupId/board',
    {
      config: { access: 'rapor.read' },
      schema: {
        tags,
        summary: 'The completeness board of a class and semester: per subject its teacher, submitted, what is missing',
        params: RaporWorkflowParams,
        querystring: RaporQuery,
        response: { 200: RaporBoard, ...errors },
      },
    },
    async (request) => flow.board(userOf(request), request.params.classGroupId, request.query),
  );
  app.get(
    '/classes/:classGroupId/board/export',
    {
      config: { access: 'rapor.read' },
      schema: {
        tags,
        summary: 'The completeness board as an Excel file (sheets Kelengkapan and Siswa), with the board’s access rule',
        params: RaporWorkflowParams,
        querystring: RaporQuery,
        produces: XLSX,
      },
    },
    async (request, reply) => {
      const board = await flow.board(userOf(request), request.params.classGroupId, request.query);
      const name = `kelengkapan-rapor-${board.classGroup.name}-${board.semester}`.replace(/[^A-Za-z0-9-]/g, '');
      return sendXlsx(reply, name, await raporBoardXlsx(board, requestLang(request)));
    },
  );
  app.post(
    '/classes/:classGroupId/submit',
    {
      config: { access: 'rapor.submit' },
      schema: write('The subject teacher submits their subject', RaporSubmitInput),
    },
    async (request) =>
      flow.submit(userOf(request), request.params.classGroupId, request.body as RaporSubmitInput, actorOf(request)),
  );
  app.post(
    '/classes/:classGroupId/remind',
    {
      config: { access: 'rapor.read' },
      schema: write('A reminder to a subject teacher (notification outbox)', RaporRemindInput, RaporRemindResult),
    },
    async (request) =>
      flow.remind(userOf(request), request.params.classGroupId, request.body as RaporRemindInput, actorOf(request)),
  );
  app.put(
    '/classes/:classGroupId/notes/:studentId',
    {
      config: { access: 'rapor.note' },
      schema: {
        tags,
        summary: 'The homeroom’s note on a student’s rapor',
        params: RaporNoteParams,
        body: RaporNoteInput,
        response: { 200: RaporOk, ...errors },
      },
    },
    async (request) =>
      flow.saveNote(
        userOf(request),
        request.params.classGroupId,
        request.params.studentId,
        request.body,
        actorOf(request),
      ),
  );
  app.post(
    '/classes/:classGroupId/lock',
    {
      config: { access: 'rapor.lock' },
      schema: write('Lock the class’s rapors (complete board only)', RaporSemesterInput),
    },
    async (request) =>
      flow.lock(userOf(request), request.params.classGroupId, request.body as RaporSemesterInput, actorOf(request)),
  );
  app.post(
    '/classes/:classGroupId/reopen',
    {
      config: { access: 'rapor.lock' },
      schema: write('Reopen one student’s subject on a locked rapor, keeping the earlier version', RaporReopenInput),
    },
    async (request) =>
      flow.reopen(userOf(request), request.params.classGroupId, request.body as RaporReopenInput, actorOf(request)),
  );
  app.post(
    '/classes/:classGroupId/publish',
    {
      config: { access: 'rapor.lock' },
      schema: write('Publish the locked rapors to the students', RaporSemesterInput),
    },
    async (request) =>
      flow.publish(userOf(request), request.params.classGroupId, request.body as RaporSemesterInput, actorOf(request)),
  );
  app.get(
    '/my-subjects',
    {
      config: { access: 'rapor.submit' },
      schema: {
        tags,
        summary: 'The caller’s own class-subjects of the active year, each with its rapor submission',
        querystring: MyRaporQuery,
        response: { 200: MyRaporSubjects, ...errors },
      },
    },
    async (request) => flow.mySubjects(userOf(request), request.query.semester),
  );
  app.get(
    '/mine',
    {
      config: { access: 'rapor.self' },
      schema: { tags, summary: 'The signed-in student’s published rapors', response: { 200: MyRapors, ...errors } },
    },
    async (request) => flow.mine(userOf(request)),
  );
  app.get(
    '/mine/pdf',
    {
      config: { access: 'rapor.self' },
      schema: {
        tags,
        summary: 'The signed-in student’s published rapor of a semester as a PDF (the first read marks it seen)',
        querystring: MyRaporQuery,
        response: { 200: z.unknown().describe('The rapor as a PDF'), ...errors },
      },
    },
    async (request, reply) => {
      const { rapor, logo } = await flow.myRapor(userOf(request), request.query.semester);
      const stream = await raporPdf([rapor], requestLang(request), logo);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="rapor-${rapor.semester}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
};
