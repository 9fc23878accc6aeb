import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  IdParams,
  PromotionApplyInput,
  PromotionApplyResult,
  PromotionCreateInput,
  PromotionDecideInput,
  PromotionInternalOfferInput,
  PromotionInternalOfferResult,
  PromotionInternalWaves,
  PromotionQuery,
  PromotionRun,
} from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { actorOf } from '../../lib/audit.ts';
import { userOf } from '../../lib/scope.ts';
import { createPromotionService } from './promotion.service.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['promotion'];

/**
 * The year-end promotion under /api/v1/promotions (issue 40 §4; docs/promotion.md): the proposal of a unit from one
 * school year to the next, single students' decisions (their homeroom teacher or the unit's leaders: the service's
 * `promotionClass` rule), the apply into the new year and its undo before the first register.
 */
export const promotionRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const promotion = createPromotionService(db);
  app.get(
    '/',
    {
      config: { access: 'promotion.decide' },
      schema: {
        tags,
        summary: 'The promotion of a unit from a school year, with every class’s students and their decisions',
        querystring: PromotionQuery,
        response: { 200: PromotionRun, ...errors },
      },
    },
    async (request) => promotion.find(userOf(request), request.query),
  );
  app.post(
    '/',
    {
      config: { access: 'promotion.manage' },
      schema: {
        tags,
        summary:
          'Propose the promotion of a unit: every class’s students up a grade (7A -> 8A), the last grade graduates',
        body: PromotionCreateInput,
        response: { 200: PromotionRun, ...errors },
      },
    },
    async (request) => promotion.propose(userOf(request), request.body, actorOf(request)),
  );
  app.put(
    '/:id/decisions',
    {
      config: { access: 'promotion.decide' },
      schema: {
        tags,
        summary: 'Change single students’ decisions (tinggal kelas, another class, graduation) of a draft promotion',
        params: IdParams,
        body: PromotionDecideInput,
        response: { 200: PromotionRun, ...errors },
      },
    },
    async (request) => promotion.decide(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.post(
    '/:id/apply',
    {
      config: { access: 'promotion.manage' },
      schema: {
        tags,
        summary: 'Apply the promotion: everyone into the new year’s enrolments at once, graduates become alumni',
        params: IdParams,
        body: PromotionApplyInput,
        response: { 200: PromotionApplyResult, ...errors },
      },
    },
    async (request) => promotion.apply(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.get(
    '/:id/internal-waves',
    {
      config: { access: 'promotion.manage' },
      schema: {
        tags,
        summary: 'The internal admission waves (jalur internal) of other units for the year the graduates enter',
        params: IdParams,
        response: { 200: PromotionInternalWaves, ...errors },
      },
    },
    async (request) => promotion.internalWaves(userOf(request), request.params.id),
  );
  app.post(
    '/:id/internal-admission',
    {
      // and admission.decide, checked by the service: the applications are accepted without the selection test
      config: { access: 'promotion.manage' },
      schema: {
        tags,
        summary: 'Offer the graduates the internal admission path: an accepted application each in an internal wave',
        params: IdParams,
        body: PromotionInternalOfferInput,
        response: { 200: PromotionInternalOfferResult, ...errors },
      },
    },
    async (request) => promotion.offerInternal(userOf(request), request.params.id, request.body, actorOf(request)),
  );
  app.post(
    '/:id/undo',
    {
      config: { access: 'promotion.manage' },
      schema: {
        tags,
        summary: 'Undo an applied promotion, allowed until the new year’s first register is taken',
        params: IdParams,
        response: { 200: PromotionRun, ...errors },
      },
    },
    async (request) => promotion.undo(userOf(request), request.params.id, actorOf(request)),
  );
};
