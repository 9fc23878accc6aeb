import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody, EmployeeImportQuery, EmployeeImportResult } from '@mms/shared';
import { actorOf } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import { sendXlsx } from '../../lib/xlsx.ts';
import { userOf } from '../../lib/scope.ts';
import type { EmployeesImportService } from './employees-import.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const employeesImportRoutes: FastifyPluginAsyncZod<{ imports: EmployeesImportService }> = async (
  app,
  { imports },
) => {
  app.get(
    '/template',
    {
      config: { access: 'school.employee.manage' },
      schema: { tags: ['employees'], summary: 'The Excel template of the employee import' },
    },
    async (_request, reply) => sendXlsx(reply, 'template-impor-pegawai', await imports.template()),
  );
  app.post(
    '/',
    {
      config: { access: 'school.employee.manage' },
      schema: {
        tags: ['employees'],
        summary:
          'Import employees (and their accounts) from the Excel template (multipart field `file`); every bad row is reported and nothing is saved unless all rows are good',
        querystring: EmployeeImportQuery,
        response: { 200: EmployeeImportResult, ...errors },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest('Kirim berkas Excel sebagai multipart/form-data', { file: 'Wajib' });
      const file = await request.file();
      if (!file || file.fieldname !== 'file')
        throw badRequest('Berkas harus dikirim di kolom "file"', { file: 'Wajib' });
      const data = await file.toBuffer();
      return imports.importEmployees(userOf(request), request.query.unitId, data, actorOf(request));
    },
  );
};
