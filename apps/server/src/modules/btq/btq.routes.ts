import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BtqAddMembersInput,
  BtqCutoffs,
  BtqCutoffsInput,
  BtqEmployeeOptions,
  BtqGroup,
  BtqGroupInput,
  BtqGroupList,
  BtqGroupMembers,
  BtqGroupsQuery,
  BtqGroupUpdate,
  BtqLevelInput,
  BtqLevelOrder,
  BtqLevelUpdate,
  BtqMemberParams,
  BtqMethod,
  BtqMethodInput,
  BtqMethodList,
  BtqMethodUpdate,
  BtqMoveInput,
  BtqPlacementInput,
  BtqPlacementResult,
  BtqPresenceInput,
  BtqPresenceQuery,
  BtqPresenceRecap,
  BtqPresenceRecapQuery,
  BtqPresenceSaved,
  BtqPresenceSheet,
  BtqStudentHistory,
  BtqStudentRow,
  BtqStudentsQuery,
  BtqTeacher,
  BtqTeacherAccount,
  BtqTeacherAccountInput,
  BtqTeacherInput,
  BtqTeacherList,
  BtqTeachersQuery,
  BtqTeacherUpdate,
  BtqUnitQuery,
  ErrorBody,
  IdParams,
  OkResponse,
  pageOf,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import { requestLang } from '../../lib/lang.ts';
import { userOf } from '../../lib/scope.ts';
import { collectAll, sendXlsx, toXlsx } from '../../lib/xlsx.ts';
import { GROUP_MEMBER_COLUMNS, RECAP_COLUMNS, STUDENT_COLUMNS } from './btq.export.ts';
import { createBtqService } from './btq.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['btq'];
const XLSX = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];
const ok = { 200: OkResponse, ...errors };

/**
 * BTQ set-up under /api/v1/btq: methods and levels, grade cut-offs, ustadz, groups and members, leveling and
 * group presence. Coordinator screens need btq.manage; presence btq.teach (an ustadz only their own groups).
 */
