import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import { createCalendarImportService } from './calendar-import.service.ts';
import { calendarRoutes } from './calendar.routes.ts';
import { createCalendarService } from './calendar.service.ts';
import { employeesImportRoutes } from './employees-import.routes.ts';
import { createEmployeesImportService } from './employees-import.service.ts';
import { employeesRoutes } from './employees.routes.ts';
import { createExportHeadings } from './export-headings.service.ts';
import { enrollmentsRoutes } from './enrollments.routes.ts';
import { createEnrollmentsService } from './enrollments.service.ts';
import { createEmployeesService } from './employees.service.ts';
import { letterheadRoutes } from './letterhead.routes.ts';
import { createLetterheadService } from './letterhead.service.ts';
import { lookupsRoutes } from './lookups.routes.ts';
import { structureRoutes } from './structure.routes.ts';
import { createStructureService } from './structure.service.ts';
import { studentPhotosRoutes } from './student-photos.routes.ts';
import { createStudentPhotosService } from './student-photos.service.ts';
import { studentsImportRoutes } from './students-import.routes.ts';
import { createStudentsImportService } from './students-import.service.ts';
import { studentsRoutes } from './students.routes.ts';
import { createStudentsService } from './students.service.ts';
import { teachingAssignmentsRoutes } from './teaching-assignments.routes.ts';
import { createTeachingAssignmentsService } from './teaching-assignments.service.ts';

/** The school feature's routes under /api/v1: structure, people, enrollments, teaching, timetable, lookups. */
export const schoolRoutes: FastifyPluginAsync<{ db: Database; dataDir: string }> = async (app, { db, dataDir }) => {
  const structure = createStructureService(db);
  const students = createStudentsService(db, structure);
  await app.register(structureRoutes, { structure });
  const headings = createExportHeadings(db);
  await app.register(studentsRoutes, { prefix: '/students', students, headings });
  await app.register(studentPhotosRoutes, { photos: createStudentPhotosService(db, structure, students, dataDir) });
  await app.register(studentsImportRoutes, {
    prefix: '/students/import',
    imports: createStudentsImportService(db),
  });
  await app.register(employeesImportRoutes, { prefix: '/employees/import', imports: createEmployeesImportService(db) });
  const employees = createEmployeesService(db);
  await app.register(lookupsRoutes, { prefix: '/lookups', db, structure, students, employees });
  await app.register(enrollmentsRoutes, {
    prefix: '/enrollments',
    enrollments: createEnrollmentsService(db, structure),
  });
  await app.register(teachingAssignmentsRoutes, {
    prefix: '/teaching-assignments',
    assignments: createTeachingAssignmentsService(db),
  });
  await app.register(employeesRoutes, { prefix: '/employees', employees, headings });
  await app.register(letterheadRoutes, { letterhead: createLetterheadService(db, dataDir) });
  const calendar = createCalendarService(db);
  await app.register(calendarRoutes, {
    prefix: '/calendar',
    calendar,
    imports: createCalendarImportService(db, calendar),
  });
};
