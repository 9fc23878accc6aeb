import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  IdParams,
  NisParams,
  pageOf,
  Student,
  StudentInput,
  StudentSelfUpdate,
  StudentsQuery,
  StudentSummary,
  StudentUpdate,
  UnitFilter,
} from '@mms/shared';
import { actorOf } from '../../lib/audit.ts';
import { collectAll, sendXlsx, toXlsx, type XlsxColumn } from '../../lib/xlsx.ts';
import { userOf } from '../../lib/scope.ts';
import { requestLang, type Bilingual } from '../../lib/lang.ts';
import type { ExportHeadings } from './export-headings.service.ts';
import type { StudentsService } from './students.service.ts';

const STUDENT_STATUS_LABELS: Record<StudentSummary['status'], Bilingual> = {
  ACTIVE: { id: 'Aktif', en: 'Active' },
  GRADUATED: { id: 'Lulus', en: 'Graduated' },
  MOVED: { id: 'Pindah', en: 'Moved' },
  DROPPED: { id: 'Keluar', en: 'Dropped out' },
};

const STUDENT_COLUMNS: XlsxColumn<StudentSummary>[] = [
  { header: { id: 'NIS', en: 'NIS' }, value: (s) => s.nis, width: 14 },
  { header: { id: 'NISN', en: 'NISN' }, value: (s) => s.nisn, width: 14 },
  { header: { id: 'Nama', en: 'Name' }, value: (s) => s.name, width: 32 },
  { header: { id: 'L/P', en: 'M/F' }, value: (s) => s.gender, width: 6 },
  { header: { id: 'Unit', en: 'Unit' }, value: (s) => s.unitCode, width: 8 },
  { header: { id: 'Kelas', en: 'Class' }, value: (s) => s.className, width: 10 },
  { header: { id: 'Status', en: 'Status' }, value: (s, lang) => STUDENT_STATUS_LABELS[s.status][lang], width: 10 },
];

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const studentsRoutes: FastifyPluginAsyncZod<{ students: StudentsService; headings: ExportHeadings }> = async (
  app,
  { students, headings },
) => {
  app.get(
    '/',
    {
      config: { access: 'school.student.read' },
      schema: {
        tags: ['students'],
        summary: 'Students; teachers see the students of their classes only',
        querystring: StudentsQuery,
        response: { 200: pageOf(StudentSummary), 403: ErrorBody },
      },
    },
    async (request) => students.list(userOf(request), request.query),
  );
  app.get(
    '/export',
    {
      config: { access: 'school.student.read' },
      schema: {
        tags: ['students'],
        summary: 'The student list as an Excel file, with the same filters and access rules as the list',
        querystring: StudentsQuery,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const rows = await collectAll((page, pageSize) => students.list(user, { ...request.query, page, pageSize }));
      const lang = requestLang(request);
      const q = request.query;
      const filters = await headings.common(lang, q);
      if (q.status) filters.push([lang === 'en' ? 'Status' : 'Status', STUDENT_STATUS_LABELS[q.status][lang]]);
      const heading = {
        lang,
        sheet: { id: 'Siswa', en: 'Students' },
        title: { id: 'Daftar Siswa', en: 'Student List' },
        filters,
      };
      return sendXlsx(reply, 'daftar-siswa', await toXlsx(heading, STUDENT_COLUMNS, rows));
    },
  );
  app.get(
    '/me',
    {
      config: { access: 'school.student.self' },
      schema: {
        tags: ['students'],
        summary: 'The signed-in student’s own record',
        response: { 200: Student, ...errors },
      },
    },
    async (request) => students.self(userOf(request)),
  );
  app.patch(
    '/me',
    {
      config: { access: 'school.student.self' },
      schema: {
        tags: ['students'],
        summary: 'Change the fields a student may edit of their own record (phones, address)',
        body: StudentSelfUpdate,
        response: { 200: Student, ...errors },
      },
    },
    async (request) => students.updateSelf(userOf(request), request.body, actorOf(request)),
  );
  app.get(
    '/by-nis/:nis',
    {
      config: { access: 'school.student.read' },
      schema: {
        tags: ['students'],
        summary: 'A student profile by NIS',
        params: NisParams,
        querystring: UnitFilter,
        response: { 200: Student, ...errors },
      },
    },
    async (request) => students.getByNis(userOf(request), request.params.nis, request.query.unitId),
  );
  app.get(
    '/:id',
    {
      config: { access: 'school.student.read' },
      schema: {
        tags: ['students'],
        summary: 'A student profile',
        params: IdParams,
        response: { 200: Student, ...errors },
      },
    },
    async (request) => students.get(userOf(request), request.params.id),
  );
  app.post(
    '/',
    {
      config: { access: 'school.student.manage' },
      schema: {
        tags: ['students'],
        summary: 'Add a student',
        body: StudentInput,
        response: { 200: Student, ...errors },
      },
    },
    async (request) => students.create(userOf(request), request.body, actorOf(request)),
  );
  app.patch(
    '/:id',
    {
      config: { access: 'school.student.manage' },
      schema: {
        tags: ['students'],
        summary: 'Change a student, including the status (active, graduated, moved, dropped)',
        params: IdParams,
        body: StudentUpdate,
        response: { 200: Student, ...errors },
      },
    },
    async (request) => students.update(userOf(request), request.params.id, request.body, actorOf(request)),
  );
};
