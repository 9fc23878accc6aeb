import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, StudentImportQuery, StudentImportResult, StudentTemplateQuery } from '@mms/shared';
import { actorOf } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import { sendXlsx } from '../../lib/xlsx.ts';
import { userOf } from '../../lib/scope.ts';
import type { StudentsImportService } from './students-import.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const studentsImportRoutes: FastifyPluginAsyncZod<{ imports: StudentsImportService }> = async (
  app,
  { imports },
) => {
  app.get(
    '/template',
    {
      config: { access: 'school.student.manage' },
      schema: {
        tags: ['students'],
        summary: 'The Excel template of the student import (with a unit: its classes in the Kelas dropdown)',
        querystring: StudentTemplateQuery,
      },
    },
    async (request, reply) =>
      sendXlsx(reply, 'template-impor-siswa', await imports.template(userOf(request), request.query.unitId)),
  );
  app.post(
    '/',
    {
      config: { access: 'school.student.manage' },
      schema: {
        tags: ['students'],
        summary:
          'Import students from the Excel template (multipart field `file`); every bad row is reported and nothing is saved unless all rows are good',
        querystring: StudentImportQuery,
        response: { 200: StudentImportResult, ...errors },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest('Kirim berkas Excel sebagai multipart/form-data', { file: 'Wajib' });
      const file = await request.file();
      if (!file || file.fieldname !== 'file')
        throw badRequest('Berkas harus dikirim di kolom "file"', { file: 'Wajib' });
      const data = await file.toBuffer();
      return imports.importStudents(userOf(request), request.query.unitId, data, actorOf(request));
    },
  );
};
