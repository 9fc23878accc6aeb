import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AcademicYear,
  AcademicYearInput,
  AcademicYearUpdate,
  BellSchedule,
  BellScheduleInput,
  ClassGroup,
  ClassGroupInput,
  ClassGroupsQuery,
  ClassGroupUpdate,
  ErrorBody,
  Grade,
  GradeInput,
  GradeUpdate,
  HomeroomInput,
  IdParams,
  OkResponse,
  pageOf,
  SchoolPageQuery,
  Subject,
  SubjectInput,
  SubjectUpdate,
  Unit,
  UnitInput,
  UnitUpdate,
} from '@mms/shared';
import { actorOf } from '../../lib/audit.ts';
import { userOf as me } from '../../lib/scope.ts';
import type { StructureService } from './structure.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** Units, academic years, grades, class groups (rombel) and subjects (mapel). */
export const structureRoutes: FastifyPluginAsyncZod<{ structure: StructureService }> = async (app, { structure }) => {
  // ---------- units ----------
  app.get(
    '/units',
    {
      config: { access: 'school.read' },
      schema: {
        tags: ['school'],
        summary: 'Units of the foundation',
        querystring: SchoolPageQuery,
        response: { 200: pageOf(Unit) },
      },
    },
    async (request) => structure.listUnits(me(request), request.query),
  );
  app.get(
    '/units/:id',
    {
      config: { access: 'school.read' },
      schema: { tags: ['school'], summary: 'One unit', params: IdParams, response: { 200: Unit, ...errors } },
    },
    async (request) => structure.getUnit(me(request), request.params.id),
  );
  app.post(
    '/units',
    {
      config: { access: 'school.unit.manage' },
      schema: { tags: ['school'], summary: 'Add a unit', body: UnitInput, response: { 200: Unit, ...errors } },
    },
    async (request) => structure.createUnit(request.body, actorOf(request)),
  );
  app.patch(
    '/units/:id',
    {
      config: { access: 'school.unit.manage' },
      schema: {
        tags: ['school'],
        summary: 'Change a unit',
        params: IdParams,
        body: UnitUpdate,
        response: { 200: Unit, ...errors },
      },
    },
    async (request) => structure.updateUnit(request.params.id, request.body, actorOf(request)),
  );
  app.get(
    '/units/:id/bell-times',
    {
      config: { access: 'schedule.read' },
      schema: {
        tags: ['school'],
        summary: "The unit's bell times per period",
        params: IdParams,
        response: { 200: BellSchedule, ...errors },
      },
    },
    async (request) => structure.getBellSchedule(me(request), request.params.id),
  );
  app.put(
    '/units/:id/bell-times',
    {
      config: { access: 'schedule.manage' },
      schema: {
        tags: ['school'],
        summary: "Replace the unit's bell times",
        params: IdParams,
        body: BellScheduleInput,
        response: { 200: BellSchedule, ...errors },
      },
    },
    async (request) => structure.setBellSchedule(me(request), request.params.id, request.body, actorOf(request)),
  );

  // ---------- academic years ----------
  app.get(
    '/academic-years',
    {
      config: { access: 'school.read' },
      schema: {
        tags: ['school'],
        summary: 'Academic years (tapel), newest first',
        querystring: SchoolPageQuery,
        response: { 200: pageOf(AcademicYear) },
      },
    },
    async (request) => structure.listYears(request.query),
  );
  app.get(
    '/academic-years/:id',
    {
      config: { access: 'school.read' },
      schema: {
        tags: ['school'],
        summary: 'One academic year',
        params: IdParams,
        response: { 200: AcademicYear, ...errors },
      },
    },
    async (request) => structure.getYear(request.params.id),
  );
  app.post(
    '/academic-years',
    {
      config: { access: 'school.year.manage' },
      schema: {
        tags: ['school'],
        summary: 'Add an academic year',
        body: AcademicYearInput,
        response: { 200: AcademicYear, ...errors },
      },
    },
    async (request) => structure.createYear(request.body, actorOf(request)),
  );
  app.patch(
    '/academic-years/:id',
    {
      config: { access: 'school.year.manage' },
      schema: {
        tags: ['school'],
        summary: 'Change an academic year',
        params: IdParams,
        body: AcademicYearUpdate,
        response: { 200: AcademicYear, ...errors },
      },
    },
    async (request) => structure.updateYear(request.params.id, request.body, actorOf(request)),
  );
  app.post(
    '/academic-years/:id/activate',
    {
      config: { access: 'school.year.manage' },
      schema: {
        tags: ['school'],
        summary: 'Make this the one active year',
        params: IdParams,
        response: { 200: AcademicYear, ...errors },
      },
    },
    async (request) => structure.activateYear(request.params.id, actorOf(request)),
  );

  // ---------- grades ----------
  app.get(
    '/grades',
    {
      config: { access: 'school.read' },
      schema: {
        tags: ['school'],
        summary: 'Grades (tingkat) of a unit',
        querystring: SchoolPageQuery,
        response: { 200: pageOf(Grade) },
      },
    },
    async (request) => structure.listGrades(me(request), request.query),
  );
  app.get(
    '/grades/:id',
    {
      config: { access: 'school.read' },
      schema: { tags: ['school'], summary: 'One grade', params: IdParams, response: { 200: Grade, ...errors } },
    },
    async (request) => structure.getGrade(me(request), request.params.id),
  );
  app.post(
    '/grades',
    {
      config: { access: 'school.class.manage' },
      schema: { tags: ['school'], summary: 'Add a grade', body: GradeInput, response: { 200: Grade, ...errors } },
    },
    async (request) => structure.createGrade(me(request), request.body, actorOf(request)),
  );
  app.patch(
    '/grades/:id',
    {
      config: { access: 'school.class.manage' },
      schema: {
        tags: ['school'],
        summary: 'Change a grade',
        params: IdParams,
        body: GradeUpdate,
        response: { 200: Grade, ...errors },
      },
    },
    async (request) => structure.updateGrade(me(request), request.params.id, request.body, actorOf(request)),
  );
  app.delete(
    '/grades/:id',
    {
      config: { access: 'school.class.manage' },
      schema: {
        tags: ['school'],
        summary: 'Remove an unused grade',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await structure.deleteGrade(me(request), request.params.id, actorOf(request));
      return { ok: true as const };
    },
  );

  // ---------- class groups ----------
  app.get(
    '/classes',
    {
      config: { access: 'school.read' },
      schema: {
        tags: ['school'],
        summary: 'Class groups (rombel)',
        querystring: ClassGroupsQuery,
        response: { 200: pageOf(ClassGroup) },
      },
    },
    async (request) => structure.listClasses(me(request), request.query),
  );
  app.get(
    '/classes/:id',
    {
      config: { access: 'school.read' },
      schema: {
        tags: ['school'],
        summary: 'One class group',
        params: IdParams,
        response: { 200: ClassGroup, ...errors },
      },
    },
    async (request) => structure.getClass(me(request), request.params.id),
  );
  app.post(
    '/classes',
    {
      config: { access: 'school.class.manage' },
      schema: {
        tags: ['school'],
        summary: 'Add a class group',
        body: ClassGroupInput,
        response: { 200: ClassGroup, ...errors },
      },
    },
    async (request) => structure.createClass(me(request), request.body, actorOf(request)),
  );
  app.patch(
    '/classes/:id',
    {
      config: { access: 'school.class.manage' },
      schema: {
        tags: ['school'],
        summary: 'Change a class group',
        params: IdParams,
        body: ClassGroupUpdate,
        response: { 200: ClassGroup, ...errors },
      },
    },
    async (request) => structure.updateClass(me(request), request.params.id, request.body, actorOf(request)),
  );
  app.delete(
    '/classes/:id',
    {
      config: { access: 'school.class.manage' },
      schema: {
        tags: ['school'],
        summary: 'Remove a class group without students',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await structure.deleteClass(me(request), request.params.id, actorOf(request));
      return { ok: true as const };
    },
  );
  app.put(
    '/classes/:id/homeroom',
    {
      config: { access: 'school.homeroom.manage' },
      schema: {
        tags: ['school'],
        summary: 'Set or clear the homeroom teacher (wali kelas)',
        params: IdParams,
        body: HomeroomInput,
        response: { 200: ClassGroup, ...errors },
      },
    },
    async (request) => structure.setHomeroom(me(request), request.params.id, request.body.employeeId, actorOf(request)),
  );

  // ---------- subjects ----------
  app.get(
    '/subjects',
    {
      config: { access: 'school.read' },
      schema: {
        tags: ['school'],
        summary: 'Subjects (mapel) with JP per grade',
        querystring: SchoolPageQuery,
        response: { 200: pageOf(Subject) },
      },
    },
    async (request) => structure.listSubjects(me(request), request.query),
  );
  app.get(
    '/subjects/:id',
    {
      config: { access: 'school.read' },
      schema: { tags: ['school'], summary: 'One subject', params: IdParams, response: { 200: Subject, ...errors } },
    },
    async (request) => structure.getSubject(me(request), request.params.id),
  );
  app.post(
    '/subjects',
    {
      config: { access: 'school.subject.manage' },
      schema: { tags: ['school'], summary: 'Add a subject', body: SubjectInput, response: { 200: Subject, ...errors } },
    },
    async (request) => structure.createSubject(me(request), request.body, actorOf(request)),
  );
  app.patch(
    '/subjects/:id',
    {
      config: { access: 'school.subject.manage' },
      schema: {
        tags: ['school'],
        summary: 'Change a subject',
        params: IdParams,
        body: SubjectUpdate,
        response: { 200: Subject, ...errors },
      },
    },
    async (request) => structure.updateSubject(me(request), request.params.id, request.body, actorOf(request)),
  );
  app.delete(
    '/subjects/:id',
    {
      config: { access: 'school.subject.manage' },
      schema: {
        tags: ['school'],
        summary: 'Remove an unused subject',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await structure.deleteSubject(me(request), request.params.id, actorOf(request));
      return { ok: true as const };
    },
  );
};
