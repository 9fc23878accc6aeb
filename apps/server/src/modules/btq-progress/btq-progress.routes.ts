import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BtqBatchInput,
  BtqBatchResult,
  BtqDecideInput,
  BtqHistory,
  BtqProgressGroup,
  BtqPromotion,
  BtqPromotionList,
  BtqPromotionsQuery,
  BtqProposeInput,
  BtqRecap,
  BtqRecapQuery,
  BtqSheet,
  BtqSheetQuery,
  BtqTestInput,
  ErrorBody,
  IdParams,
  MyQuran,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import { requestLang } from '../../lib/lang.ts';
import { userOf } from '../../lib/scope.ts';
import { sendXlsx, toXlsx } from '../../lib/xlsx.ts';
import { createBtqProgressService } from './btq-progress.service.ts';
import { RECAP_COLUMNS } from './btq-progress.export.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['btq-progress'];
const XLSX = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];

/**
 * BTQ progress under /api/v1/btq-progress (issue 16): the ustadz's group sheet and its entries, a student's history,
 * promotion with munaqosyah, the recap and the student's own page.
 */
export const btqProgressRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const btq = createBtqProgressService(db);

  app.get(
    '/groups',
    {
      config: { access: 'btq.teach' },
      schema: {
        tags,
        summary: 'The groups the caller enters progress for',
        response: { 200: z.array(BtqProgressGroup), ...errors },
      },
    },
    async (request) => btq.listGroups(userOf(request)),
  );
  app.get(
    '/sheet',
    {
      config: { access: 'btq.teach' },
      schema: {
        tags,
        summary: 'A group on a date: every member with their level, next page and that day’s entries',
        querystring: BtqSheetQuery,
        response: { 200: BtqSheet, ...errors },
      },
    },
    async (request) => btq.sheet(userOf(request), request.query),
  );
  app.post(
    '/entries',
    {
      config: { access: 'btq.teach' },
      schema: {
        tags,
        summary: 'Save a group’s entries of a date at once (replaces those students’ entries of that day)',
        body: BtqBatchInput,
        response: { 200: BtqBatchResult, ...errors },
      },
    },
    async (request) => btq.saveBatch(userOf(request), request.body, actorOf(request)),
  );
  app.get(
    '/students/:id/history',
    {
      config: { access: 'btq.teach' },
      schema: {
        tags,
        summary: 'A student’s progress entries',
        params: IdParams,
        response: { 200: BtqHistory, ...errors },
      },
    },
    async (request) => btq.history(userOf(request), request.params.id),
  );

  app.get(
    '/promotions',
    {
      config: { access: 'btq.teach' },
      schema: {
        tags,
        summary: 'The unit’s promotions (proposed, tested, decided)',
        querystring: BtqPromotionsQuery,
        response: { 200: BtqPromotionList, ...errors },
      },
    },
    async (request) => btq.listPromotions(userOf(request), request.query.status),
  );
  app.post(
    '/promotions',
    {
      config: { access: 'btq.teach' },
      schema: {
        tags,
        summary: 'Propose a student for the next level (the group’s ustadz)',
        body: BtqProposeInput,
        response: { 200: BtqPromotion, ...errors },
      },
    },
    async (request) => btq.propose(userOf(request), request.body.studentId, actorOf(request)),
  );
  app.post(
    '/promotions/:id/test',
    {
      config: { access: 'btq.teach' },
      schema: {
        tags,
        summary: 'Record the munaqosyah or tashih (another ustadz than the proposer)',
        params: IdParams,
        body: BtqTestInput,
        response: { 200: BtqPromotion, ...errors },
      },
    },
    async (request) => btq.recordTest(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.post(
    '/promotions/:id/decide',
    {
      config: { access: 'btq.teach' },
      schema: {
        tags,
        summary: 'Approve (changes the level) or reject a tested promotion (coordinator or principal)',
        params: IdParams,
        body: BtqDecideInput,
        response: { 200: BtqPromotion, ...errors },
      },
    },
    async (request) => btq.decide(userOf(request), request.params.id, request.body, actorOf(request)),
  );

  app.get(
    '/recap',
    {
      config: { access: 'btq.read' },
      schema: {
        tags,
        summary: 'A month’s recap per group and level',
        querystring: BtqRecapQuery,
        response: { 200: BtqRecap, ...errors },
      },
    },
    async (request) => btq.recap(userOf(request), request.query),
  );
  app.get(
    '/recap/export',
    {
      config: { access: 'btq.read' },
      schema: { tags, summary: 'The recap as an Excel file', querystring: BtqRecapQuery, produces: XLSX },
    },
    async (request, reply) => {
      const recap = await btq.recap(userOf(request), request.query);
      const lang = requestLang(request);
      const heading = {
        lang,
        sheet: { id: 'Rekap BTQ', en: 'BTQ recap' },
        title: { id: 'Rekap Progres BTQ', en: 'BTQ Progress Recap' },
        filters: [[lang === 'en' ? 'Month' : 'Bulan', recap.month]] as const,
      };
      return sendXlsx(reply, 'rekap-btq', await toXlsx(heading, RECAP_COLUMNS, recap.rows));
    },
  );

  app.get(
    '/me',
    {
      config: { access: 'school.student.self' },
      schema: {
        tags,
        summary: 'The signed-in student’s level, group, progress and promotions',
        response: { 200: MyQuran, ...errors },
      },
    },
    async (request) => btq.mine(userOf(request)),
  );
};
