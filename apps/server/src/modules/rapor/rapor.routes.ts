import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBody,
  Rapor,
  RaporClass,
  RaporClasses,
  RaporClassesQuery,
  RaporClassParams,
  RaporQuery,
  RaporStudentParams,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { requestLang } from '../../lib/lang.ts';
import { userOf } from '../../lib/scope.ts';
import { raporPdf } from './rapor.pdf.ts';
import { createRaporService } from './rapor.service.ts';
import { raporWorkflowRoutes } from './rapor-workflow.routes.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['rapor'];
const pdf = z.unknown().describe('The rapor as a PDF');

/** A file name safe in the header: letters, digits and dashes. */
const fileName = (text: string) => text.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'rapor';

/**
 * The report card (rapor) under /api/v1/rapor (issue 40 §2), read-only: the data of a student, their PDF, and the
 * PDF of a whole class (in the class list's order). Row rules: rapor.access.ts through the access service.
 */
export const raporRoutes: FastifyPluginAsyncZod<{ db: Database; dataDir: string }> = async (app, { db, dataDir }) => {
  const rapor = createRaporService(db, dataDir);
  // the workflow (submit, board, notes, lock, reopen, publish, the student's own): rapor-workflow.routes.ts
  await app.register(raporWorkflowRoutes, { db, dataDir });
  app.get(
    '/classes',
    {
      config: { access: 'rapor.read' },
      schema: {
        tags,
        summary: 'The classes of a school year (the active one when none is asked) whose rapors the caller may open',
        querystring: RaporClassesQuery,
        response: { 200: RaporClasses, ...errors },
      },
    },
    async (request) => rapor.classes(userOf(request), request.query),
  );
  app.get(
    '/classes/:classGroupId',
    {
      config: { access: 'rapor.read' },
      schema: {
        tags,
        summary: 'The students of a class whose rapors the caller may open, in order',
        params: RaporClassParams,
        querystring: RaporQuery,
        response: { 200: RaporClass, ...errors },
      },
    },
    async (request) => rapor.classList(userOf(request), request.params.classGroupId, request.query),
  );
  app.get(
    '/students/:studentId',
    {
      config: { access: 'rapor.read' },
      schema: {
        tags,
        summary: 'The rapor of a student and semester: identity, scores, P5, attendance, the pesantren page',
        params: RaporStudentParams,
        querystring: RaporQuery,
        response: { 200: Rapor, ...errors },
      },
    },
    async (request) => (await rapor.ofStudent(userOf(request), request.params.studentId, request.query)).rapor,
  );
  app.get(
    '/students/:studentId/pdf',
    {
      config: { access: 'rapor.read' },
      schema: {
        tags,
        summary: 'The rapor of a student as a PDF (in the caller’s language)',
        params: RaporStudentParams,
        querystring: RaporQuery,
        response: { 200: pdf, ...errors },
      },
    },
    async (request, reply) => {
      const { rapor: r, logo } = await rapor.ofStudent(userOf(request), request.params.studentId, request.query);
      const stream = await raporPdf([r], requestLang(request), logo);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="rapor-${fileName(r.student.nis)}-${r.semester}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
  app.get(
    '/classes/:classGroupId/pdf',
    {
      config: { access: 'rapor.read' },
      schema: {
        tags,
        summary: 'The rapors of every student of a class as one PDF, each student from a new page',
        params: RaporClassParams,
        querystring: RaporQuery,
        response: { 200: pdf, ...errors },
      },
    },
    async (request, reply) => {
      const c = await rapor.ofClass(userOf(request), request.params.classGroupId, request.query);
      const stream = await raporPdf(c.rapors(), requestLang(request), c.logo);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="rapor-${fileName(c.classGroup.name)}-${c.semester}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
};