export const btqRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const btq = createBtqService(db);

  // ---------- methods, levels, cut-offs ----------
  app.get(
    '/methods',
    {
      config: { access: 'btq.read' },
      schema: {
        tags,
        summary: 'Methods (foundation-wide and the unit’s) with their levels',
        querystring: BtqUnitQuery,
        response: { 200: BtqMethodList, ...errors },
      },
    },
    async (request) => btq.listMethods(userOf(request), request.query),
  );
  app.post(
    '/methods',
    {
      config: { access: 'btq.manage' },
      schema: { tags, summary: 'Add a method', body: BtqMethodInput, response: { 200: BtqMethod, ...errors } },
    },
    async (request) => btq.createMethod(userOf(request), request.body, actorOf(request)),
  );
  app.patch(
    '/methods/:id',
    {
      config: { access: 'btq.manage' },
      schema: {
        tags,
        summary: 'Rename or (de)activate a method',
        params: IdParams,
        body: BtqMethodUpdate,
        response: { 200: BtqMethod, ...errors },
      },
    },
    async (request) => btq.updateMethod(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.post(
    '/methods/:id/levels',
    {
      config: { access: 'btq.manage' },
      schema: {
        tags,
        summary: 'Add a level at the end of a method',
        params: IdParams,
        body: BtqLevelInput,
        response: { 200: BtqMethod, ...errors },
      },
    },
    async (request) => btq.addLevel(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.put(
    '/methods/:id/order',
    {
      config: { access: 'btq.manage' },
      schema: {
        tags,
        summary: 'Reorder the levels of a method',
        params: IdParams,
        body: BtqLevelOrder,
        response: { 200: BtqMethod, ...errors },
      },
    },
    async (request) => btq.reorderLevels(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.patch(
    '/levels/:id',
    {
      config: { access: 'btq.manage' },
      schema: {
        tags,
        summary: 'Rename, set pages or (de)activate a level',
        params: IdParams,
        body: BtqLevelUpdate,
        response: { 200: BtqMethod, ...errors },
      },
    },
    async (request) => btq.updateLevel(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.delete(
    '/levels/:id',
    {
      config: { access: 'btq.manage' },
      schema: {
        tags,
        summary: 'Delete a level nothing refers to (409 when in use)',
        params: IdParams,
        response: { 200: BtqMethod, ...errors },
      },
    },
    async (request) => btq.deleteLevel(userOf(request), request.params.id, actorOf(request)),
  );
  app.get(
    '/cutoffs',
    {
      config: { access: 'btq.read' },
      schema: {
        tags,
        summary: 'The unit’s grade cut-offs (the defaults until set)',
        querystring: BtqUnitQuery,
        response: { 200: BtqCutoffs, ...errors },
      },
    },
    async (request) => btq.cutoffs(userOf(request), request.query),
  );
  app.put(
    '/cutoffs',
    {
      config: { access: 'btq.manage' },
      schema: {
        tags,
        summary: 'Set the unit’s grade cut-offs (strictly descending)',
        body: BtqCutoffsInput,
        response: { 200: BtqCutoffs, ...errors },
      },
    },
    async (request) => btq.saveCutoffs(userOf(request), request.body, actorOf(request)),
  );

  // ---------- ustadz ----------
  app.get(
    '/teachers',
    {
      config: { access: 'btq.read' },
      schema: {
        tags,
        summary: 'The ustadz of the unit',
        querystring: BtqTeachersQuery,
        response: { 200: BtqTeacherList, ...errors },
      },
    },
    async (request) => btq.listTeachers(userOf(request), request.query),
  );
  app.get(
    '/teachers/employees',
    {
      config: { access: 'btq.manage' },
      schema: {
        tags,
        summary: 'Active employees of the unit to make ustadz',
        querystring: BtqUnitQuery.extend({ q: z.string().trim().max(100).optional() }),
        response: { 200: BtqEmployeeOptions, ...errors },
      },
    },
    async (request) => btq.employeeOptions(userOf(request), request.query),
  );
  app.post(
    '/teachers',
    {
      config: { access: 'btq.manage' },
      schema: {
        tags,
        summary: 'Assign an employee or an outside teacher as ustadz',
        body: BtqTeacherInput,
        response: { 200: BtqTeacher, ...errors },
      },
    },
    async (request) => btq.createTeacher(userOf(request), request.body, actorOf(request)),
  );
  app.patch(
    '/teachers/:id',
    {
      config: { access: 'btq.manage' },
      schema: {
        tags,
        summary: 'Change an ustadz (coordinator flag, deactivate)',
        params: IdParams,
        body: BtqTeacherUpdate,
        response: { 200: BtqTeacher, ...errors },
      },
    },
    async (request) => btq.updateTeacher(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.post(
    '/teachers/:id/account',
    {
      config: { access: 'btq.manage' },
      schema: {
        tags,
        summary: 'Give an outside ustadz a sign-in (TEACHER of the unit); the one-time password is shown once',
        params: IdParams,
        body: BtqTeacherAccountInput,
        response: { 200: BtqTeacherAccount, ...errors },
      },
    },
    async (request) => btq.createTeacherAccount(userOf(request), request.params.id, request.body, actorOf(request)),
  );

  // ---------- groups and members ----------
  app.get(
    '/groups',
    {
      config: { access: 'btq.read' },
      schema: {
        tags,
        summary: 'Groups of a school year (an ustadz: their own)',
        querystring: BtqGroupsQuery,
        response: { 200: BtqGroupList, ...errors },
      },
    },
    async (request) => btq.listGroups(userOf(request), request.query),
  );
  app.get(
    '/groups/export',
    {
      config: { access: 'btq.manage' },
      schema: {
        tags,
        summary: 'Groups with their members as an Excel file',
        querystring: BtqGroupsQuery,
        produces: XLSX,
      },
    },
    async (request, reply) => {
      const { schoolYear, rows } = await btq.groupsWithMembers(userOf(request), request.query);
      const lang = requestLang(request);
      const heading = {
        lang,
        sheet: { id: 'Kelompok BTQ', en: 'BTQ groups' },
        title: { id: 'Kelompok BTQ dan Anggota', en: 'BTQ Groups and Members' },
        filters: [[lang === 'en' ? 'School year' : 'Tahun pelajaran', schoolYear]] as const,
      };
      return sendXlsx(reply, 'kelompok-btq', await toXlsx(heading, GROUP_MEMBER_COLUMNS, rows));
    },
  );
  app.post(
    '/groups',
    {
      config: { access: 'btq.manage' },
      schema: {
        tags,
        summary: 'Create a group in the active school year',
        body: BtqGroupInput,
        response: { 200: BtqGroup, ...errors },
      },
    },
    async (request) => btq.createGroup(userOf(request), request.body, actorOf(request)),
  );
  app.patch(
    '/groups/:id',
    {
      config: { access: 'btq.manage' },
      schema: {
        tags,
        summary: 'Change a group',
        params: IdParams,
        body: BtqGroupUpdate,
        response: { 200: BtqGroup, ...errors },
      },
    },
    async (request) => btq.updateGroup(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.get(
    '/groups/:id/members',
    {
      config: { access: 'btq.read' },
      schema: {
        tags,
        summary: 'The group and its current members',
        params: IdParams,
        response: { 200: BtqGroupMembers, ...errors },
      },
    },
    async (request) => btq.groupMembers(userOf(request), request.params.id),
  );
  app.post(
    '/groups/:id/members',
    {
      config: { access: 'btq.manage' },
      schema: {
        tags,
        summary: 'Add students without a group',
        params: IdParams,
        body: BtqAddMembersInput,
        response: ok,
      },
    },
    async (request) => btq.addMembers(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.delete(
    '/groups/:id/members/:studentId',
    {
      config: { access: 'btq.manage' },
      schema: { tags, summary: 'Remove a student (closes the membership)', params: BtqMemberParams, response: ok },
    },
    async (request) => btq.removeMember(userOf(request), request.params.id, request.params.studentId, actorOf(request)),
  );
  app.post(
    '/members/move',
    {
      config: { access: 'btq.manage' },
      schema: {
        tags,
        summary: 'Move a student to another group (closes the old membership, opens a new one)',
        body: BtqMoveInput,
        response: ok,
      },
    },
    async (request) => btq.moveMember(userOf(request), request.body, actorOf(request)),
  );

  // ---------- students, leveling ----------
  app.get(
    '/students',
    {
      config: { access: 'btq.manage' },
      schema: {
        tags,
        summary: 'Students of the unit with current level and group',
        querystring: BtqStudentsQuery,
        response: { 200: pageOf(BtqStudentRow), ...errors },
      },
    },
    async (request) => btq.listStudents(userOf(request), request.query),
  );
  app.get(
    '/students/export',
    {
      config: { access: 'btq.manage' },
      schema: { tags, summary: 'The leveling list as an Excel file', querystring: BtqStudentsQuery, produces: XLSX },
    },
    async (request, reply) => {
      const user = userOf(request);
      const rows = await collectAll((page, pageSize) => btq.listStudents(user, { ...request.query, page, pageSize }));
      const lang = requestLang(request);
      const heading = {
        lang,
        sheet: { id: 'Leveling BTQ', en: 'BTQ levelling' },
        title: { id: 'Leveling BTQ', en: 'BTQ Levelling' },
        filters: [],
      };
      return sendXlsx(reply, 'leveling-btq', await toXlsx(heading, STUDENT_COLUMNS, rows));
    },
  );
  app.get(
    '/students/:id/history',
    {
      config: { access: 'btq.manage' },
      schema: {
        tags,
        summary: 'A student’s level and group history',
        params: IdParams,
        response: { 200: BtqStudentHistory, ...errors },
      },
    },
    async (request) => btq.studentHistory(userOf(request), request.params.id),
  );
  app.post(
    '/placements',
    {
      config: { access: 'btq.manage' },
      schema: {
        tags,
        summary: 'Place students at a level (closes their previous level)',
        body: BtqPlacementInput,
        response: { 200: BtqPlacementResult, ...errors },
      },
    },
    async (request) => btq.place(userOf(request), request.body, actorOf(request)),
  );

  // ---------- presence ----------
  app.get(
    '/presence',
    {
      config: { access: 'btq.teach' },
      schema: {
        tags,
        summary: 'The presence sheet of a group on a date',
        querystring: BtqPresenceQuery,
        response: { 200: BtqPresenceSheet, ...errors },
      },
    },
    async (request) => btq.presenceSheet(userOf(request), request.query),
  );
  app.put(
    '/presence',
    {
      config: { access: 'btq.teach' },
      schema: {
        tags,
        summary: 'Record the presence of a group on a school day',
        body: BtqPresenceInput,
        response: { 200: BtqPresenceSaved, ...errors },
      },
    },
    async (request) => btq.savePresence(userOf(request), request.body, actorOf(request)),
  );
  app.get(
    '/presence/recap',
    {
      config: { access: 'btq.read' },
      schema: {
        tags,
        summary: 'Presence counts per student of a group in a month',
        querystring: BtqPresenceRecapQuery,
        response: { 200: BtqPresenceRecap, ...errors },
      },
    },
    async (request) => btq.presenceRecap(userOf(request), request.query),
  );
  app.get(
    '/presence/recap/export',
    {
      config: { access: 'btq.read' },
      schema: {
        tags,
        summary: 'The presence recap as an Excel file',
        querystring: BtqPresenceRecapQuery,
        produces: XLSX,
      },
    },
    async (request, reply) => {
      const recap = await btq.presenceRecap(userOf(request), request.query);
      const lang = requestLang(request);
      const heading = {
        lang,
        sheet: { id: 'Presensi BTQ', en: 'BTQ presence' },
        title: { id: `Rekap Presensi BTQ ${recap.group.name}`, en: `BTQ Presence Recap ${recap.group.name}` },
        filters: [
          [lang === 'en' ? 'Month' : 'Bulan', recap.month],
          [lang === 'en' ? 'Sessions' : 'Pertemuan', String(recap.sessions)],
        ] as const,
      };
      return sendXlsx(reply, 'presensi-btq', await toXlsx(heading, RECAP_COLUMNS, recap.items));
    },
  );
};
