import type { FastifyPluginAsync } from 'fastify';
import { EmployeeImportQuery, EmployeeImportResult } from '@mms/shared';
import { excelImportRoutes } from '../../lib/excel-import-routes.ts';
import type { EmployeesImportService } from './employees-import.service.ts';

export const employeesImportRoutes: FastifyPluginAsync<{ imports: EmployeesImportService }> = async (
  app,
  { imports },
) => {
  excelImportRoutes(app, {
    path: '',
    access: 'school.employee.manage',
    tags: ['employees'],
    templateName: 'template-impor-pegawai',
    templateSummary: 'The Excel template of the employee import',
    template: () => imports.template(),
    summary: 'Import employees (and their accounts) from the Excel template',
    querystring: EmployeeImportQuery,
    result: EmployeeImportResult,
    run: (user, query, file, actor) => imports.importEmployees(user, query.unitId, file, actor),
  });
};
