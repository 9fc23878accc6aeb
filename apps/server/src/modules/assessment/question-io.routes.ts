import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, QuestionImage, QuestionImportQuery, QuestionImportResult, QuestionsQuery } from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import { uploadedWorkbook } from '../../lib/excel-import-routes.ts';
import { clock } from '../../lib/clock.ts';
import { badRequest } from '../../lib/errors.ts';
import { userOf } from '../../lib/scope.ts';
import { sendXlsx } from '../../lib/xlsx.ts';
import { createQuestionIoService } from './question-io.service.ts';
import { createQuestionService } from './question.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody, 422: ErrorBody };
const tags = ['questions'];
const ImageParams = z.object({ name: z.string().regex(/^[a-f0-9]{32}$/, 'Nama gambar tidak valid') });
const importSummary =
  'every question is checked first; all problems are answered by question number and field, and nothing is saved unless all are good';

/** The one `file` part of the editor's picture upload (413 beyond the upload limit, see `app.ts`). */
async function uploadedImage(request: FastifyRequest): Promise<Buffer> {
  const file = request.isMultipart() ? await request.file() : undefined;
  if (!file || file.fieldname !== 'file')
    throw badRequest('Kirim gambar di kolom "file" (multipart)', { file: 'Wajib' });
  return file.toBuffer();
}

/**
 * Import, export and templates of the question bank (issue 12) under /api/v1/questions, beside the bank's own
 * routes; every route is the bank's ('assessment.author'), the service checks the subject and grade.
 */
export const questionIoRoutes: FastifyPluginAsyncZod<{ db: Database; dataDir: string }> = async (
  app,
  { db, dataDir },
) => {
  const io = createQuestionIoService(db, dataDir, createQuestionService(db));
  const access = 'assessment.author' as const;

  app.get(
    '/template/xlsx',
    { config: { access }, schema: { tags, summary: 'The Excel template of the question import' } },
    async (_request, reply) => sendXlsx(reply, 'template-impor-soal', await io.xlsxTemplate()),
  );
  app.get(
    '/template/docx',
    { config: { access }, schema: { tags, summary: 'The Word template of the question import' } },
    async (_request, reply) =>
      reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')
        .header('content-disposition', `attachment; filename="template-impor-soal-${clock.today()}.docx"`)
        .header('cache-control', 'no-store')
        .send(await io.docxTemplate()),
  );
  app.get(
    '/export/xlsx',
    {
      config: { access },
      schema: {
        tags,
        summary: "The list's questions (its filters) as the import template's workbook",
        querystring: QuestionsQuery,
      },
    },
    async (request, reply) => sendXlsx(reply, 'bank-soal', await io.exportXlsx(userOf(request), request.query)),
  );
  app.post(
    '/import/xlsx',
    {
      config: { access },
      schema: {
        tags,
        summary: `Import questions from the Excel template into a subject and grade (multipart field \`file\`); ${importSummary}`,
        consumes: ['multipart/form-data'],
        querystring: QuestionImportQuery,
        response: { 200: QuestionImportResult, ...errors },
      },
    },
    async (request) => io.importXlsx(userOf(request), request.query, await uploadedWorkbook(request), actorOf(request)),
  );
  app.post(
    '/import/docx',
    {
      config: { access },
      schema: {
        tags,
        summary: `Import questions from a Word document in the template's format (multipart field \`file\`); ${importSummary}`,
        consumes: ['multipart/form-data'],
        querystring: QuestionImportQuery,
        response: { 200: QuestionImportResult, ...errors },
      },
    },
    async (request) => io.importDocx(userOf(request), request.query, await uploadedWorkbook(request), actorOf(request)),
  );
  app.post(
    '/images',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Upload a picture for a question (multipart field `file`, JPG or PNG up to the upload limit); stored re-encoded, answers its address',
        consumes: ['multipart/form-data'],
        response: { 200: QuestionImage, ...errors },
      },
    },
    async (request) => io.saveImage(await uploadedImage(request), userOf(request).id),
  );
  app.get(
    '/images/:name',
    {
      config: { access },
      schema: {
        tags,
        summary: 'A picture of a question (uploaded from the editor or imported from Word)',
        params: ImageParams,
      },
    },
    async (request, reply) => {
      const image = await io.image(request.params.name);
      return reply
        .header('content-type', image.mime)
        .header('cache-control', 'private, max-age=86400, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(image.data);
    },
  );
};
