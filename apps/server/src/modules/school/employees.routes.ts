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
} from '@mms/shared';
import { actorOf } from '../../lib/audit.ts';
import { collectAll, sendXlsx, toXlsx, type XlsxColumn } from '../../lib/xlsx.ts';
import type { EmployeesService } from './employees.service.ts';
import { userOf } from '../../lib/scope.ts';

const EMPLOYEE_COLUMNS: XlsxColumn<EmployeeSummary>[] = [
  { header: 'NIP', value: (e) => e.nip, width: 20 },
  { header: 'Nama', value: (e) => e.name, width: 32 },
  { header: 'L/P', value: (e) => e.gender, width: 6 },
  { header: 'Jabatan', value: (e) => e.position, width: 20 },
  { header: 'Unit', value: (e) => e.unitCode, width: 8 },
  { header: 'Divisi', value: (e) => e.division, width: 16 },
  { header: 'Nama pengguna', value: (e) => e.username, width: 20 },
  { header: 'Aktif', value: (e) => (e.isActive ? 'Ya' : 'Tidak'), width: 8 },
];

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const employeesRoutes: FastifyPluginAsyncZod<{ employees: EmployeesService }> = async (app, { employees }) => {
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
      return sendXlsx(reply, 'daftar-pegawai', await toXlsx('Pegawai', EMPLOYEE_COLUMNS, rows));
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
