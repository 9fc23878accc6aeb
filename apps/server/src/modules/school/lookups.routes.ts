import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  academicPeriodOfDate,
  EmployeeLookupQuery,
  EmployeeSubjectsQuery,
  ErrorBody,
  IdParams,
  LookupList,
  LookupQuery,
  StudentClassLookup,
  StudentLookupQuery,
  TapelLookup,
  UnitFilter,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import type { EmployeesService } from './employees.service.ts';
import { createLookupsService } from './lookups.service.ts';
import { userOf } from '../../lib/scope.ts';
import type { StructureService } from './structure.service.ts';
import type { StudentsService } from './students.service.ts';
import { clock } from '../../lib/clock.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** The pick lists of the spec's section 7, filtered by unit (this replaces the old "SMP" variants). */
export const lookupsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  structure: StructureService;
  students: StudentsService;
  employees: EmployeesService;
}> = async (app, deps) => {
  const lookups = createLookupsService(deps.db, deps.structure, deps.students, deps.employees);
  const list = { 200: LookupList, ...errors };

  app.get(
    '/tapel',
    {
      config: { access: 'school.read' },
      schema: {
        tags: ['lookups'],
        summary: 'Academic years and the current one by the July rule',
        response: { 200: TapelLookup },
      },
    },
    async () => {
      const { tapel, semester } = academicPeriodOfDate(clock.today());
      return { items: await lookups.tapel(), current: { tapel, semester } };
    },
  );
  app.get(
    '/class-titles',
    {
      config: { access: 'school.read' },
      schema: {
        tags: ['lookups'],
        summary: 'Class groups of a year (default: active)',
        querystring: LookupQuery,
        response: list,
      },
    },
    async (request) => ({ items: await lookups.classTitles(userOf(request), request.query) }),
  );
  app.get(
    '/class-grades',
    {
      config: { access: 'school.read' },
      schema: {
        tags: ['lookups'],
        summary: 'Grades of a unit (code = level)',
        querystring: UnitFilter,
        response: list,
      },
    },
    async (request) => ({ items: await lookups.classGrades(userOf(request), request.query.unitId) }),
  );
  app.get(
    '/subjects',
    {
      config: { access: 'school.read' },
      schema: { tags: ['lookups'], summary: 'Active subjects of a unit', querystring: UnitFilter, response: list },
    },
    async (request) => ({ items: await lookups.subjects(userOf(request), request.query.unitId) }),
  );
  app.get(
    '/teachers',
    {
      config: { access: 'school.read' },
      schema: {
        tags: ['lookups'],
        summary: 'Active teachers of a unit (code = NIP)',
        querystring: UnitFilter,
        response: list,
      },
    },
    async (request) => ({ items: await lookups.teachers(userOf(request), request.query.unitId) }),
  );
  app.get(
    '/employee-classes',
    {
      config: { access: 'school.read' },
      schema: {
        tags: ['lookups'],
        summary: 'Classes an employee (default: the caller) teaches in a year',
        querystring: EmployeeLookupQuery,
        response: list,
      },
    },
    async (request) => ({ items: await lookups.employeeClasses(userOf(request), request.query) }),
  );
  app.get(
    '/employee-subjects',
    {
      config: { access: 'school.read' },
      schema: {
        tags: ['lookups'],
        summary: 'Subjects an employee (default: the caller) teaches in a year, optionally in one class',
        querystring: EmployeeSubjectsQuery,
        response: list,
      },
    },
    async (request) => ({ items: await lookups.employeeSubjects(userOf(request), request.query) }),
  );
  app.get(
    '/classes/:id/subjects',
    {
      config: { access: 'school.read' },
      schema: {
        tags: ['lookups'],
        summary: 'Subjects taught in a class group',
        params: IdParams,
        querystring: LookupQuery,
        response: list,
      },
    },
    async (request) => ({
      items: await lookups.classSubjects(userOf(request), request.params.id, request.query.semester),
    }),
  );
  app.get(
    '/student-class',
    {
      config: { access: 'schedule.read' },
      schema: {
        tags: ['lookups'],
        summary: "A student's current class (students: themself only)",
        querystring: StudentLookupQuery,
        response: { 200: StudentClassLookup, ...errors },
      },
    },
    async (request) => lookups.studentClass(userOf(request), request.query),
  );
  app.get(
    '/student-subjects',
    {
      config: { access: 'schedule.read' },
      schema: {
        tags: ['lookups'],
        summary: "The subjects of a student's current class (students: themself only)",
        querystring: StudentLookupQuery,
        response: list,
      },
    },
    async (request) => ({ items: await lookups.studentSubjects(userOf(request), request.query) }),
  );
};
