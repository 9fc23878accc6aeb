import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Employee,
  EmployeeInput,
  EmployeesQuery,
  EmployeeSummary,
  EmployeeUpdate,
  ErrorBody,
  IdParams,
  pageOf,
  DIVISION_LABELS,
  type Lang,
} from '@mms/shared';
import { actorOf } from '../../lib/audit.ts';
import { collectAll, sendXlsx, toXlsx, type XlsxColumn } from '../../lib/xlsx.ts';
import type { EmployeesService } from './employees.service.ts';
import { userOf } from '../../lib/scope.ts';
import { requestLang } from '../../lib/lang.ts';
import type { ExportHeadings } from './export-headings.service.ts';

const yesNo = (v: boolean, lang: Lang) => (v ? { id: 'Ya', en: 'Yes' } : { id: 'Tidak', en: 'No' })[lang];

const EMPLOYEE_COLUMNS: XlsxColumn<EmployeeSummary>[] = [
  { header: { id: 'NIP', en: 'NIP' }, value: (e) => e.nip, width: 20 },
  { header: { id: 'Nama', en: 'Name' }, value: (e) => e.name, width: 32 },
  { header: { id: 'L/P', en: 'M/F' }, value: (e) => e.gender, width: 6 },
  { header: { id: 'Jabatan', en: 'Position' }, value: (e) => e.position, width: 20 },
  { header: { id: 'Unit', en: 'Unit' }, value: (e) => e.unitCode, width: 8 },
  {
    header: { id: 'Divisi', en: 'Division' },
    value: (e, lang) => (e.division ? DIVISION_LABELS[e.division][lang] : null),
    width: 16,
  },
  { header: { id: 'Nama pengguna', en: 'Username' }, value: (e) => e.username, width: 20 },
  { header: { id: 'Aktif', en: 'Active' }, value: (e, lang) => yesNo(e.isActive, lang), width: 8 },
];

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const employeesRoutes: FastifyPluginAsyncZod<{ employees: EmployeesService; headings: ExportHeadings }> = async (
  app,
  { employees, headings },
) => {
  app.get(
    '/',
    {
      config: { access: 'school.employee.read' },
      schema: {
        tags: ['employees'],
        summary: 'Employees',
        querystring: EmployeesQuery,
        response: { 200: pageOf(EmployeeSummary), 403: ErrorBody },
      },
    },
    async (request) => employees.list(userOf(request), request.query),
  );
  app.get(
    '/export',
    {
      config: { access: 'school.employee.read' },
      schema: {
        tags: ['employees'],
        summary: 'The employee list as an Excel file, with the same filters and access rules as the list',
        querystring: EmployeesQuery,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const rows = await collectAll((page, pageSize) => employees.list(user, { ...request.query, page, pageSize }));
      const lang = requestLang(request);
      const q = request.query;
      const filters = await headings.common(lang, q);
      if (q.division) filters.push([lang === 'en' ? 'Division' : 'Divisi', DIVISION_LABELS[q.division][lang]]);
      if (q.active) filters.push([lang === 'en' ? 'Active' : 'Aktif', yesNo(q.active === 'true', lang)]);
      const heading = {
        lang,
        sheet: { id: 'Pegawai', en: 'Employees' },
        title: { id: 'Daftar Guru dan Pegawai', en: 'Teacher and Staff List' },
        filters,
      };
      return sendXlsx(reply, 'daftar-pegawai', await toXlsx(heading, EMPLOYEE_COLUMNS, rows));
    },
  );
  app.get(
    '/:id',
    {
      config: { access: 'school.employee.read' },
      schema: {
        tags: ['employees'],
        summary: 'One employee',
        params: IdParams,
        response: { 200: Employee, ...errors },
      },
    },
    async (request) => employees.get(userOf(request), request.params.id),
  );
  app.post(
    '/',
    {
      config: { access: 'school.employee.manage' },
      schema: {
        tags: ['employees'],
        summary: 'Add an employee with a user account (username = NIP) and a division',
        body: EmployeeInput,
        response: { 200: Employee, ...errors },
      },
    },
    async (request) => employees.create(userOf(request), request.body, actorOf(request)),
  );
  app.patch(
    '/:id',
    {
      config: { access: 'school.employee.manage' },
      schema: {
        tags: ['employees'],
        summary: 'Change an employee; isActive=false locks the account and ends its sessions',
        params: IdParams,
        body: EmployeeUpdate,
        response: { 200: Employee, ...errors },
      },
    },
    async (request) => employees.update(userOf(request), request.params.id, request.body, actorOf(request)),
  );
};
