import type { FastifyPluginAsync } from 'fastify';
import { StudentImportQuery, StudentImportResult, StudentTemplateQuery } from '@mms/shared';
import { excelImportRoutes } from '../../lib/excel-import-routes.ts';
import type { StudentsImportService } from './students-import.service.ts';

export const studentsImportRoutes: FastifyPluginAsync<{ imports: StudentsImportService }> = async (
  app,
  { imports },
) => {
  excelImportRoutes(app, {
    path: '',
    access: 'school.student.manage',
    tags: ['students'],
    templateName: 'template-impor-siswa',
    templateSummary: 'The Excel template of the student import (with a unit: its classes in the Kelas dropdown)',
    templateQuery: StudentTemplateQuery,
    template: (user, query) => imports.template(user, query.unitId),
    summary: 'Import students from the Excel template',
    querystring: StudentImportQuery,
    result: StudentImportResult,
    run: (user, query, file, actor) => imports.importStudents(user, query.unitId, file, actor),
  });
};
